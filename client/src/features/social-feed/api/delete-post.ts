import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type MutationConfig, POSTS_QUERY_KEY } from '@/lib/query-client';
import { mapFeedPosts, type FeedData } from './get-posts';

/** Deletes one of the signed-in user's posts. */
export const deletePost = ({ postId }: { postId: number }): Promise<void> =>
  api.delete(`/posts/${postId}`);

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
      queryClient.setQueriesData<FeedData>({ queryKey: POSTS_QUERY_KEY }, (data) =>
        mapFeedPosts(data, (posts) => posts.filter((post) => post.id !== postId)),
      );
      return onSuccess?.(...args);
    },
  });
}
