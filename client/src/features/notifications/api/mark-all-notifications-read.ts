import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsContracts } from '@shared/contracts/notifications';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Marks every notification of the signed-in user read. */
export const markAllNotificationsRead = () => call(notificationsContracts.markAllRead);

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
      void invalidate(queryClient, notificationsContracts);
      return onSettled?.(...args);
    },
  });
}
