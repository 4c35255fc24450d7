import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { threadQueryKey } from '@/api/messages-query-keys';
import { markDeleted, type ThreadData } from '@/lib/message-cache';

export type DeleteMessageVariables = { username: string; id: number };

/** Deletes my own message for everyone (within 15 minutes of sending it). */
export const deleteMessage = ({ username, id }: DeleteMessageVariables) =>
  call(messagesContracts.remove, { params: { username, id } });

type UseDeleteMessageOptions = { mutationConfig?: MutationConfig<typeof deleteMessage> };

export function useDeleteMessage({ mutationConfig }: UseDeleteMessageOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteMessage,
    onSuccess: (answer, variables, ...args) => {
      queryClient.setQueryData<ThreadData>(threadQueryKey(variables.username), (data) =>
        markDeleted(data, variables.id),
      );
      void invalidate(queryClient, messagesContracts.list);
      return onSuccess?.(answer, variables, ...args);
    },
  });
}
