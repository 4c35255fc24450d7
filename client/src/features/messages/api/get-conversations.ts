import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { type ConversationSummary } from '@shared/schema/messages';
import { call, nextPageNumber, type ListPage } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-client';

const PAGE_SIZE = 20;

/** My conversations, newest activity first, a page at a time. */
export const getConversationsQueryOptions = () => {
  const input = { query: { limit: PAGE_SIZE } };
  return infiniteQueryOptions({
    queryKey: queryKeyOf(messagesContracts.list, input),
    queryFn: ({ pageParam, signal }) =>
      call(messagesContracts.list, { query: { ...input.query, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
};

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
