import { Check, Clock, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { useSendFriendRequest } from '@/api/send-friend-request';
import { Avatar } from '@/components/ui/avatar';
import {
  announceFriendRequest,
  announceFriendRequestFailure,
} from '@/components/friends/suggested-friends-list';
import { VerifiedBadge } from '@/components/friends/verified-badge';
import { Button } from '@/components/ui/button';
import { profilePath } from '@/lib/paths';

/** One person found on /add-friend, with what can be done given the friendship. */
export function UserSearchResultRow({ person }: { person: UserSearchResult }) {
  // The server's answer to a request sent from here wins over the (older) search result.
  const [sent, setSent] = useState<'accepted' | 'pending' | null>(null);
  const sendRequest = useSendFriendRequest({
    mutationConfig: {
      onSuccess: (result) => {
        setSent(result.status === 'accepted' ? 'accepted' : 'pending');
        announceFriendRequest(person.name, result.status);
      },
      onError: announceFriendRequestFailure,
    },
  });
  const status = sent ?? person.friendshipStatus;

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm">
      <Avatar name={person.name} picture={person.profilePicture} decorative />
      <div className="grid min-w-0 flex-1 basis-40">
        <span className="flex min-w-0 items-center gap-1">
          <Link
            href={profilePath(person.username)}
            className="truncate font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            {person.name}
          </Link>
          {person.verified && <VerifiedBadge />}
        </span>
        <span className="truncate text-sm text-muted-foreground">@{person.username}</span>
      </div>
      {status === 'accepted' ? (
        <Button type="button" size="sm" variant="secondary" disabled>
          <Check aria-hidden="true" />
          Friends<span className="sr-only"> with {person.name}</span>
        </Button>
      ) : status === 'pending' ? (
        <Button type="button" size="sm" variant="secondary" disabled>
          <Clock aria-hidden="true" />
          Pending<span className="sr-only"> request with {person.name}</span>
        </Button>
      ) : (
        <Button
          type="button"
          size="sm"
          disabled={sendRequest.isPending}
          onClick={() => sendRequest.mutate({ username: person.username })}
        >
          <UserPlus aria-hidden="true" />
          {sendRequest.isPending ? 'Sending...' : 'Add Friend'}
          <span className="sr-only"> {person.name}</span>
        </Button>
      )}
    </li>
  );
}
