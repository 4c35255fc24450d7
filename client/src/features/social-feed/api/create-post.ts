import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePostInput, type Post } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
import { type MutationConfig, POSTS_QUERY_KEY } from '@/lib/query-client';

/** Shares a post on the Pin Board; an image is uploaded first and referenced by its URL. */
export const createPost = (input: CreatePostInput): Promise<Post> => api.post('/posts', input);

type UseCreatePostOptions = { mutationConfig?: MutationConfig<typeof createPost> };

export function useCreatePost({ mutationConfig }: UseCreatePostOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: createPost,
    onSuccess: (...args) => {
      // The new post belongs at the top, under any pinned ones: the server knows the order.
      void queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
