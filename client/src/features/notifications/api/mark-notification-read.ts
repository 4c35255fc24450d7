import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NotificationItem } from '@shared/schema/notifications';
import { NOTIFICATIONS_QUERY_KEY } from '@/api/get-unread-count';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/** Marks one of the signed-in user's notifications read. */
export const markNotificationRead = (id: number): Promise<NotificationItem> =>
  api.patch(`/notifications/${id}/read`);

type UseMarkNotificationReadOptions = {
  mutationConfig?: MutationConfig<typeof markNotificationRead>;
};

export function useMarkNotificationRead({ mutationConfig }: UseMarkNotificationReadOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: markNotificationRead,
    // The list re-sorts (read sinks below unread) and the badge drops, whichever page is open next.
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
