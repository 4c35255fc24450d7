import { useProfileSettings } from '@/api/get-profile-settings';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { BusinessProfileForm } from './business-profile-form';
import { ConsumerProfileForm } from './consumer-profile-form';
import { SettingsSection } from './settings-section';

/** Name, username, picture and the account type's own details. */
export function ProfileSection() {
  const settings = useProfileSettings();

  return (
    <SettingsSection id="profile" title="Profile" description="How others see you on mark.it.">
      {settings.isPending ? (
        <ProfileSkeleton />
      ) : settings.isError ? (
        <ErrorAlert
          message="Failed to load your profile. Please try again."
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : settings.data.type === 'business' ? (
        <BusinessProfileForm settings={settings.data} />
      ) : (
        <ConsumerProfileForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="grid gap-4">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full sm:size-20" />
        <Skeleton className="h-9 w-36" />
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
