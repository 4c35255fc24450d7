import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import {
  type NotificationPreference,
  type notificationPreferencesSchema,
} from '@shared/schema/notifications';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { NOTIFICATION_PREFERENCES_QUERY_KEY } from './get-notification-preferences';

export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** Stores which kinds of notification the signed-in user wants in the app. */
export const updateNotificationPreferences = (
  input: NotificationPreferencesInput,
): Promise<NotificationPreference[]> => api.put('/notifications/preferences', input);

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
      queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, preferences);
      return onSuccess?.(preferences, ...rest);
    },
  });
}
