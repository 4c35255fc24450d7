import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { type LikeResult } from '@shared/schema/posts';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { FEED_QUERY_FILTER, mapFeedPosts, type FeedData } from './get-posts';

/** Likes a post (idempotent); the answer is the post's exact count. */
export const likePost = ({ postId }: { postId: number }) =>
  call(postsContracts.like, { params: { id: postId } });

/** Puts the server's count and the viewer's like on the cached post. */
export function applyLikeResult(queryClient: QueryClient, result: LikeResult): void {
  queryClient.setQueriesData<FeedData>(FEED_QUERY_FILTER, (data) =>
    mapFeedPosts(data, (posts) =>
      posts.map((post) =>
        post.id === result.postId
          ? { ...post, likes: result.likes, isLiked: result.isLiked }
          : post,
      ),
    ),
  );
}

type UseLikePostOptions = { mutationConfig?: MutationConfig<typeof likePost> };

export function useLikePost({ mutationConfig }: UseLikePostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: likePost,
    onSuccess: (...args) => {
      applyLikeResult(queryClient, args[0]);
      return onSuccess?.(...args);
    },
  });
}
