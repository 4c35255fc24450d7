import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { call } from '@/lib/api-client';
import { invalidate } from '@/lib/query-client';

export type MarkReadVariables = { username: string; upTo: number };

/** Everything up to `upTo` in the conversation has been seen (the sender sees 'Seen'). */
export const markConversationRead = ({ username, upTo }: MarkReadVariables) =>
  call(messagesContracts.markRead, { params: { username }, body: { upTo } });

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void invalidate(queryClient, messagesContracts.unreadCount, messagesContracts.list);
    },
  });
}
