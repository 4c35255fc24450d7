import { type ComponentProps, type ReactNode } from 'react';
import { Alert, AlertDescription } from './alert';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; without one the dialog has no description at all. */
  description?: ReactNode;
  /** Width and other classes for the dialog's panel, e.g. 'max-w-md'. */
  className?: string;
  /** The button that opens the dialog, when it lives with it; focus returns to it on close. */
  trigger?: ReactNode;
  /**
   * The form, ending in a `FormDialogFooter`. It is rendered inside the dialog's content, so it
   * mounts afresh (empty, or from what is stored) every time the dialog opens.
   */
  children: ReactNode;
};

/** The one dialog shell for a form: title, description, the form, and its footer. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  trigger,
  children,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        className={className}
        // No description: say so, or Radix warns that the content's description is missing.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

type FormDialogFooterProps = {
  /** The submit button's text, e.g. 'Save Lead', and its text while it runs, e.g. 'Saving...'. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Nothing to submit yet (a required choice not made). */
  disabled?: boolean;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  /** Why the last submission failed, shown above the buttons. */
  failure?: string | null;
};

/**
 * The form's last row: the failure of the last submission (if any), Cancel (closes the dialog;
 * disabled while the submission runs) and the submit button, which says it is working.
 */
export function FormDialogFooter({
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  submitVariant,
  failure,
}: FormDialogFooterProps) {
  return (
    <>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={submitVariant} disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
