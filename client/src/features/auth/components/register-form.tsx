import { useId, useState } from 'react';
import { type UserType } from '@shared/constants';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { BusinessRegisterForm } from './business-register-form';
import { ConsumerRegisterForm } from './consumer-register-form';

const ACCOUNT_TYPES: ReadonlyArray<{ value: UserType; label: string }> = [
  { value: 'consumer', label: 'Consumer' },
  { value: 'business', label: 'Business' },
];

type RegisterFormProps = { onSuccess: () => void };

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const [accountType, setAccountType] = useState<UserType>('consumer');
  const id = useId();

  const accountTypePicker = (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        Account Type
      </p>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={accountType}
        onValueChange={(value) => setAccountType(value as UserType)}
        className="grid-cols-2 gap-3"
      >
        {ACCOUNT_TYPES.map((option) => (
          <Label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex h-11 items-center gap-3 rounded-md border border-input bg-card px-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
          >
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
            {option.label}
          </Label>
        ))}
      </RadioGroup>
    </div>
  );

  return accountType === 'consumer' ? (
    <ConsumerRegisterForm accountTypePicker={accountTypePicker} onSuccess={onSuccess} />
  ) : (
    <BusinessRegisterForm accountTypePicker={accountTypePicker} onSuccess={onSuccess} />
  );
}
