import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { normalizePhone } from '@shared/phone';
import {
  BRAND_REQUIRED_MESSAGE,
  consumerDetailsSchema,
  consumerRegistrationSchema,
  type ConsumerDetails,
} from '@shared/schema/users';
import { getBrandsQueryOptions } from '@/api/get-brands';
import { getIdentifiersQueryOptions } from '@/api/get-identifiers';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';
import { ConsumerDetailsStep } from './consumer-details-step';
import { ConsumerPreferencesStep } from './consumer-preferences-step';

type Step = 'details' | 'preferences';

/** Step-1 fields in form order, with the names their error toasts use ('<Field> Error'). */
const DETAIL_FIELDS = ['email', 'phoneNumber', 'username', 'password', 'name'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
const FIELD_TOAST_NAMES: Record<DetailField, string> = {
  email: 'Email',
  phoneNumber: 'Phone Number',
  username: 'Username',
  password: 'Password',
  name: 'Name',
};
/** The server may name the normalised `phone`; it belongs to the Phone Number field. */
const FIELD_ALIASES: Partial<Record<string, DetailField>> = { phone: 'phoneNumber' };

const EMPTY_DETAILS: ConsumerDetails = {
  email: '',
  phoneNumber: '',
  username: '',
  password: '',
  name: '',
};

type ConsumerRegisterFormProps = { accountTypePicker: ReactNode; onSuccess: () => void };

/** Consumer registration: details (step 1), then brands and identifiers (step 2). */
export function ConsumerRegisterForm({ accountTypePicker, onSuccess }: ConsumerRegisterFormProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('details');
  const [selectedBrands, setSelectedBrands] = useState<string[]>([]);
  const [selectedIdentifiers, setSelectedIdentifiers] = useState<number[]>([]);
  const [brandError, setBrandError] = useState<string | null>(null);
  const preferencesHeadingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const form = useForm({
    resolver: zodResolver(consumerDetailsSchema),
    defaultValues: EMPTY_DETAILS,
  });

  // Step 2 needs the brands and identifiers; fetch them while the visitor types their details.
  useEffect(() => {
    void queryClient.prefetchQuery(getBrandsQueryOptions());
    void queryClient.prefetchQuery(getIdentifiersQueryOptions());
  }, [queryClient]);

  // Move focus with the step, so keyboard and screen-reader users land where the new step starts.
  useEffect(() => {
    if (!stepChanged.current) return;
    if (step === 'preferences') {
      preferencesHeadingRef.current?.focus();
    } else {
      const firstInvalid = DETAIL_FIELDS.find((field) => form.getFieldState(field).error);
      form.setFocus(firstInvalid ?? 'email');
    }
  }, [step, form]);

  const goToStep = (next: Step) => {
    stepChanged.current = true;
    setStep(next);
  };

  /** Shows step-1 errors under their fields and sends the visitor back there. */
  const showDetailErrors = (errors: Array<[DetailField, string]>) => {
    goToStep('details');
    for (const [field, message] of errors) form.setError(field, { message });
  };

  const registration = useRegister({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Registration successful!' });
        onSuccess();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Registration failed'),
        });
        const fieldErrors = serverFieldErrors(error, DETAIL_FIELDS, FIELD_ALIASES);
        if (fieldErrors.length > 0) showDetailErrors(fieldErrors);
        const [brandsError] = serverFieldErrors(error, ['brands'] as const);
        if (brandsError) setBrandError(brandsError[1]);
      },
    },
  });

  const onDetailsInvalid = (errors: FieldErrors<ConsumerDetails>) => {
    // One toast per field error. Only one toast shows at a time (TOAST_LIMIT), so they
    // are raised last field first: the one left on screen is the first field, which gets focus.
    for (const field of [...DETAIL_FIELDS].reverse()) {
      const message = errors[field]?.message;
      if (message) {
        toast({
          variant: 'destructive',
          title: `${FIELD_TOAST_NAMES[field]} Error`,
          description: message,
        });
      }
    }
  };

  const onComplete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selectedBrands.length === 0) {
      setBrandError(BRAND_REQUIRED_MESSAGE);
      toast({ variant: 'destructive', title: 'Error', description: BRAND_REQUIRED_MESSAGE });
      return;
    }

    const details = form.getValues();
    const parsed = consumerRegistrationSchema.safeParse({
      ...details,
      type: 'consumer',
      brands: selectedBrands,
      identifiers: selectedIdentifiers,
      phone: normalizePhone(details.phoneNumber),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast({ variant: 'destructive', title: 'Error', description: issue?.message });
      const fieldErrors: Array<[DetailField, string]> = [];
      for (const { path, message } of parsed.error.issues) {
        const key = String(path[0]);
        const field = (DETAIL_FIELDS as readonly string[]).includes(key)
          ? (key as DetailField)
          : FIELD_ALIASES[key];
        if (field) fieldErrors.push([field, message]);
      }
      if (fieldErrors.length > 0) showDetailErrors(fieldErrors);
      return;
    }
    registration.mutate(parsed.data);
  };

  if (step === 'details') {
    return (
      <ConsumerDetailsStep
        form={form}
        accountTypePicker={accountTypePicker}
        onContinue={form.handleSubmit(() => goToStep('preferences'), onDetailsInvalid)}
      />
    );
  }

  return (
    <ConsumerPreferencesStep
      headingRef={preferencesHeadingRef}
      selectedBrands={selectedBrands}
      onToggleBrand={(brandId) => {
        setBrandError(null);
        setSelectedBrands((current) => toggle(current, brandId));
      }}
      brandError={brandError}
      selectedIdentifiers={selectedIdentifiers}
      onToggleIdentifier={(identifierId) =>
        setSelectedIdentifiers((current) => toggle(current, identifierId))
      }
      onBack={() => goToStep('details')}
      onSubmit={onComplete}
      isPending={registration.isPending}
    />
  );
}

function toggle<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}
