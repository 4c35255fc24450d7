import { type FriendItem } from '@shared/schema/friends';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRemoveFriend } from '../api/remove-friend';

type RemoveFriendDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  friendship?: FriendItem;
};

/** Asks before ending a friendship; either of them can send a new request later. */
export function RemoveFriendDialog({ open, onOpenChange, friendship }: RemoveFriendDialogProps) {
  const removeFriend = useRemoveFriend({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: 'Friend removed',
          description: friendship ? `${friendship.friend.name} is no longer your friend.` : '',
        });
        onOpenChange(false);
      },
      onError: (error) => {
        // The dialog stays open, so Remove can be tried again.
        toast({
          variant: 'destructive',
          title: 'Failed to remove friend',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const name = friendship?.friend.name ?? '';

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Remove friend?"
      description={`${name} will be removed from your friends. You can send a new friend request later.`}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      pending={removeFriend.isPending}
      disabled={!friendship}
      onConfirm={() => friendship && removeFriend.mutate({ friendshipId: friendship.friendshipId })}
    />
  );
}
