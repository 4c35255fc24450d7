import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeletePost } from '../api/delete-post';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this post?';

type DeletePostDialogProps = {
  postId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Asks before deleting; on success the post drops out of the feed. */
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete post"
      description={DELETE_CONFIRMATION}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deletePost.isPending}
      onConfirm={() => deletePost.mutate({ postId })}
    />
  );
}
