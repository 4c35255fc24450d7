import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { POST_LIMITS } from '@shared/constants';
import { postsContracts } from '@shared/contracts/posts';
import { type Post } from '@shared/schema/posts';
import { call, type ListPage } from '@/lib/api-client';
import { FIRST_PAGE_FRESH_MS, queryKeyOf } from '@/lib/query-client';

/** One page of the feed: pinned posts first, then newest first (cursor pagination). */
export const getPostsInfiniteQueryOptions = (limit: number = POST_LIMITS.pageSizeDefault) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf(postsContracts.feed, { query: { limit } }),
    queryFn: ({ pageParam, signal }) =>
      call(postsContracts.feed, { query: { cursor: pageParam ?? undefined, limit } }, { signal }),
    initialPageParam: null as string | null,
    // The next page's cursor travels in the answer's `next` link.
    getNextPageParam: (lastPage) => lastPage.next?.cursor,
    staleTime: FIRST_PAGE_FRESH_MS,
  });

export function usePosts(limit?: number) {
  return useInfiniteQuery(getPostsInfiniteQueryOptions(limit));
}

/** Every cached page of the feed, whatever its page size: what a change to one post rewrites. */
export const FEED_QUERY_FILTER = { queryKey: queryKeyOf(postsContracts.feed) };

/** The cached feed: its pages in the order they were loaded. */
export type FeedData = InfiniteData<ListPage<Post>, unknown>;

/** The feed's posts in order, each once (a post may move between pages while they load). */
export function feedPosts(data: FeedData | undefined): Post[] {
  const seen = new Set<number>();
  const posts: Post[] = [];
  for (const page of data?.pages ?? []) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/** Rewrites the cached feed page by page, e.g. to change or drop one post without a refetch. */
export function mapFeedPosts(
  data: FeedData | undefined,
  update: (posts: Post[]) => Post[],
): FeedData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: update(page.items) })) };
}
