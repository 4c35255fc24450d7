import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { type SendMessageInput } from '@shared/schema/messages';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { threadQueryKey } from '@/api/messages-query-keys';
import { upsertMessage, type ThreadData } from '@/lib/message-cache';

export type SendMessageVariables = SendMessageInput & { username: string };

/** Sends a message; the same clientId again (a retry) answers the first message, not a second. */
export const sendMessage = ({ username, ...body }: SendMessageVariables) =>
  call(messagesContracts.send, { params: { username }, body });

type UseSendMessageOptions = { mutationConfig?: MutationConfig<typeof sendMessage> };

export function useSendMessage({ mutationConfig }: UseSendMessageOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: sendMessage,
    onSuccess: (message, variables, ...args) => {
      queryClient.setQueryData<ThreadData>(threadQueryKey(variables.username), (data) =>
        upsertMessage(data, message),
      );
      void invalidate(queryClient, messagesContracts.list);
      return onSuccess?.(message, variables, ...args);
    },
  });
}
