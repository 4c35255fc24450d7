import { Check, X } from 'lucide-react';
import { Link } from 'wouter';
import { type FriendRequestItem } from '@shared/schema/friends';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { profilePath } from '@/lib/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { useRespondFriendRequest } from '@/api/respond-friend-request';

/** Received friend requests, newest first, each with Accept and Decline. */
export function FriendRequestsList({ requests }: { requests: FriendRequestItem[] }) {
  return (
    <ul aria-label="Friend requests" className="grid gap-3">
      {requests.map((request) => (
        <FriendRequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}

function FriendRequestRow({ request }: { request: FriendRequestItem }) {
  const respond = useRespondFriendRequest({
    mutationConfig: {
      onSuccess: (result) => {
        toast(
          result.status === 'accepted'
            ? {
                title: 'Friend request accepted',
                description: `You and ${request.name} are now friends.`,
              }
            : {
                title: 'Friend request declined',
                description: `${request.name} will not be added to your friends.`,
              },
        );
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to respond to request',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });
  const answering = respond.isPending ? respond.variables.action : null;

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm">
      <Avatar name={request.name} picture={request.profilePicture} decorative />
      <div className="grid min-w-0 flex-1 basis-40">
        <Link
          href={profilePath(request.username)}
          className="truncate font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          {request.name}
        </Link>
        <span className="truncate text-sm text-muted-foreground">@{request.username}</span>
        <time dateTime={request.createdAt} className="text-xs text-muted-foreground">
          {formatRelativeTime(request.createdAt)}
        </time>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          disabled={respond.isPending}
          onClick={() => respond.mutate({ friendshipId: request.id, action: 'accept' })}
        >
          <Check aria-hidden="true" />
          {answering === 'accept' ? 'Accepting...' : 'Accept'}
          <span className="sr-only"> friend request from {request.name}</span>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={respond.isPending}
          onClick={() => respond.mutate({ friendshipId: request.id, action: 'reject' })}
        >
          <X aria-hidden="true" />
          {answering === 'reject' ? 'Declining...' : 'Decline'}
          <span className="sr-only"> friend request from {request.name}</span>
        </Button>
      </div>
    </li>
  );
}
