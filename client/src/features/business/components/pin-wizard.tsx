import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { brandDisplayName } from '@shared/constants';
import { type Identifier } from '@shared/schema/identifiers';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { useCreatePin } from '../api/create-pin';
import { useLocationStores } from '../api/get-location-stores';
import { PIN_WIZARD_DEFAULTS, PIN_WIZARD_STEPS, type PinWizardValues } from './pin-wizard-values';
import { AudienceStep } from './steps/audience-step';
import { BusinessInfoStep } from './steps/business-info-step';
import { DetailsStep } from './steps/details-step';
import { LocationStep } from './steps/location-step';
import { MessageStep } from './steps/message-step';

const STEP_COUNT = PIN_WIZARD_STEPS.length;

type PinWizardProps = {
  /** Called after the pin is created, and by Back on step 1. */
  onSuccess: () => void;
  /** Target identifiers, when the caller has them; otherwise the wizard fetches them. */
  identifiers?: Identifier[];
};

/** The failure text of the 'Error creating pin' toast. */
function failureDescription(error: unknown): string {
  const message = error instanceof ApiError || error instanceof Error ? error.message : '';
  return message ? `Failed to create pin: ${message}` : 'An unknown error occurred';
}

/** The five-step pin creation wizard: nothing is validated between steps; the server checks. */
export function PinWizard({ onSuccess, identifiers }: PinWizardProps) {
  const [step, setStep] = useState(1);
  const form = useForm<PinWizardValues>({ defaultValues: PIN_WIZARD_DEFAULTS });
  const [brand, state, city] = useWatch({
    control: form.control,
    name: ['brand', 'state', 'city'],
  });
  // The same cached list step 1 shows: the chosen store's coordinates come from it.
  const stores = useLocationStores(brand, state, city);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Focus follows the step, so keyboard and screen-reader users start at its heading.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const createPin = useCreatePin({
    mutationConfig: {
      onSuccess: (pin) => {
        toast({
          title: 'Pin created',
          description: `${pin.quantity} × ${formatUsd(pin.value)} ${brandDisplayName(pin.brand)} gift cards at ${pin.locationName}.`,
        });
        onSuccess();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error creating pin',
          description: failureDescription(error),
        });
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    // Enter in a field before the last step moves on instead of creating the pin.
    if (step < STEP_COUNT) {
      setStep(step + 1);
      return;
    }
    const store = stores.data?.find((option) => String(option.value) === values.locationId);
    const coordinates = store?.details?.coordinates;
    if (!store || !coordinates || !Number.isFinite(coordinates.lat + coordinates.lng)) {
      toast({ variant: 'destructive', title: 'Missing store location coordinates' });
      return;
    }
    createPin.mutate({
      brand: values.brand,
      value: parseNumberInput(values.value),
      quantity: parseNumberInput(values.quantity),
      radius: parseNumberInput(values.radius),
      locationId: store.value,
      lat: coordinates.lat,
      lng: coordinates.lng,
      promotionMessage: values.promotionMessage,
      targetIdentifiers: values.targetIdentifiers,
      showBusinessInfo: values.showBusinessInfo,
    });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <div className="grid gap-2">
          <p className="text-sm font-medium text-muted-foreground">
            Step {step} of {STEP_COUNT}
          </p>
          <Progress value={step} max={STEP_COUNT} aria-label={`Step ${step} of ${STEP_COUNT}`} />
        </div>

        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-hidden">
          {PIN_WIZARD_STEPS[step - 1]}
        </h3>

        {step === 1 && <LocationStep />}
        {step === 2 && <DetailsStep />}
        {step === 3 && <AudienceStep identifiers={identifiers} />}
        {step === 4 && <MessageStep />}
        {step === 5 && <BusinessInfoStep />}

        {/* Distinct keys: a Continue click must never become a Create Pin submit. */}
        <div className="flex justify-between gap-3">
          {step === 1 ? (
            <Button key="back" type="button" variant="outline" onClick={onSuccess}>
              Back
            </Button>
          ) : (
            <Button
              key="previous"
              type="button"
              variant="outline"
              onClick={() => setStep(step - 1)}
              disabled={createPin.isPending}
            >
              Previous
            </Button>
          )}
          {step < STEP_COUNT ? (
            <Button key="continue" type="button" onClick={() => setStep(step + 1)}>
              Continue
            </Button>
          ) : (
            <Button key="create" type="submit" disabled={createPin.isPending}>
              {createPin.isPending ? 'Creating...' : 'Create Pin'}
            </Button>
          )}
        </div>
      </form>
    </Form>
  );
}
