import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LIMITS, PROFILE_LIMITS } from '@shared/constants';
import {
  type BusinessProfileForm as BusinessProfileValues,
  businessProfileFormSchema,
  type ProfileSettings,
} from '@shared/schema/profile-settings';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { useSaveProfile } from '../lib/use-save-profile';
import { AvatarPicker } from './avatar-picker';
import { SaveProfileButton } from './save-profile-button';

const FIELDS = ['name', 'username', 'phone', 'contactEmail', 'website', 'description'] as const;

const valuesOf = (settings: ProfileSettings): BusinessProfileValues => ({
  name: settings.name,
  username: settings.username,
  phone: settings.phone ?? '',
  contactEmail: settings.contactEmail ?? '',
  website: settings.website ?? '',
  description: settings.description ?? '',
});

/**
 * A business's profile: picture, name, username, and what customers see on its pins when it shows
 * its information (contact e-mail, phone, website, a short description). Empty fields are cleared.
 */
export function BusinessProfileForm({ settings }: { settings: ProfileSettings }) {
  const form = useForm<BusinessProfileValues>({
    resolver: zodResolver(businessProfileFormSchema),
    defaultValues: valuesOf(settings),
  });
  const { submit, saving, picture } = useSaveProfile({
    form,
    settings,
    fields: FIELDS,
    valuesOf,
  });
  const name = form.watch('name');
  const description = form.watch('description') ?? '';

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-6">
        <AvatarPicker name={name || settings.name} disabled={saving} {...picture} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="name"
            label="Business Name"
            autoComplete="organization"
            maxLength={LIMITS.nameMax}
          />
          <TextField
            control={form.control}
            name="username"
            label="Business Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.usernameMax}
          />
        </div>

        <fieldset className="grid gap-4">
          <legend className="mb-1 text-base font-semibold">Business information</legend>
          <p className="text-sm text-muted-foreground">
            Shown to customers on the pins where you choose to show your business information.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="contactEmail"
              label="Contact Email"
              type="email"
              autoComplete="email"
              maxLength={LIMITS.emailMax}
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
          <TextField
            control={form.control}
            name="website"
            label="Website"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={PROFILE_LIMITS.websiteMax}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Description</FormLabel>
                <FormControl>
                  <Textarea rows={3} maxLength={PROFILE_LIMITS.descriptionMax} {...field} />
                </FormControl>
                <FormDescription>
                  {description.length}/{PROFILE_LIMITS.descriptionMax} characters
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        <SaveProfileButton saving={saving} />
      </form>
    </Form>
  );
}
