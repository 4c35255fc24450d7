import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { type ConversationSummary } from '@shared/schema/messages';
import { api, nextPageNumber, type ListPage } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY } from '@/api/messages-query-keys';

const PAGE_SIZE = 20;

/** One page of my conversations, newest activity first. */
export const getConversations = (page: number): Promise<ListPage<ConversationSummary>> =>
  api.list('/messages', { params: { page, limit: PAGE_SIZE } });

export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: CONVERSATIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useConversations() {
  return useInfiniteQuery(getConversationsQueryOptions());
}

/** Every loaded conversation once (a conversation that moved up between pages is kept once). */
export function loadedConversations(
  data: InfiniteData<ListPage<ConversationSummary>> | undefined,
): ConversationSummary[] {
  const seen = new Set<string>();
  const all: ConversationSummary[] = [];
  for (const item of data?.pages.flatMap((page) => page.items) ?? []) {
    if (seen.has(item.username)) continue;
    seen.add(item.username);
    all.push(item);
  }
  return all;
}
