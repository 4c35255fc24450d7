import { type Wallet } from '@shared/schema/ledger';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format';
import { formatCount } from '@shared/format';

type ActivitySummaryProps = { summary: Wallet['summary'] };

/** Signed: '+$20.00' for a month that added money, '-$5.00' for one that spent it. */
function formatNetChange(dollars: number): string {
  if (dollars > 0) return `+${formatUsd(dollars)}`;
  if (dollars < 0) return `-${formatUsd(-dollars)}`;
  return formatUsd(0);
}

/**
 * The wallet's summary, computed by the server: Sent and Received are the gift cards given and
 * received (a top-up, a spend or a withdrawal is neither), This Month the wallet's net change over
 * every movement, and Total Gifts how many gift cards were given and received.
 */
export function ActivitySummary({ summary }: ActivitySummaryProps) {
  const items = [
    { label: 'Sent', value: formatUsd(summary.sent) },
    { label: 'Received', value: formatUsd(summary.received) },
    { label: 'This Month', value: formatNetChange(summary.thisMonth) },
    { label: 'Total Gifts', value: formatCount(summary.totalTransactions) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Activity Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          {items.map((item) => (
            <div key={item.label} className="rounded-md bg-muted p-3">
              <dt className="text-sm text-muted-foreground">{item.label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
