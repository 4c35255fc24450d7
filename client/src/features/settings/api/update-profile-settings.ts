import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileSettings, type ProfileSettingsUpdate } from '@shared/schema/profile-settings';
import { PROFILE_SETTINGS_QUERY_KEY } from '@/api/get-profile-settings';
import { api } from '@/lib/api-client';
import {
  FRIENDS_QUERY_KEY,
  LEADERBOARD_QUERY_KEY,
  POSTS_QUERY_KEY,
  PROFILES_QUERY_KEY,
  USER_QUERY_KEY,
  type MutationConfig,
} from '@/lib/query-client';

/** Saves the fields sent; answers the profile as it now is. */
export const updateProfileSettings = (input: ProfileSettingsUpdate): Promise<ProfileSettings> =>
  api.patch('/user/settings', input);

type UseUpdateProfileSettingsOptions = {
  mutationConfig?: MutationConfig<typeof updateProfileSettings>;
};

export function useUpdateProfileSettings({ mutationConfig }: UseUpdateProfileSettingsOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateProfileSettings,
    onSuccess: (...args) => {
      queryClient.setQueryData(PROFILE_SETTINGS_QUERY_KEY, args[0]);
      // Everything that shows the user's name, username or picture: the navigation, profiles,
      // the Pin Board, friends lists and the leaderboard.
      for (const queryKey of [
        USER_QUERY_KEY,
        PROFILES_QUERY_KEY,
        POSTS_QUERY_KEY,
        FRIENDS_QUERY_KEY,
        LEADERBOARD_QUERY_KEY,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return onSuccess?.(...args);
    },
  });
}
