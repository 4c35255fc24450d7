import { ArrowLeft, Check, UserPlus, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { type FriendshipStatus } from '@shared/constants';
import { type PublicFriend } from '@shared/schema/friends';
import { useUser } from '@/api/get-user';
import { useSendFriendRequest } from '@/api/send-friend-request';
import { Avatar } from '@/components/ui/avatar';
import {
  announceFriendRequest,
  announceFriendRequestFailure,
} from '@/components/friends/suggested-friends-list';
import { VerifiedBadge } from '@/components/friends/verified-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { ApiError } from '@/lib/api-client';
import { paths, profilePath } from '@/lib/paths';
import { useUserFriends } from '../api/get-user-friends';
import { FriendListSkeleton } from '../components/friend-list-skeleton';
import { FRIENDS_LOAD_ERROR } from '../components/friends-copy';
import { SectionEmpty } from '../components/section-empty';

/**
 * /friends/{username}: anyone's public friends list, reached from their profile's friends
 * count or the QR dialog's Add Friend, so a signed-in visitor can ask them to be friends here.
 */
export function UserFriendsPage() {
  const { username = '' } = useParams<{ username: string }>();
  const friends = useUserFriends(username);
  const { data: viewer } = useUser();

  if (friends.isError && friends.error instanceof ApiError && friends.error.status === 404) {
    return <UserNotFound username={username} />;
  }

  const isOwnList = viewer?.username.toLowerCase() === username.toLowerCase();
  const viewerIsFriend = Boolean(viewer && friends.data?.some((friend) => friend.id === viewer.id));

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <title>{`@${username}'s friends · mark.it`}</title>
      <div className="grid gap-3">
        <Link
          href={profilePath(username)}
          className="inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to profile
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-all sm:text-3xl">
            @{username}&apos;s friends
          </h1>
          {viewer && !isOwnList && friends.isSuccess && (
            <AddOwnerButton username={username} alreadyFriends={viewerIsFriend} />
          )}
        </div>
      </div>

      {friends.isPending ? (
        <FriendListSkeleton label="Loading friends" />
      ) : friends.isError ? (
        <ErrorAlert
          message={FRIENDS_LOAD_ERROR}
          onRetry={() => void friends.refetch()}
          retrying={friends.isFetching}
        />
      ) : friends.data.length === 0 ? (
        <SectionEmpty>@{username} has no friends on mark.it yet.</SectionEmpty>
      ) : (
        <ul aria-label={`@${username}'s friends`} className="grid gap-3">
          {friends.data.map((friend) => (
            <PublicFriendRow key={friend.id} friend={friend} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PublicFriendRow({ friend }: { friend: PublicFriend }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground shadow-sm">
      <Avatar name={friend.name} picture={friend.profilePicture} decorative />
      <div className="grid min-w-0 flex-1 basis-40">
        <span className="flex min-w-0 items-center gap-1">
          <span className="truncate font-medium">{friend.name}</span>
          {friend.verified && <VerifiedBadge />}
        </span>
        <span className="truncate text-sm text-muted-foreground">@{friend.username}</span>
      </div>
      <Link
        href={profilePath(friend.username)}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        View Profile<span className="sr-only"> of {friend.name}</span>
      </Link>
    </li>
  );
}

/** Ask the list's owner to be friends; a request that already exists comes back as a clear 409. */
function AddOwnerButton({
  username,
  alreadyFriends,
}: {
  username: string;
  alreadyFriends: boolean;
}) {
  const [sent, setSent] = useState<FriendshipStatus | null>(null);
  const sendRequest = useSendFriendRequest({
    mutationConfig: {
      onSuccess: (result) => {
        setSent(result.status);
        announceFriendRequest(result.friend.name, result.status);
      },
      onError: announceFriendRequestFailure,
    },
  });

  if (alreadyFriends || sent) {
    return (
      <Button type="button" variant="secondary" disabled>
        <Check aria-hidden="true" />
        {alreadyFriends || sent === 'accepted' ? 'Friends' : 'Pending'}
      </Button>
    );
  }

  return (
    <Button
      type="button"
      disabled={sendRequest.isPending}
      onClick={() => sendRequest.mutate({ username })}
    >
      <UserPlus aria-hidden="true" />
      {sendRequest.isPending ? 'Sending...' : 'Add Friend'}
    </Button>
  );
}

function UserNotFound({ username }: { username: string }) {
  return (
    <div className="mx-auto grid w-full max-w-2xl">
      <title>Profile Not Found · mark.it</title>
      <Card>
        <CardContent className="grid justify-items-center gap-4 p-6 text-center sm:p-10">
          <UserX className="size-12 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Profile Not Found</h1>
          <p className="break-all text-muted-foreground">
            No one on mark.it has the username @{username}.
          </p>
          <Link href={paths.home} className={buttonVariants()}>
            Return Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
