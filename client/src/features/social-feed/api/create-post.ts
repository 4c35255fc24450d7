import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { type CreatePostInput } from '@shared/schema/posts';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Shares a post on the Pin Board; an image is uploaded first and referenced by its URL. */
export const createPost = (input: CreatePostInput) => call(postsContracts.create, { body: input });

type UseCreatePostOptions = { mutationConfig?: MutationConfig<typeof createPost> };

export function useCreatePost({ mutationConfig }: UseCreatePostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createPost,
    onSuccess: (...args) => {
      // The new post belongs at the top, under any pinned ones: the server knows the order.
      void invalidate(queryClient, postsContracts.feed);
      return onSuccess?.(...args);
    },
  });
}
