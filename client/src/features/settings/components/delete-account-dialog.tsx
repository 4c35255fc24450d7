import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { deleteAccountSchema, type DeleteAccountInput } from '@shared/schema/account-data';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useDeleteAccount } from '../api/delete-account';

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; focus returns there when it closes. */
  trigger: ReactNode;
};

/**
 * Deleting the account: what goes and what stays, then the password typed again. On success every
 * session has ended, so the person lands on the sign-in page.
 */
export function DeleteAccountDialog({ open, onOpenChange, trigger }: DeleteAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete your account?"
      description="This cannot be undone. Download your data first if you want a copy."
      className="max-w-md"
      trigger={trigger}
    >
      <DeleteAccountForm />
    </FormDialog>
  );
}

function DeleteAccountForm() {
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  const remove = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Account deleted', description: 'Your account has been deleted.' });
        navigate(paths.auth, { replace: true });
      },
      onError: (error) => {
        // A wrong password belongs under its field; anything else (a balance to withdraw first,
        // too many attempts) above the buttons.
        if (error instanceof ApiError && error.status === 400) {
          form.setError('password', { message: error.message }, { shouldFocus: true });
          return;
        }
        setFailure(errorMessage(error, 'Failed to delete your account'));
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    remove.mutate(values);
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2 text-sm">
          <p>Deleting your account:</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>signs you out on every device;</li>
            <li>
              erases your profile, favourite brands, friends, posts, comments and notifications;
            </li>
            <li>
              keeps gift cards and wallet history as money records, shown as &lsquo;Deleted
              user&rsquo;;
            </li>
            <li>needs a business to withdraw its balance first.</li>
          </ul>
        </div>
        <CurrentPasswordField control={form.control} name="password" />
        <FormDialogFooter
          submitLabel="Delete account"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          submitVariant="destructive"
          failure={failure}
        />
      </form>
    </Form>
  );
}
