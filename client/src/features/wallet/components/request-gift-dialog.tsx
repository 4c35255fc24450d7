import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { brandDisplayName, GIFT_LIMITS } from '@shared/constants';
import { centsToDollars } from '@shared/money';
import { requestGiftSchema, type UserSearchResult } from '@shared/schema/gift-cards';
import { useBrands } from '@/api/get-brands';
import { UserSearchField } from '@/components/gift-cards/user-search-field';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRequestGift } from '../api/request-gift';
import { GiftMessageField } from '@/components/gift-cards/gift-message-field';

export const AMOUNT_HINT = `Enter an amount between $${GIFT_LIMITS.amountMin} and $${GIFT_LIMITS.amountMax}`;

type RequestGiftDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Asks another consumer for a gift card, optionally naming a brand, an amount and a message. */
export function RequestGiftDialog({ open, onOpenChange }: RequestGiftDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Request Gift"
      description="Ask a friend to send you a gift card."
    >
      <RequestGiftForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/**
 * The server's schema, field by field; the amount input holds text, where empty means "any
 * amount" and anything else is checked against the shared 5–500 dollar rule.
 */
const requestGiftFormSchema = z.object({
  username: requestGiftSchema.shape.username,
  brand: requestGiftSchema.shape.brand,
  amount: z
    .string()
    .transform((text) => (text.trim() === '' ? undefined : Number(text)))
    .pipe(requestGiftSchema.shape.amount),
  message: requestGiftSchema.shape.message,
});
type RequestGiftFormInput = z.input<typeof requestGiftFormSchema>;
type RequestGiftFormOutput = z.output<typeof requestGiftFormSchema>;

function RequestGiftForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const brands = useBrands();
  const form = useForm<RequestGiftFormInput, unknown, RequestGiftFormOutput>({
    resolver: zodResolver(requestGiftFormSchema),
    defaultValues: { username: '', brand: '', amount: '', message: '' },
  });

  const requestGift = useRequestGift({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: 'Request sent',
          description: `We asked ${chosen?.name ?? 'your friend'} for a gift card`,
        });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to send request');
        setFailure(message);
        toast({ variant: 'destructive', title: 'Error', description: message });
      },
    },
  });

  const selectUser = (user: UserSearchResult) => {
    setChosen(user);
    form.setValue('username', user.username, { shouldValidate: true });
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    requestGift.mutate({
      username: values.username,
      brand: values.brand,
      // The schema gives cents; the API speaks dollars.
      amount: values.amount === undefined ? undefined : centsToDollars(values.amount),
      message: values.message || undefined,
    });
  });

  const username = form.watch('username');
  const usernameError = form.formState.errors.username?.message;

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <div className="grid gap-2">
          <UserSearchField label="Ask" type="consumer" selected={chosen} onSelect={selectUser} />
          {usernameError && <p className="text-sm font-medium text-destructive">{usernameError}</p>}
        </div>

        <FormField
          control={form.control}
          name="brand"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Brand (optional)</FormLabel>
              <FormControl>
                <NativeSelect {...field} value={field.value ?? ''} disabled={brands.isPending}>
                  <option value="">Any brand</option>
                  {brands.data?.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brandDisplayName(brand.id)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <FormMessage />
              {brands.isError && (
                <ErrorAlert
                  message="Failed to load brands. Any brand can still be asked for."
                  onRetry={() => void brands.refetch()}
                  retrying={brands.isFetching}
                />
              )}
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount ($, optional)</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={GIFT_LIMITS.amountMin}
                  max={GIFT_LIMITS.amountMax}
                  autoComplete="off"
                  {...field}
                />
              </FormControl>
              <FormDescription>{AMOUNT_HINT}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <GiftMessageField control={form.control} name="message" placeholder="Say what it's for" />

        <FormDialogFooter
          submitLabel="Send Request"
          pendingLabel="Sending..."
          pending={requestGift.isPending}
          disabled={!username}
          failure={failure}
        />
      </form>
    </Form>
  );
}
