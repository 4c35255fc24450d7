import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsContracts } from '@shared/contracts/notifications';
import { contractQuery } from '@/lib/query-client';

/** Whether each kind of notification is on, for every kind (a kind never set is on). */
export const getNotificationPreferencesQueryOptions = () =>
  queryOptions(contractQuery(notificationsContracts.preferences));

export function useNotificationPreferences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getNotificationPreferencesQueryOptions(), enabled });
}
