import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsContracts } from '@shared/contracts/notifications';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Marks one of the signed-in user's notifications read. */
export const markNotificationRead = (id: number) =>
  call(notificationsContracts.markRead, { params: { id } });

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
      void invalidate(queryClient, notificationsContracts);
      return onSettled?.(...args);
    },
  });
}
