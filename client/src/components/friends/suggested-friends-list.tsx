import { Check, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type FriendshipStatus } from '@shared/constants';
import { type SuggestedFriend } from '@shared/schema/friends';
import { useSendFriendRequest } from '@/api/send-friend-request';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { profilePath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { Avatar } from '@/components/ui/avatar';

export const FRIEND_REQUEST_SENT = 'Friend request sent';
export const FRIEND_REQUEST_FAILED = 'Failed to send request';

/** '1 mutual friend', '3 mutual friends', 'No mutual friends'. */
export function mutualFriendsLabel(count: number): string {
  if (count <= 0) return 'No mutual friends';
  return `${count} mutual friend${count === 1 ? '' : 's'}`;
}

/** The toasts of a sent friend request, shared by every place that sends one. */
export function announceFriendRequest(name: string, status: FriendshipStatus) {
  toast({
    title: FRIEND_REQUEST_SENT,
    description:
      status === 'accepted'
        ? `${name} had already asked you, so you are now friends.`
        : `${name} will see your request.`,
  });
}

export function announceFriendRequestFailure(error: unknown) {
  toast({
    variant: 'destructive',
    title: FRIEND_REQUEST_FAILED,
    description: errorMessage(error, 'Please try again.'),
  });
}

type SuggestedFriendsListProps = {
  friends: SuggestedFriend[];
  /** The list's accessible name. */
  label?: string;
  className?: string;
};

/** Suggested people, each with their mutual friends and an 'Add' that sends a friend request. */
export function SuggestedFriendsList({
  friends,
  label = 'Suggested friends',
  className,
}: SuggestedFriendsListProps) {
  return (
    <ul aria-label={label} className={cn('grid gap-3 sm:grid-cols-2', className)}>
      {friends.map((friend) => (
        <SuggestedFriendItem key={friend.id} friend={friend} />
      ))}
    </ul>
  );
}

function SuggestedFriendItem({ friend }: { friend: SuggestedFriend }) {
  // What the server answered for this person; the refreshed suggestions may no longer hold them.
  const [sent, setSent] = useState<FriendshipStatus | null>(null);
  const sendRequest = useSendFriendRequest({
    mutationConfig: {
      onSuccess: (result) => {
        setSent(result.status);
        announceFriendRequest(friend.name, result.status);
      },
      onError: announceFriendRequestFailure,
    },
  });

  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm">
      <Avatar name={friend.name} picture={friend.profilePicture} decorative />
      <div className="grid min-w-0 flex-1">
        <Link
          href={profilePath(friend.username)}
          className="truncate font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          {friend.name}
        </Link>
        <span className="truncate text-sm text-muted-foreground">@{friend.username}</span>
        <span className="truncate text-xs text-muted-foreground">
          {mutualFriendsLabel(friend.mutualFriends)}
        </span>
      </div>
      {sent ? (
        <Button type="button" size="sm" variant="secondary" disabled>
          <Check aria-hidden="true" />
          {sent === 'accepted' ? 'Friends' : 'Pending'}
          <span className="sr-only"> {friend.name}</span>
        </Button>
      ) : (
        <Button
          type="button"
          size="sm"
          onClick={() => sendRequest.mutate({ username: friend.username })}
          disabled={sendRequest.isPending}
        >
          <UserPlus aria-hidden="true" />
          {sendRequest.isPending ? 'Adding...' : 'Add'}
          <span className="sr-only"> {friend.name}</span>
        </Button>
      )}
    </li>
  );
}

/** Placeholder cards while the suggestions load. */
export function SuggestedFriendsSkeleton({ count = 4, label = 'Loading suggested friends' }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-9 w-16" />
        </div>
      ))}
    </div>
  );
}
