import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Post } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
import { type MutationConfig, POSTS_QUERY_KEY } from '@/lib/query-client';

export type PinPostRequest = { postId: number; pinned: boolean };

/** Pins one of the author's posts to the top of the feed, or unpins it. */
export const pinPost = ({ postId, pinned }: PinPostRequest): Promise<Post> =>
  api.post(`/posts/${postId}/pin`, { pinned });

type UsePinPostOptions = { mutationConfig?: MutationConfig<typeof pinPost> };

export function usePinPost({ mutationConfig }: UsePinPostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: pinPost,
    onSuccess: (...args) => {
      // Pinned posts lead the feed: the order changes, so the server lays it out again.
      void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
