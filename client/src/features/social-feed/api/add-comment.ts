import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsContracts } from '@shared/contracts/posts';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { FEED_QUERY_FILTER, mapFeedPosts, type FeedData } from './get-posts';

export type AddCommentRequest = { postId: number; content: string };

/** Comments on a post. */
export const addComment = ({ postId, content }: AddCommentRequest) =>
  call(postsContracts.comment, { params: { id: postId }, body: { content } });

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
      queryClient.setQueriesData<FeedData>(FEED_QUERY_FILTER, (data) =>
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
