import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { brandDisplayName } from '@shared/constants';
import { type Identifier } from '@shared/schema/identifiers';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { serverFieldErrors } from '@/lib/form-errors';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { useCreatePin } from '../api/create-pin';
import { useLocationStores } from '../api/get-location-stores';
import {
  PIN_WIZARD_DEFAULTS,
  PIN_WIZARD_STEP_FIELDS,
  PIN_WIZARD_STEPS,
  pinWizardResolver,
  stepOfField,
  type PinWizardContext,
  type PinWizardField,
  type PinWizardValues,
} from './pin-wizard-values';
import { AudienceStep } from './steps/audience-step';
import { BusinessInfoStep } from './steps/business-info-step';
import { DetailsStep } from './steps/details-step';
import { LocationStep } from './steps/location-step';
import { MessageStep } from './steps/message-step';
import { PinSummary } from './steps/pin-summary';

const STEP_COUNT = PIN_WIZARD_STEPS.length;

/** Every field in the order the steps show them: the server's messages land on the first. */
const ALL_FIELDS = PIN_WIZARD_STEP_FIELDS.flat();

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

/**
 * The five-step pin creation wizard. Each step's Continue (or Enter in a field) checks that step's
 * fields with the API's schema and shows each message beside its field; the server still checks
 * the whole pin, and its per-field messages land beside the fields too.
 */
export function PinWizard({ onSuccess, identifiers }: PinWizardProps) {
  const [step, setStep] = useState(1);
  const form = useForm<PinWizardValues, PinWizardContext>({
    defaultValues: PIN_WIZARD_DEFAULTS,
    resolver: pinWizardResolver,
    // The resolver checks the fields of the step on screen.
    context: { step },
    shouldFocusError: false,
  });
  const [brand, state, city] = useWatch({
    control: form.control,
    name: ['brand', 'state', 'city'],
  });
  // The same cached list step 1 shows: the chosen store's coordinates come from it.
  const stores = useLocationStores(brand, state, city);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // A field to focus once its step is on screen (the server refused it).
  const focusAfterMove = useRef<PinWizardField | null>(null);
  // The server's messages for steps after the one it sent the business back to: checking a step
  // clears every message, so these are shown again when their step is reached.
  const laterServerErrors = useRef(new Map<PinWizardField, string>());

  /** Focuses a field; for a choice made by checkboxes, focus stays at the step's heading. */
  const focusField = (field: PinWizardField) => {
    if (field === 'targetIdentifiers' || field === 'showBusinessInfo') headingRef.current?.focus();
    else form.setFocus(field);
  };

  useEffect(() => {
    // Focus follows the step, so keyboard and screen-reader users start at its heading, or at
    // the field the server refused.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    for (const field of PIN_WIZARD_STEP_FIELDS[step - 1] ?? []) {
      const message = laterServerErrors.current.get(field);
      if (message === undefined) continue;
      form.setError(field, { message });
      laterServerErrors.current.delete(field);
    }
    const field = focusAfterMove.current;
    focusAfterMove.current = null;
    if (field) focusField(field);
    else headingRef.current?.focus();
    // focusField reads only refs and the form, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const goToField = (field: PinWizardField) => {
    const target = stepOfField(field);
    if (target === step) {
      focusField(field);
      return;
    }
    focusAfterMove.current = field;
    setStep(target);
  };

  /**
   * Focus goes to the first field that is wrong; a missing store sends it to the first empty
   * choice on the way to it (the store's select is disabled until a city is chosen).
   */
  const focusFirstError = (errors: FieldErrors<PinWizardValues>) => {
    const first = PIN_WIZARD_STEP_FIELDS[step - 1]?.find((field) => errors[field]);
    if (!first) return;
    if (first === 'locationId') {
      const values = form.getValues();
      const lead = (['state', 'city', 'locationId'] as const).find((field) => !values[field]);
      focusField(lead ?? 'locationId');
      return;
    }
    focusField(first);
  };

  /** Puts the server's per-field messages beside their fields; false when it sent none. */
  const showServerFieldErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 400) return false;
    // The coordinates come from the store, so a refusal of them is the store's.
    const found = serverFieldErrors(error, ALL_FIELDS, { lat: 'locationId', lng: 'locationId' });
    const first = found[0];
    if (!first) return false;
    const firstStep = stepOfField(first[0]);
    laterServerErrors.current.clear();
    for (const [field, message] of found) {
      if (stepOfField(field) === firstStep) form.setError(field, { message });
      else laterServerErrors.current.set(field, message);
    }
    goToField(first[0]);
    return true;
  };

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
        if (showServerFieldErrors(error)) return;
        toast({
          variant: 'destructive',
          title: 'Error creating pin',
          description: failureDescription(error),
        });
      },
    },
  });

  // Continue, Enter in a field, and Create Pin: the step's fields are checked first.
  const submit = form.handleSubmit(() => {
    if (step < STEP_COUNT) {
      setStep(step + 1);
      return;
    }
    // The resolver hands over only the step's fields; the pin needs them all.
    const values = form.getValues();
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
      expiresInDays: parseNumberInput(values.expiresInDays),
    });
  }, focusFirstError);

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => {
          // The Add Funds dialog opened from step 2 is a form of its own: its submit reaches this
          // one through React's tree (not the page's), and must not move the wizard on.
          if (event.target !== event.currentTarget) return;
          void submit(event);
        }}
        className="grid gap-5"
      >
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
        {step === 5 && (
          <>
            <BusinessInfoStep />
            <PinSummary identifiers={identifiers} />
          </>
        )}

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
            <Button key="continue" type="submit">
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
