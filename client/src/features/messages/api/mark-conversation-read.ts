import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  CONVERSATIONS_QUERY_KEY,
  MESSAGES_UNREAD_QUERY_KEY,
  conversationPath,
} from '@/api/messages-query-keys';

export type MarkReadVariables = { username: string; upTo: number };

/** Everything up to `upTo` in the conversation has been seen (the sender sees 'Seen'). */
export const markConversationRead = ({ username, upTo }: MarkReadVariables): Promise<unknown> =>
  api.post(`${conversationPath(username)}/read`, { upTo });

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_UNREAD_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
  });
}
