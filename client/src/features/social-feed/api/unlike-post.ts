import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { applyLikeResult } from './like-post';

/** Takes the viewer's like back (idempotent); the answer is the post's exact count. */
export const unlikePost = ({ postId }: { postId: number }) =>
  call(postsContracts.unlike, { params: { id: postId } });

type UseUnlikePostOptions = { mutationConfig?: MutationConfig<typeof unlikePost> };

export function useUnlikePost({ mutationConfig }: UseUnlikePostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: unlikePost,
    onSuccess: (...args) => {
      applyLikeResult(queryClient, args[0]);
      return onSuccess?.(...args);
    },
  });
}
