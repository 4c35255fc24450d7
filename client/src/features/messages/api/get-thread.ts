import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type ConversationInfo, type Message } from '@shared/schema/messages';
import { api, type ListPage } from '@/lib/api-client';
import { conversationPath, threadInfoQueryKey, threadQueryKey } from '@/api/messages-query-keys';

export type ThreadPage = ListPage<Message>;

/** A page of the conversation: the newest messages, or those before the `before` message id. */
export const getThreadPage = (username: string, before: string | null): Promise<ThreadPage> =>
  api.list(conversationPath(username), { params: { before: before ?? undefined } });

export const getThreadQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: threadQueryKey(username),
    queryFn: ({ pageParam }) => getThreadPage(username, pageParam),
    initialPageParam: null as string | null,
    // Older messages come from the answer's `next` link.
    getNextPageParam: (lastPage) => lastPage.next?.before,
  });

export function useThread(username: string) {
  return useInfiniteQuery(getThreadQueryOptions(username));
}

/** Who the conversation is with, whether it takes new messages, and how far they have read. */
export const getThreadInfo = (username: string): Promise<ConversationInfo> =>
  api.get(`${conversationPath(username)}/info`);

export const getThreadInfoQueryOptions = (username: string) =>
  queryOptions({
    queryKey: threadInfoQueryKey(username),
    queryFn: () => getThreadInfo(username),
  });

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
