import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '@shared/constants';
import {
  type ConsumerProfileForm as ConsumerProfileValues,
  consumerProfileFormSchema,
  type ProfileSettings,
} from '@shared/schema/profile-settings';
import { BrandGrid } from '@/components/preferences/brand-grid';
import { IdentifierList } from '@/components/preferences/identifier-list';
import { Form, FormField } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { useSaveProfile } from '../lib/use-save-profile';
import { AvatarPicker } from './avatar-picker';
import { SaveProfileButton } from './save-profile-button';

const FIELDS = ['name', 'username', 'phone', 'brands', 'identifiers'] as const;

const valuesOf = (settings: ProfileSettings): ConsumerProfileValues => ({
  name: settings.name,
  username: settings.username,
  phone: settings.phone ?? '',
  brands: settings.brands,
  identifiers: settings.identifiers,
});

/** A consumer's profile: picture, name, username, phone, favourite brands and identifiers. */
export function ConsumerProfileForm({ settings }: { settings: ProfileSettings }) {
  const id = useId();
  const form = useForm<ConsumerProfileValues>({
    resolver: zodResolver(consumerProfileFormSchema),
    defaultValues: valuesOf(settings),
  });
  const { submit, saving, picture } = useSaveProfile({
    form,
    settings,
    fields: FIELDS,
    valuesOf,
  });
  const name = form.watch('name');

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-6">
        <AvatarPicker name={name || settings.name} disabled={saving} {...picture} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="name"
            label="Full Name"
            autoComplete="name"
            maxLength={LIMITS.nameMax}
          />
          <TextField
            control={form.control}
            name="username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.usernameMax}
          />
          <TextField
            control={form.control}
            name="phone"
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            maxLength={LIMITS.phoneMax}
          />
        </div>

        <FormField
          control={form.control}
          name="brands"
          render={({ field, fieldState }) => (
            <div className="grid gap-3">
              <h3 id={`${id}-brands`} className="text-base font-semibold">
                Favourite Brands
              </h3>
              <BrandGrid
                labelledBy={`${id}-brands`}
                describedBy={fieldState.error ? `${id}-brands-error` : undefined}
                selected={field.value}
                onToggle={(brandId) =>
                  field.onChange(
                    field.value.includes(brandId)
                      ? field.value.filter((chosen) => chosen !== brandId)
                      : [...field.value, brandId],
                  )
                }
              />
              {fieldState.error?.message && (
                <p id={`${id}-brands-error`} className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />

        <FormField
          control={form.control}
          name="identifiers"
          render={({ field, fieldState }) => (
            <div className="grid gap-3">
              <h3 id={`${id}-identifiers`} className="text-base font-semibold">
                Personal Identifiers
              </h3>
              <IdentifierList
                labelledBy={`${id}-identifiers`}
                selected={field.value}
                onToggle={(identifierId) =>
                  field.onChange(
                    field.value.includes(identifierId)
                      ? field.value.filter((chosen) => chosen !== identifierId)
                      : [...field.value, identifierId],
                  )
                }
              />
              {fieldState.error?.message && (
                <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
              )}
            </div>
          )}
        />

        <SaveProfileButton saving={saving} />
      </form>
    </Form>
  );
}
