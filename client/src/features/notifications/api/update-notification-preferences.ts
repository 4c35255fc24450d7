import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContractInput } from '@shared/contract';
import { notificationsContracts } from '@shared/contracts/notifications';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { getNotificationPreferencesQueryOptions } from './get-notification-preferences';

export type NotificationPreferencesInput = ContractInput<
  typeof notificationsContracts.savePreferences
>['body'];

/** Stores which kinds of notification the signed-in user wants in the app. */
export const updateNotificationPreferences = (input: NotificationPreferencesInput) =>
  call(notificationsContracts.savePreferences, { body: input });

type UseUpdateNotificationPreferencesOptions = {
  mutationConfig?: MutationConfig<typeof updateNotificationPreferences>;
};

export function useUpdateNotificationPreferences({
  mutationConfig,
}: UseUpdateNotificationPreferencesOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences, ...rest) => {
      queryClient.setQueryData(getNotificationPreferencesQueryOptions().queryKey, preferences);
      return onSuccess?.(preferences, ...rest);
    },
  });
}
