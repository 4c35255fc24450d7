import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

export type PinPostRequest = { postId: number; pinned: boolean };

/** Pins one of the author's posts to the top of the feed, or unpins it. */
export const pinPost = ({ postId, pinned }: PinPostRequest) =>
  call(postsContracts.pin, { params: { id: postId }, body: { pinned } });

type UsePinPostOptions = { mutationConfig?: MutationConfig<typeof pinPost> };

export function usePinPost({ mutationConfig }: UsePinPostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: pinPost,
    onSuccess: (...args) => {
      // Pinned posts lead the feed: the order changes, so the server lays it out again.
      void invalidate(queryClient, postsContracts.feed);
      return onSuccess?.(...args);
    },
  });
}
