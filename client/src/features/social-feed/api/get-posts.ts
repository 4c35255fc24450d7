import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { POST_LIMITS } from '@shared/constants';
import { type Post } from '@shared/schema/posts';
import { api, type ListPage } from '@/lib/api-client';
import { FIRST_PAGE_FRESH_MS, POSTS_QUERY_KEY } from '@/lib/query-client';

export type GetPostsParams = { cursor?: string | null; limit?: number };

/** One page of the feed: pinned posts first, then newest first (cursor pagination). */
export const getPosts = ({
  cursor,
  limit = POST_LIMITS.pageSizeDefault,
}: GetPostsParams = {}): Promise<ListPage<Post>> =>
  api.list('/posts', { params: { cursor: cursor ?? undefined, limit } });

export const getPostsInfiniteQueryOptions = (limit: number = POST_LIMITS.pageSizeDefault) =>
  infiniteQueryOptions({
    queryKey: [...POSTS_QUERY_KEY, 'feed', { limit }],
    queryFn: ({ pageParam }) => getPosts({ cursor: pageParam, limit }),
    initialPageParam: null as string | null,
    // The next page's cursor travels in the answer's `next` link.
    getNextPageParam: (lastPage) => lastPage.next?.cursor,
    staleTime: FIRST_PAGE_FRESH_MS,
  });

export function usePosts(limit?: number) {
  return useInfiniteQuery(getPostsInfiniteQueryOptions(limit));
}

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
