import { type FormEvent, useId, useState } from 'react';
import { type NotificationType } from '@shared/constants';
import { type NotificationPreference } from '@shared/schema/notifications';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

type NotificationSettingsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Settings': in the app on or off, per kind of notification; stored on the server. */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: NotificationSettingsDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Notification Settings"
      description="Choose which notifications you receive in the app."
    >
      <PreferencesLoader onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PreferencesLoader({ onDone }: { onDone: () => void }) {
  const preferences = useNotificationPreferences();

  if (preferences.isPending) {
    return (
      <div role="status" aria-label="Loading settings" className="grid gap-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-6 w-full" />
        ))}
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <ErrorAlert
        message="Failed to load settings. Please try again later."
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    );
  }
  return <PreferencesForm preferences={preferences.data} onDone={onDone} />;
}

type PreferencesFormProps = { preferences: NotificationPreference[]; onDone: () => void };

function PreferencesForm({ preferences, onDone }: PreferencesFormProps) {
  const id = useId();
  const [choices, setChoices] = useState<Partial<Record<NotificationType, boolean>>>(() =>
    Object.fromEntries(preferences.map((preference) => [preference.type, preference.inApp])),
  );
  const update = useUpdateNotificationPreferences({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Settings saved' });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to save settings',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      preferences: preferences.map((preference) => ({
        type: preference.type,
        inApp: choices[preference.type] ?? preference.inApp,
      })),
    });
  };

  return (
    <form onSubmit={save} className="grid grid-cols-1 gap-4">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Show in the app</legend>
        {preferences.map((preference) => {
          const checkboxId = `${id}-${preference.type}`;
          return (
            <div key={preference.type} className="flex items-center gap-3">
              <Checkbox
                id={checkboxId}
                checked={choices[preference.type] ?? preference.inApp}
                onCheckedChange={(checked) =>
                  setChoices((current) => ({ ...current, [preference.type]: checked === true }))
                }
              />
              <Label htmlFor={checkboxId} className="cursor-pointer py-1 leading-snug">
                {preference.label}
              </Label>
            </div>
          );
        })}
      </fieldset>
      <FormDialogFooter submitLabel="Save" pendingLabel="Saving..." pending={update.isPending} />
    </form>
  );
}
