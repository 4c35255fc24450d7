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
import { capitalize, formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

const STATUS_VARIANT = {
  completed: 'success',
  pending: 'warning',
  failed: 'destructive',
} as const;

type TransactionTableProps = { transactions: WalletTransaction[]; label: string };

/**
 * Ledger rows (spec §2 Wallet): Description, Date, Amount, Status. Money in shows a green plus,
 * money out a red minus; the status badge shows the transaction's real status.
 */
export function TransactionTable({ transactions, label }: TransactionTableProps) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Description</TableHead>
          <TableHead scope="col">Date</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.map((transaction) => (
          <TableRow key={transaction.id}>
            <TableCell className="font-medium">{transaction.description}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(transaction.date)}
            </TableCell>
            <TableCell
              className={cn(
                'text-right font-semibold whitespace-nowrap tabular-nums',
                transaction.type === 'received' ? 'text-green-700' : 'text-red-700',
              )}
            >
              {transaction.type === 'received' ? '+' : '-'}
              {formatUsd(transaction.amount)}
            </TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[transaction.status]}>
                {capitalize(transaction.status)}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
