import { useId, useState, type FormEvent } from 'react';
import { brandDisplayName, LIMITS } from '@shared/constants';
import { guestGiftSchema } from '@shared/schema/gift-cards';
import { useUser } from '@/api/get-user';
import { GiftPaymentStep, type GiftPurchase } from '@/components/gift-cards/gift-payment-step';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Toggle } from '@/components/ui/toggle';
import { toast } from '@/components/ui/use-toast';
import { useIdempotencyKey, type IdempotencyKey } from '@/lib/use-idempotency-key';

const AMOUNT_HINT = `Enter an amount between $${LIMITS.giftAmountMin} and $${LIMITS.giftAmountMax}`;
const NO_BRANDS_TEXT = "This user hasn't set their brand preferences yet.";
const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount';
const SEND_FAILED = 'Failed to send gift card';
const SEND_FAILED_UNKNOWN = 'Failed to send gift card. Please try again.';

export type GuestGiftRecipient = { username: string; brands: string[] };

type GuestGiftDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipient: GuestGiftRecipient;
};

/**
 * Anyone, signed in or not, buys the profile's owner a new gift card of one of the brands they
 * prefer: the gift first (brand, amount, e-mail), then its payment by card in the same dialog. A
 * signed-in consumer sends it as themselves. The recipient is named by username, the name that
 * is unique and that the guest sees on the profile's link.
 */
export function GuestGiftDialog({ open, onOpenChange, recipient }: GuestGiftDialogProps) {
  // Held here, not in the form: closing after a lost answer and sending the same gift again
  // still reuses the key, so the server issues one card.
  const idempotency = useIdempotencyKey();
  const canReceive = recipient.brands.length > 0;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send a Gift Card to ${recipient.username}`}
      // Without brands nothing can be sent (a business, or a consumer who chose none): no promise
      // of a card, the form says why.
      description={
        canReceive
          ? `The card goes straight to @${recipient.username}'s mark.it wallet.`
          : undefined
      }
      className="sm:max-w-[425px]"
    >
      <GuestGiftForm
        recipient={recipient}
        idempotency={idempotency}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

type FieldErrors = Partial<Record<'brand' | 'value' | 'senderEmail', string>>;

/** The amount must read as a number before the schema checks its range. */
function parseAmount(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(INVALID_AMOUNT_MESSAGE);
  return value;
}

function showError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

type GuestGiftFormProps = {
  recipient: GuestGiftRecipient;
  idempotency: IdempotencyKey;
  onDone: () => void;
};

function GuestGiftForm({ recipient, idempotency, onDone }: GuestGiftFormProps) {
  const ids = useId();
  const brandLabelId = `${ids}-brand`;
  const amountId = `${ids}-amount`;
  const emailId = `${ids}-email`;

  const { data: user } = useUser();
  const consumer = user?.type === 'consumer' ? user : null;

  const [brand, setBrand] = useState('');
  const [amount, setAmount] = useState('');
  // null until the visitor types: a signed-in consumer's e-mail fills it even if it loads late.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Set once the gift is valid: the dialog then asks for the payment.
  const [purchase, setPurchase] = useState<GiftPurchase | null>(null);
  const email = typedEmail ?? consumer?.email ?? '';

  if (purchase) {
    return (
      <GiftPaymentStep
        purchase={purchase}
        idempotency={idempotency}
        // Back to the gift as it was typed.
        onBack={() => setPurchase(null)}
        onPaid={() => {
          toast({
            title: 'Success!',
            description: `Your gift card has been sent to ${recipient.username}`,
          });
          onDone();
        }}
      />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const parsed = guestGiftSchema.safeParse({
        recipientUsername: recipient.username,
        brand,
        value: parseAmount(amount),
        senderEmail: email,
      });
      if (!parsed.success) {
        const fieldErrors: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === 'brand' || field === 'value' || field === 'senderEmail') {
            fieldErrors[field] ??= issue.message;
          }
        }
        setErrors(fieldErrors);
        showError(parsed.error.issues[0]?.message ?? SEND_FAILED);
        return;
      }
      setErrors({});
      setPurchase({
        recipientUsername: parsed.data.recipientUsername,
        brand: parsed.data.brand,
        valueCents: parsed.data.value,
        senderEmail: parsed.data.senderEmail,
      });
    } catch (error) {
      if (error instanceof Error && error.message === INVALID_AMOUNT_MESSAGE) {
        setErrors({ value: INVALID_AMOUNT_MESSAGE });
      }
      showError(error instanceof Error ? error.message : SEND_FAILED_UNKNOWN);
    }
  };

  const complete = brand !== '' && amount.trim() !== '' && email.trim() !== '';
  const amountDescribedBy = [`${amountId}-hint`, errors.value && `${amountId}-error`]
    .filter(Boolean)
    .join(' ');

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
      <div className="grid gap-2">
        <p id={brandLabelId} className="text-sm leading-none font-medium">
          Brand
        </p>
        {recipient.brands.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
            {NO_BRANDS_TEXT}
          </p>
        ) : (
          <div
            role="group"
            aria-labelledby={brandLabelId}
            aria-describedby={errors.brand ? `${brandLabelId}-error` : undefined}
            className="grid grid-cols-1 gap-2"
          >
            {recipient.brands.map((id) => (
              <Toggle
                key={id}
                variant="outline"
                className="w-full justify-start"
                pressed={brand === id}
                // Choosing the selected brand again keeps it: one brand is always the choice.
                onPressedChange={() => {
                  setBrand(id);
                  setErrors((current) => ({ ...current, brand: undefined }));
                }}
              >
                {brandDisplayName(id)}
              </Toggle>
            ))}
          </div>
        )}
        {errors.brand && (
          <p id={`${brandLabelId}-error`} className="text-sm font-medium text-destructive">
            {errors.brand}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={amountId}>Amount ($)</Label>
        <Input
          id={amountId}
          name="amount"
          type="number"
          inputMode="decimal"
          min={LIMITS.giftAmountMin}
          max={LIMITS.giftAmountMax}
          step="0.01"
          autoComplete="off"
          placeholder="25.00"
          value={amount}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={amountDescribedBy}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, value: undefined }));
          }}
        />
        <p id={`${amountId}-hint`} className="text-sm text-muted-foreground">
          {AMOUNT_HINT}
        </p>
        {errors.value && (
          <p id={`${amountId}-error`} className="text-sm font-medium text-destructive">
            {errors.value}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <Label htmlFor={emailId}>Your Email</Label>
        <Input
          id={emailId}
          name="senderEmail"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          aria-invalid={errors.senderEmail ? true : undefined}
          aria-describedby={
            [consumer && `${emailId}-as`, errors.senderEmail && `${emailId}-error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => {
            setTypedEmail(event.target.value);
            setErrors((current) => ({ ...current, senderEmail: undefined }));
          }}
        />
        {consumer && (
          <p id={`${emailId}-as`} className="text-sm text-muted-foreground">
            Sending as {consumer.name}
          </p>
        )}
        {errors.senderEmail && (
          <p id={`${emailId}-error`} className="text-sm font-medium text-destructive">
            {errors.senderEmail}
          </p>
        )}
      </div>

      <FormDialogFooter
        submitLabel="Send Gift Card"
        pendingLabel="Sending..."
        pending={false}
        disabled={!complete}
      />
    </form>
  );
}
