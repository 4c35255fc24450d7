import { type ReactNode } from 'react';
import { type WalletTransaction } from '@shared/schema/ledger';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TransactionTable } from '@/components/wallet/transaction-table';

type RecentTransactionsProps = {
  transactions: WalletTransaction[];
  onViewAll: () => void;
  /** What to say before the first transaction. */
  empty: ReactNode;
};

/** The wallet's newest transactions, with View All for the whole history. */
export function RecentTransactions({ transactions, onViewAll, empty }: RecentTransactionsProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <CardTitle as="h2">Recent Transactions</CardTitle>
        <Button variant="link" className="px-0" onClick={onViewAll}>
          View All
        </Button>
      </CardHeader>
      {/* Narrower sides on a phone, so the table fits 375 px without scrolling sideways. */}
      <CardContent className="px-3 sm:px-6">
        {transactions.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{empty}</p>
        ) : (
          <TransactionTable transactions={transactions} label="Recent Transactions" />
        )}
      </CardContent>
    </Card>
  );
}
