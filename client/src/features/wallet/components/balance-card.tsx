import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';

type BalanceCardProps = {
  balance: number;
  /** A line under the amount saying what it is made of. */
  note?: string;
  /** The buttons for this account type. */
  children: ReactNode;
};

/** The wallet's balance with two decimals and the account type's actions. */
export function BalanceCard({ balance, note, children }: BalanceCardProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="bg-primary text-primary-foreground">
      <CardHeader>
        <CardTitle id={titleId} as="h2" className="text-base font-medium">
          Current Balance
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-1">
          <p className="text-4xl font-bold tabular-nums">{formatUsd(balance)}</p>
          {note && <p className="text-sm opacity-90">{note}</p>}
        </div>
        <div className="flex flex-wrap gap-3">{children}</div>
      </CardContent>
    </Card>
  );
}
