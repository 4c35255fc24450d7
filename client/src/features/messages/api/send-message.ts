import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Message, type SendMessageInput } from '@shared/schema/messages';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import {
  CONVERSATIONS_QUERY_KEY,
  conversationPath,
  threadQueryKey,
} from '@/api/messages-query-keys';
import { upsertMessage, type ThreadData } from '@/lib/message-cache';

export type SendMessageVariables = SendMessageInput & { username: string };

/** Sends a message; the same clientId again (a retry) answers the first message, not a second. */
export const sendMessage = ({ username, ...body }: SendMessageVariables): Promise<Message> =>
  api.post(conversationPath(username), body);

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
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      return onSuccess?.(message, variables, ...args);
    },
  });
}
