import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUser } from '@/api/get-user';
import { feedPosts, usePosts } from '../api/get-posts';
import { LoadMore } from '../components/load-more';
import { PostCard } from '../components/post-card';
import { PostComposer } from '../components/post-composer';
import { PostListSkeleton } from '../components/post-list-skeleton';
import { ScrollToTopButton } from '../components/scroll-to-top-button';

/**
 * The Pin Board: a composer and the feed, pinned posts first, then newest first, loaded
 * page by page as the reader scrolls; a scroll-to-top button once they are 300 px down.
 */
export function SocialFeedPage() {
  const { data: user } = useUser();
  const feed = usePosts();
  const posts = feedPosts(feed.data);

  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pin Board</h1>
        <p className="text-muted-foreground">Share moments and gifts with your friends.</p>
      </div>

      <PostComposer />

      <section aria-label="Posts" className="grid min-w-0 gap-4">
        {feed.isPending ? (
          <PostListSkeleton />
        ) : feed.isError && posts.length === 0 ? (
          <ErrorAlert
            message="Failed to load posts"
            onRetry={() => void feed.refetch()}
            retrying={feed.isRefetching}
          />
        ) : posts.length === 0 ? (
          <Card>
            <CardContent className="grid gap-1 p-6 text-center">
              <p className="font-medium">No posts yet</p>
              <p className="text-muted-foreground">Be the first to share something!</p>
            </CardContent>
          </Card>
        ) : (
          <>
            {/* A refresh failed (say after posting): keep what is shown, offer to try again. */}
            {feed.isError && !feed.isFetchNextPageError && (
              <ErrorAlert
                message="Failed to load posts"
                onRetry={() => void feed.refetch()}
                retrying={feed.isRefetching}
              />
            )}

            {posts.map((post) => (
              <PostCard key={post.id} post={post} isOwn={user?.id === post.userId} />
            ))}

            {feed.isFetchNextPageError && (
              <ErrorAlert
                message="Failed to load posts"
                onRetry={() => void feed.fetchNextPage()}
                retrying={feed.isFetchingNextPage}
              />
            )}

            {feed.isFetchingNextPage && <PostListSkeleton count={1} label="Loading more posts" />}

            {feed.hasNextPage && !feed.isFetchNextPageError ? (
              <LoadMore
                onLoadMore={() => {
                  if (!feed.isFetching) void feed.fetchNextPage();
                }}
                loading={feed.isFetchingNextPage}
              />
            ) : (
              !feed.hasNextPage && (
                <p className="text-center text-sm text-muted-foreground">
                  You&apos;re all caught up.
                </p>
              )
            )}
          </>
        )}
      </section>

      <ScrollToTopButton />
    </div>
  );
}
