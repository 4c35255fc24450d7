import { History, Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useWallet } from '@/api/get-wallet';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TransactionHistory } from '@/components/wallet/transaction-history';
import { TransactionTable } from '@/components/wallet/transaction-table';
import { formatUsd } from '@/lib/format';
import { ActivitySummary } from '../components/activity-summary';
import { AddFundsDialog } from '../components/add-funds-dialog';
import { WalletSkeleton } from '../components/wallet-skeleton';
import { WithdrawDialog } from '../components/withdraw-dialog';

type OpenDialog = 'add-funds' | 'withdraw' | 'history' | null;

/**
 * The business wallet (spec §2 Wallet): balance with Add Funds and Withdraw through the test-mode
 * payment provider, the activity summary, and the ledger. The consumer wallet comes with its own
 * issue; the route admits businesses only until then.
 */
export function WalletPage() {
  const { data: wallet, isPending, isError, refetch, isRefetching } = useWallet();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const balanceTitleId = useId();
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    open: openDialog === name,
    onOpenChange: (open: boolean) => setOpenDialog(open ? name : null),
  });

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your Wallet</h1>

      {isPending ? (
        <WalletSkeleton />
      ) : isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            <span>Failed to load wallet data. Please try again later.</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void refetch()}
              disabled={isRefetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card
              role="region"
              aria-labelledby={balanceTitleId}
              className="bg-primary text-primary-foreground"
            >
              <CardHeader>
                <CardTitle id={balanceTitleId} as="h2" className="text-base font-medium">
                  Current Balance
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-6">
                <p className="text-4xl font-bold tabular-nums">{formatUsd(wallet.balance)}</p>
                <div className="flex flex-wrap gap-3">
                  <Button variant="secondary" onClick={() => setOpenDialog('add-funds')}>
                    <Plus aria-hidden="true" />
                    Add Funds
                  </Button>
                  <Button variant="secondary" onClick={() => setOpenDialog('withdraw')}>
                    <Minus aria-hidden="true" />
                    Withdraw
                  </Button>
                </div>
              </CardContent>
            </Card>

            <ActivitySummary summary={wallet.summary} />
          </div>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setOpenDialog('history')}>
                <History aria-hidden="true" />
                Transaction History
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
              <CardTitle as="h2">Recent Transactions</CardTitle>
              <Button variant="link" className="px-0" onClick={() => setOpenDialog('history')}>
                View All
              </Button>
            </CardHeader>
            <CardContent>
              {wallet.transactions.length === 0 ? (
                <p className="py-6 text-center text-muted-foreground">
                  No transactions yet. Add funds to get started.
                </p>
              ) : (
                <TransactionTable transactions={wallet.transactions} label="Recent Transactions" />
              )}
            </CardContent>
          </Card>

          <AddFundsDialog {...dialogProps('add-funds')} />
          <WithdrawDialog {...dialogProps('withdraw')} balance={wallet.balance} />
          <Dialog {...dialogProps('history')}>
            <DialogContent className="max-w-3xl">
              <DialogHeader>
                <DialogTitle>Transaction History</DialogTitle>
                <DialogDescription>Every movement of your wallet, newest first.</DialogDescription>
              </DialogHeader>
              <TransactionHistory label="Transaction History" />
            </DialogContent>
          </Dialog>
        </>
      )}
    </div>
  );
}
