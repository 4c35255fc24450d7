import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeletePost } from '../api/delete-post';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this post?';

type DeletePostDialogProps = {
  postId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Asks before deleting (spec §5); on success the post drops out of the feed. */
export function DeletePostDialog({ postId, open, onOpenChange }: DeletePostDialogProps) {
  const deletePost = useDeletePost({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Post deleted' });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete post',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !deletePost.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete post</DialogTitle>
          <DialogDescription>{DELETE_CONFIRMATION}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={deletePost.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={deletePost.isPending}
            onClick={() => deletePost.mutate({ postId })}
          >
            {deletePost.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
