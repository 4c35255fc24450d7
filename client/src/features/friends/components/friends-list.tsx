import { MessageCircle, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type FriendItem } from '@shared/schema/friends';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { conversationPagePath, profilePath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { RemoveFriendDialog } from './remove-friend-dialog';

type RemoveDialogState = { open: boolean; friendship?: FriendItem };

/** The signed-in user's friends with their online state, Message, View Profile and Remove. */
export function FriendsList({ friends }: { friends: FriendItem[] }) {
  // The friendship outlives `open`, so the dialog keeps its text while it closes.
  const [removeDialog, setRemoveDialog] = useState<RemoveDialogState>({ open: false });

  return (
    <>
      <ul aria-label="Your friends" className="grid gap-3">
        {friends.map((friendship) => (
          <FriendRow
            key={friendship.friendshipId}
            friendship={friendship}
            onRemove={() => setRemoveDialog({ open: true, friendship })}
          />
        ))}
      </ul>
      <RemoveFriendDialog
        open={removeDialog.open}
        onOpenChange={(open) => setRemoveDialog((current) => ({ ...current, open }))}
        friendship={removeDialog.friendship}
      />
    </>
  );
}

function FriendRow({ friendship, onRemove }: { friendship: FriendItem; onRemove: () => void }) {
  const { friend } = friendship;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm">
      <Avatar name={friend.name} picture={friend.profilePicture} decorative>
        <OnlineDot online={friend.isOnline} />
      </Avatar>
      <div className="grid min-w-0 flex-1 basis-40">
        <span className="truncate font-medium">
          {friend.name}
          <span className="sr-only">, {friend.isOnline ? 'Online' : 'Offline'}</span>
        </span>
        <span className="truncate text-sm text-muted-foreground">@{friend.username}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          href={conversationPagePath(friend.username)}
          className={buttonVariants({ variant: 'default', size: 'sm' })}
        >
          <MessageCircle aria-hidden="true" />
          Message<span className="sr-only"> {friend.name}</span>
        </Link>
        <Link
          href={profilePath(friend.username)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          View Profile<span className="sr-only"> of {friend.name}</span>
        </Link>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <UserMinus aria-hidden="true" />
          Remove<span className="sr-only"> {friend.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** Green and filled when online, a grey ring when offline: the shape differs, not only the colour. */
function OnlineDot({ online }: { online: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-online={online}
      className={cn(
        'absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-card',
        online ? 'bg-green-600' : 'border-2 border-gray-500 bg-card',
      )}
    />
  );
}
