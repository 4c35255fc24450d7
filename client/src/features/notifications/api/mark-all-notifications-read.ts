import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_QUERY_KEY, type UnreadCount } from '@/api/get-unread-count';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Marks every notification of the signed-in user read. */
export const markAllNotificationsRead = (): Promise<UnreadCount> =>
  api.post('/notifications/read-all');

type UseMarkAllNotificationsReadOptions = {
  mutationConfig?: MutationConfig<typeof markAllNotificationsRead>;
};

export function useMarkAllNotificationsRead({
  mutationConfig,
}: UseMarkAllNotificationsReadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: markAllNotificationsRead,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
