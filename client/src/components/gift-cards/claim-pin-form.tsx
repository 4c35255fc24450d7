import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
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
import { FormDialogFooter } from '@/components/ui/form-dialog';
import { ClaimDetailsSkeleton } from './claim-details-skeleton';

export type ClaimConsent = z.output<typeof claimPinSchema>;

type ClaimPinFormProps = {
  businessName: string;
  pending: boolean;
  onClaim: (consent: ClaimConsent) => void;
};

/** What the business will receive, the phone's consent box, and Claim. */
export function ClaimPinForm({ businessName, pending, onClaim }: ClaimPinFormProps) {
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
            <ClaimDetailsSkeleton />
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
