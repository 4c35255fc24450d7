import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useUser } from '@/api/get-user';
import { Checkbox } from '@/components/ui/checkbox';
import { type PinWizardValues } from '../pin-wizard-values';

/**
 * Step 5: whether redeeming customers see the business (sent and really honoured, not a switch
 * for show), with a preview of what they would see. No website is stored yet, and the preview
 * says so.
 */
export function BusinessInfoStep() {
  const { control, setValue } = useFormContext<PinWizardValues>();
  const show = useWatch({ control, name: 'showBusinessInfo' });
  const { data: user } = useUser();
  const checkboxId = useId();

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <Checkbox
          id={checkboxId}
          className="mt-0.5"
          checked={show}
          onCheckedChange={(checked) => setValue('showBusinessInfo', checked === true)}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium">
          Show Business Information
        </label>
      </div>
      <section aria-label="Business information preview" className="rounded-md border p-4 text-sm">
        <p className="mb-2 font-semibold">Preview</p>
        {show ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">Business</dt>
            <dd>{user?.name}</dd>
            <dt className="text-muted-foreground">Contact</dt>
            <dd className="break-all">{user?.email}</dd>
            <dt className="text-muted-foreground">Website</dt>
            <dd>No website on file</dd>
          </dl>
        ) : (
          <p className="text-muted-foreground">
            Customers will not see your business details on this pin.
          </p>
        )}
      </section>
    </div>
  );
}
