import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TransactionHistory } from '@/components/wallet/transaction-history';

type TransactionHistoryDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** View All and the Transaction History quick action: the whole history, a page at a time. */
export function TransactionHistoryDialog({ open, onOpenChange }: TransactionHistoryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Transaction History</DialogTitle>
          <DialogDescription>Every movement of your wallet, newest first.</DialogDescription>
        </DialogHeader>
        <TransactionHistory label="Transaction History" />
      </DialogContent>
    </Dialog>
  );
}
