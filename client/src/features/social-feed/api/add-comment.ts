import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PostComment } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
import { type MutationConfig, POSTS_QUERY_KEY } from '@/lib/query-client';
import { mapFeedPosts, type FeedData } from './get-posts';

export type AddCommentRequest = { postId: number; content: string };

/** Comments on a post. */
export const addComment = ({ postId, content }: AddCommentRequest): Promise<PostComment> =>
  api.post(`/posts/${postId}/comments`, { content });

type UseAddCommentOptions = { mutationConfig?: MutationConfig<typeof addComment> };

/** The new comment goes under the post at once; the count follows. */
export function useAddComment({ mutationConfig }: UseAddCommentOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: addComment,
    onSuccess: (...args) => {
      const [comment, { postId }] = args;
      queryClient.setQueriesData<FeedData>({ queryKey: POSTS_QUERY_KEY }, (data) =>
        mapFeedPosts(data, (posts) =>
          posts.map((post) =>
            post.id === postId && !post.comments.some((existing) => existing.id === comment.id)
              ? {
                  ...post,
                  comments: [...post.comments, comment],
                  commentCount: post.commentCount + 1,
                }
              : post,
          ),
        ),
      );
      return onSuccess?.(...args);
    },
  });
}
