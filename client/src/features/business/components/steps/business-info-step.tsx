import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useProfileSettings } from '@/api/get-profile-settings';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { type PinWizardValues } from '../pin-wizard-values';

/**
 * Step 5: whether redeeming customers see the business (sent and really honoured, not a switch
 * for show), with a preview of what they would see: the name, and the contact details and
 * description the business keeps on Settings.
 */
export function BusinessInfoStep() {
  const { control, setValue } = useFormContext<PinWizardValues>();
  const show = useWatch({ control, name: 'showBusinessInfo' });
  const settings = useProfileSettings();
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
        {!show ? (
          <p className="text-muted-foreground">
            Customers will not see your business details on this pin.
          </p>
        ) : settings.isPending ? (
          <div role="status" aria-label="Loading your business information" className="grid gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ) : settings.isError ? (
          <ErrorAlert
            message="Failed to load your business information."
            onRetry={() => void settings.refetch()}
            retrying={settings.isRefetching}
          />
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Business</dt>
              <dd className="break-words">{settings.data.name}</dd>
              <dt className="text-muted-foreground">Contact</dt>
              <dd className="break-all">
                {settings.data.contactEmail ?? 'No contact e-mail on file'}
              </dd>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{settings.data.phone ?? 'No phone on file'}</dd>
              <dt className="text-muted-foreground">Website</dt>
              <dd className="break-all">{settings.data.website ?? 'No website on file'}</dd>
              {settings.data.description && (
                <>
                  <dt className="text-muted-foreground">About</dt>
                  <dd className="break-words">{settings.data.description}</dd>
                </>
              )}
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">
              You can change these details in Settings.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
