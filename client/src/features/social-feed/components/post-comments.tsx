import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { POST_LIMITS } from '@shared/constants';
import { type Post } from '@shared/schema/posts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { profilePath } from '@/lib/paths';
import { useAddComment } from '../api/add-comment';
import { PostContent } from './post-content';
import { PostTime } from './post-time';

type PostCommentsProps = { post: Pick<Post, 'id' | 'comments' | 'commentCount' | 'user'> };

/** The post's latest comments, oldest first, and a box to add one (non-empty once trimmed). */
export function PostComments({ post }: PostCommentsProps) {
  const inputId = useId();
  const [content, setContent] = useState('');
  const addComment = useAddComment({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Comment added' });
        setContent('');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to add comment',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  const text = content.trim();
  const canComment = text.length > 0 && !addComment.isPending;
  const hidden = post.commentCount - post.comments.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canComment) addComment.mutate({ postId: post.id, content: text });
  };

  return (
    <div className="grid gap-3 border-t pt-3">
      {hidden > 0 && (
        <p className="text-sm text-muted-foreground">
          Showing the latest {post.comments.length} of {post.commentCount} comments
        </p>
      )}
      {post.comments.length > 0 && (
        <ul aria-label={`Comments on ${post.user.name}'s post`} className="grid gap-3">
          {post.comments.map((comment) => (
            <li key={comment.id} className="flex gap-2">
              <Avatar
                name={comment.user.name}
                picture={comment.user.profilePicture}
                size="sm"
                decorative
              />
              <div className="min-w-0 flex-1 rounded-md bg-muted/60 px-3 py-2">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    href={profilePath(comment.user.username)}
                    className="rounded-sm text-sm font-semibold break-all hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                  >
                    {comment.user.name}
                  </Link>
                  <PostTime date={comment.createdAt} className="text-xs" />
                </div>
                <PostContent text={comment.content} className="text-sm" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add a comment
        </label>
        <Input
          id={inputId}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Write a comment..."
          maxLength={POST_LIMITS.commentMax}
          autoComplete="off"
          readOnly={addComment.isPending}
          className="h-9 min-w-0"
        />
        <Button type="submit" size="sm" disabled={!canComment}>
          Comment
        </Button>
      </form>
    </div>
  );
}
