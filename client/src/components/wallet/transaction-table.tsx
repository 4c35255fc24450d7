import { type WalletTransaction } from '@shared/schema/ledger';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A completed movement reads 'Complete'; the others show their real status. */
const STATUS_BADGE = {
  completed: { label: 'Complete', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

type TransactionTableProps = { transactions: WalletTransaction[]; label: string };

/**
 * Ledger rows: Description, Date, Amount, Status. Money in shows a green plus,
 * money out a red minus, each also said in words for screen readers. On a phone the Date column
 * folds under the description, so the table fits 375 px without scrolling sideways.
 */
export function TransactionTable({ transactions, label }: TransactionTableProps) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="px-2 sm:px-3">
            Description
          </TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Date
          </TableHead>
          <TableHead scope="col" className="px-2 text-right sm:px-3">
            Amount
          </TableHead>
          <TableHead scope="col" className="px-2 sm:px-3">
            Status
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((transaction) => {
          const received = transaction.type === 'received';
          const status = STATUS_BADGE[transaction.status];
          return (
            <TableRow key={transaction.id}>
              <TableCell className="px-2 font-medium wrap-anywhere sm:px-3">
                <span>{transaction.description}</span>
                <span className="mt-0.5 block text-xs font-normal text-muted-foreground sm:hidden">
                  {formatDate(transaction.date)}
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                {formatDate(transaction.date)}
              </TableCell>
              <TableCell
                className={cn(
                  'px-2 text-right font-semibold whitespace-nowrap tabular-nums sm:px-3',
                  received ? 'text-green-700' : 'text-red-700',
                )}
              >
                <span className="sr-only">{received ? 'Received ' : 'Sent '}</span>
                <span aria-hidden="true">{received ? '+' : '-'}</span>
                {formatUsd(transaction.amount)}
              </TableCell>
              <TableCell className="px-2 sm:px-3">
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
