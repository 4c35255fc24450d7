import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { cardDetailsSchema, PAYMENT_SETTINGS_MESSAGES } from '@shared/schema/payments';
import { useSaveCard } from '@/api/payments/save-card';
import { useTokenizeCard } from '@/api/payments/tokenize-card';
import {
  CardPaymentFields,
  EMPTY_CARD,
  showCardErrors,
} from '@/components/payments/card-payment-fields';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cardName } from './card-label';

type AddCardDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether other cards are saved: the first card is the default anyway. */
  hasCards: boolean;
};

export function AddCardDialog({ open, onOpenChange, hasCards }: AddCardDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a card"
      description="The card number goes to the payment provider; mark.it keeps only the brand, the last four digits and the expiry."
      className="max-w-md"
    >
      <AddCardForm hasCards={hasCards} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const addCardSchema = z.object({ card: cardDetailsSchema, makeDefault: z.boolean() });
type AddCardInput = z.input<typeof addCardSchema>;
type AddCardOutput = z.output<typeof addCardSchema>;

function AddCardForm({ hasCards, onDone }: { hasCards: boolean; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AddCardInput, unknown, AddCardOutput>({
    resolver: zodResolver(addCardSchema),
    defaultValues: { card: EMPTY_CARD, makeDefault: false },
  });
  const tokenize = useTokenizeCard();
  const saveCard = useSaveCard();
  const pending = tokenize.isPending || saveCard.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let token: string;
    try {
      token = (await tokenize.mutateAsync(form.getValues('card'))).token;
    } catch (error) {
      // The provider's messages go beside the fields they are about.
      if (!showCardErrors(form.setError, 'card', error)) {
        setFailure(errorMessage(error, 'The card could not be checked. Please try again.'));
      }
      return;
    }
    try {
      const saved = await saveCard.mutateAsync({
        paymentToken: token,
        makeDefault: values.makeDefault,
      });
      toast({
        title: PAYMENT_SETTINGS_MESSAGES.cardSaved,
        description: `${cardName(saved)} is saved${saved.isDefault ? ' as your default card' : ''}.`,
      });
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Failed to save the card');
      setFailure(message);
      toast({ variant: 'destructive', title: 'Card not saved', description: message });
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <CardPaymentFields control={form.control} name="card" autoFocus />
        {hasCards && (
          <FormField
            control={form.control}
            name="makeDefault"
            render={({ field }) => (
              <FormItem className="flex items-center gap-2">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormLabel className="cursor-pointer py-2 font-normal">
                  Make this my default card
                </FormLabel>
              </FormItem>
            )}
          />
        )}
        <FormDialogFooter
          submitLabel="Save card"
          pendingLabel="Saving..."
          pending={pending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
