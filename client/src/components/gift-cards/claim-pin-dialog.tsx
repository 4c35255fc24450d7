import { lazy, type ReactNode, Suspense } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { ClaimDetailsSkeleton } from './claim-details-skeleton';
import { type ClaimConsent } from './claim-pin-form';

// The form (react-hook-form, and the claim's zod schema with the contract it belongs to) loads
// when a consumer opens the dialog: a marketplace shows twenty offers, and building all that on
// the phone's main thread before the first of them can be read held the page up.
const ClaimPinForm = lazy(() =>
  import('./claim-pin-form').then((module) => ({ default: module.ClaimPinForm })),
);

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
      <Suspense fallback={<ClaimDetailsSkeleton />}>
        <ClaimPinForm businessName={businessName} pending={pending} onClaim={onClaim} />
      </Suspense>
    </FormDialog>
  );
}
