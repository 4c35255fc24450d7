import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { FEED_QUERY_FILTER, mapFeedPosts, type FeedData } from './get-posts';

/** Deletes one of the signed-in user's posts. */
export const deletePost = ({ postId }: { postId: number }) =>
  call(postsContracts.remove, { params: { id: postId } });

type UseDeletePostOptions = { mutationConfig?: MutationConfig<typeof deletePost> };

/** The list drops the deleted post locally, without reloading the feed. */
export function useDeletePost({ mutationConfig }: UseDeletePostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: deletePost,
    onSuccess: (...args) => {
      const [, { postId }] = args;
      queryClient.setQueriesData<FeedData>(FEED_QUERY_FILTER, (data) =>
        mapFeedPosts(data, (posts) => posts.filter((post) => post.id !== postId)),
      );
      return onSuccess?.(...args);
    },
  });
}
