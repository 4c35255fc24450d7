import { useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { type ProfileSettings, type ProfileSettingsUpdate } from '@shared/schema/profile-settings';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useUpdateProfileSettings } from '../api/update-profile-settings';

/**
 * What a profile form shares: the picture held beside the form's fields, saving both in one
 * request, the server's per-field refusals (a taken username) under their fields, and a toast.
 */
export function useSaveProfile<Values extends FieldValues>({
  form,
  settings,
  fields,
  valuesOf,
}: {
  form: UseFormReturn<Values>;
  settings: ProfileSettings;
  /** The form's fields, in its order, to put the server's messages under. */
  fields: ReadonlyArray<Path<Values>>;
  /** The form's values for the profile as saved (after a save, the form starts from them). */
  valuesOf: (saved: ProfileSettings) => Values;
}) {
  const [picture, setPicture] = useState<string | null>(settings.profilePicture);
  const [pictureError, setPictureError] = useState<string | undefined>(undefined);

  const save = useUpdateProfileSettings({
    mutationConfig: {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        setPicture(saved.profilePicture);
        toast({ title: 'Profile saved', description: 'Your changes are saved.' });
      },
      onError: (error) => {
        for (const [field, message] of serverFieldErrors(error, fields)) {
          form.setError(field, { message });
        }
        const [pictureRefusal] = serverFieldErrors(error, ['profilePicture'] as const);
        setPictureError(pictureRefusal?.[1]);
        toast({
          variant: 'destructive',
          title: 'Failed to save your profile',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setPictureError(undefined);
    const changes: ProfileSettingsUpdate = { ...(values as ProfileSettingsUpdate) };
    if (picture !== settings.profilePicture) changes.profilePicture = picture;
    save.mutate(changes);
  });

  return {
    submit,
    saving: save.isPending,
    picture: {
      picture,
      changed: picture !== settings.profilePicture,
      error: pictureError,
      onChange: (next: string | null) => {
        setPictureError(undefined);
        setPicture(next);
      },
    },
  };
}
