import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { type Message } from '@shared/schema/messages';
import { call, type ListPage } from '@/lib/api-client';
import { contractQuery } from '@/lib/query-client';
import { conversationInput, threadQueryKey } from '@/api/messages-query-keys';

export type ThreadPage = ListPage<Message>;

/** The conversation, newest first: the newest page, then older ones by the `next` link's cursor. */
export const getThreadQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: threadQueryKey(username),
    queryFn: ({ pageParam, signal }) =>
      call(
        messagesContracts.thread,
        { ...conversationInput(username), query: { cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next?.cursor,
  });

export function useThread(username: string) {
  return useInfiniteQuery(getThreadQueryOptions(username));
}

/** Who the conversation is with, whether it takes new messages, and how far they have read. */
export const getThreadInfoQueryOptions = (username: string) =>
  queryOptions(contractQuery(messagesContracts.info, conversationInput(username)));

export function useThreadInfo(username: string) {
  return useQuery(getThreadInfoQueryOptions(username));
}

/** The loaded messages oldest first, each once (a page boundary may repeat one). */
export function loadedMessages(data: { pages: ThreadPage[] } | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const page of data?.pages ?? [])
    for (const message of page.items) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
