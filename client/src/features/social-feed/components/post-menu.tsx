import { MoreHorizontal, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Post } from '@shared/schema/posts';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { usePinPost } from '../api/pin-post';
import { DeletePostDialog } from './delete-post-dialog';

/** The author's actions on their post: pin it to the top of the feed (or unpin it) and delete it. */
export function PostMenu({ post }: { post: Pick<Post, 'id' | 'isPinned'> }) {
  const [confirming, setConfirming] = useState(false);
  const pinPost = usePinPost({
    mutationConfig: {
      onSuccess: (updated) => toast({ title: updated.isPinned ? 'Post pinned' : 'Post unpinned' }),
      onError: (error, { pinned }) =>
        toast({
          variant: 'destructive',
          title: pinned ? 'Failed to pin post' : 'Failed to unpin post',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  return (
    <>
      {/* Not modal, so the confirm dialog it opens can take the focus cleanly. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Post options"
            className="-mt-1 -mr-2 shrink-0"
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            disabled={pinPost.isPending}
            onSelect={() => pinPost.mutate({ postId: post.id, pinned: !post.isPinned })}
          >
            {post.isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {post.isPinned ? 'Unpin post' : 'Pin post'}
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeletePostDialog postId={post.id} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}
