import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import { claimPinSchema, type ClaimPinInput } from '@shared/schema/gift-cards';
import { useUser } from '@/api/get-user';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
} from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';

type ClaimConsent = z.output<typeof claimPinSchema>;

type ClaimPinDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The offer's Claim button: it opens the dialog, and focus returns to it on close. */
  trigger: ReactNode;
  /** The offer's headline, e.g. '$10.00 Starbucks gift card'. */
  offer: string;
  /** Who receives the consumer's details: the business behind the pin. */
  businessName: string;
  pending: boolean;
  onClaim: (consent: ClaimConsent) => void;
};

/**
 * Asks before a claim, because a claim makes the consumer a lead of the business: it shows exactly
 * what the business will receive (the consumer's name and e-mail, and the phone only if they tick
 * 'Share my phone number', which starts unticked). It cannot be dismissed while the claim runs.
 */
export function ClaimPinDialog({
  open,
  onOpenChange,
  trigger,
  offer,
  businessName,
  pending,
  onClaim,
}: ClaimPinDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={`Claim ${offer}`}
      description={`Claiming shares your contact details with ${businessName}, so it can reach you about its offers.`}
      className="max-w-md"
      trigger={trigger}
    >
      <ClaimPinForm businessName={businessName} pending={pending} onClaim={onClaim} />
    </FormDialog>
  );
}

function ClaimPinForm({
  businessName,
  pending,
  onClaim,
}: Pick<ClaimPinDialogProps, 'businessName' | 'pending' | 'onClaim'>) {
  const { data: user } = useUser();
  const listId = useId();
  const form = useForm<ClaimPinInput, unknown, ClaimConsent>({
    resolver: zodResolver(claimPinSchema),
    defaultValues: { sharePhone: false },
  });
  const sharePhone = useWatch({ control: form.control, name: 'sharePhone' }) === true;
  const phone = user?.phone ?? null;

  const submit = form.handleSubmit((values) => {
    // Without a number on the account there is nothing to share, whatever the box said.
    onClaim({ sharePhone: values.sharePhone && phone !== null });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2 text-sm">
          <p id={listId} className="font-medium break-words">
            {businessName} will receive:
          </p>
          {user ? (
            <dl
              aria-labelledby={listId}
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md border p-3"
            >
              <dt className="text-muted-foreground">Name</dt>
              <dd className="break-words">{user.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">{user.email}</dd>
              <dt className="text-muted-foreground">Phone</dt>
              <dd className={sharePhone && phone ? 'break-all' : 'text-muted-foreground'}>
                {sharePhone && phone ? phone : 'Not shared'}
              </dd>
            </dl>
          ) : (
            <div
              role="status"
              aria-label="Loading your details"
              className="grid gap-2 rounded-md border p-3"
            >
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          )}
        </div>

        {user &&
          (phone ? (
            <FormField
              control={form.control}
              name="sharePhone"
              render={({ field }) => (
                <FormItem className="flex items-start gap-3">
                  <FormControl>
                    <Checkbox
                      className="mt-1"
                      checked={field.value === true}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      name={field.name}
                      disabled={pending}
                    />
                  </FormControl>
                  <div className="grid gap-1">
                    <FormLabel className="cursor-pointer py-1 leading-snug">
                      Share my phone number
                    </FormLabel>
                    <FormDescription className="break-all">{phone}</FormDescription>
                  </div>
                </FormItem>
              )}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              There is no phone number on your account, so none is shared.
            </p>
          ))}

        <FormDialogFooter
          submitLabel="Claim"
          pendingLabel="Claiming..."
          pending={pending}
          disabled={!user}
        />
      </form>
    </Form>
  );
}
