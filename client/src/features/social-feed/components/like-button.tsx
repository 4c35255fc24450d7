import { Heart } from 'lucide-react';
import { type Post } from '@shared/schema/posts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useLikePost } from '../api/like-post';
import { useUnlikePost } from '../api/unlike-post';

const likeFailed = () => toast({ variant: 'destructive', title: 'Failed to like post' });

/** Likes the post, or takes the like back; the count shown is always the server's. */
export function LikeButton({ post }: { post: Pick<Post, 'id' | 'isLiked'> }) {
  const like = useLikePost({ mutationConfig: { onError: likeFailed } });
  const unlike = useUnlikePost({ mutationConfig: { onError: likeFailed } });
  const busy = like.isPending || unlike.isPending;

  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={post.isLiked}
      disabled={busy}
      onClick={() =>
        post.isLiked ? unlike.mutate({ postId: post.id }) : like.mutate({ postId: post.id })
      }
      className={cn(post.isLiked && 'text-rose-600 hover:text-rose-700')}
    >
      <Heart aria-hidden="true" className={cn(post.isLiked && 'fill-current')} />
      Like
    </Button>
  );
}
