import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProfileSettings } from '@shared/schema/profile-settings';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's own editable details (Settings edits them; the pin wizard previews a
 * business's). Not under the user's key: signing out drops it with everything else.
 */
export const PROFILE_SETTINGS_QUERY_KEY = ['profile-settings'] as const;

export const getProfileSettings = (): Promise<ProfileSettings> => api.get('/user/settings');

export const getProfileSettingsQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_SETTINGS_QUERY_KEY, queryFn: getProfileSettings });

export function useProfileSettings() {
  return useQuery(getProfileSettingsQueryOptions());
}
