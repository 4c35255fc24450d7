import { type FriendItem } from '@shared/schema/friends';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!removeFriend.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Remove friend?</DialogTitle>
          <DialogDescription>
            {name} will be removed from your friends. You can send a new friend request later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={removeFriend.isPending}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!friendship || removeFriend.isPending}
            onClick={() =>
              friendship && removeFriend.mutate({ friendshipId: friendship.friendshipId })
            }
          >
            {removeFriend.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
