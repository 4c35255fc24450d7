import { useState } from 'react';
import { useWalletTransactions } from '@/api/get-wallet-transactions';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { TransactionTable } from './transaction-table';
import { pageCountOf, Pagination } from '@/components/ui/pagination';

const PAGE_SIZE = 10;

type TransactionHistoryProps = { label?: string };

/** The whole ledger of the signed-in user, newest first, a page at a time. */
export function TransactionHistory({ label = 'Transaction history' }: TransactionHistoryProps) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } =
    useWalletTransactions({
      page,
      limit: PAGE_SIZE,
    });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading transactions" className="grid gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load transactions. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.total === 0) {
    return <p className="py-6 text-center text-muted-foreground">No transactions yet.</p>;
  }

  const pageCount = pageCountOf({ total: data.total ?? 0, limit: PAGE_SIZE });

  return (
    <div className="grid grid-cols-1 gap-4">
      <TransactionTable transactions={data.items} label={label} />
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        busy={isPlaceholderData}
      />
    </div>
  );
}
