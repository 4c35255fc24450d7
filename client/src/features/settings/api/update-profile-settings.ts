import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { friendsContracts } from '@shared/contracts/friends';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { postsContracts } from '@shared/contracts/posts';
import { profilesContracts } from '@shared/contracts/profiles';
import { settingsContracts } from '@shared/contracts/settings';
import { type ProfileSettingsUpdate } from '@shared/schema/profile-settings';
import { getProfileSettingsQueryOptions } from '@/api/get-profile-settings';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Saves the fields sent; answers the profile as it now is. */
export const updateProfileSettings = (input: ProfileSettingsUpdate) =>
  call(settingsContracts.update, { body: input });

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
      queryClient.setQueryData(getProfileSettingsQueryOptions().queryKey, args[0]);
      // Everything that shows the user's name, username or picture: the navigation, profiles,
      // the Pin Board, friends lists and the leaderboard.
      void invalidate(
        queryClient,
        authContracts.user,
        profilesContracts,
        postsContracts,
        friendsContracts,
        giftCardsContracts.leaderboard,
        giftCardsContracts.leaderboardStanding,
      );
      return onSuccess?.(...args);
    },
  });
}
