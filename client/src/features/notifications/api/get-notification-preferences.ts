import { queryOptions, useQuery } from '@tanstack/react-query';
import { type NotificationPreference } from '@shared/schema/notifications';
import { NOTIFICATIONS_QUERY_KEY } from '@/api/get-unread-count';
import { api } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_QUERY_KEY = [
  ...NOTIFICATIONS_QUERY_KEY,
  'preferences',
] as const;

/** Whether each kind of notification is on, for every kind (a kind never set is on). */
export const getNotificationPreferences = (): Promise<NotificationPreference[]> =>
  api.get('/notifications/preferences');

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
    queryFn: getNotificationPreferences,
  });

export function useNotificationPreferences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationPreferencesQueryOptions(), enabled });
}
