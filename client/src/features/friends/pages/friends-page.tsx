import { UserPlus } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSuggestedFriends } from '@/api/get-suggested-friends';
import {
  SuggestedFriendsList,
  SuggestedFriendsSkeleton,
} from '@/components/friends/suggested-friends-list';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { paths } from '@/lib/paths';
import { useFriendRequests } from '../api/get-friend-requests';
import { useFriends } from '../api/get-friends';
import { FriendListSkeleton } from '../components/friend-list-skeleton';
import { FriendRequestsList } from '../components/friend-requests-list';
import { FriendsList } from '../components/friends-list';
import { FRIENDS_LOAD_ERROR } from '../components/friends-copy';
import { SectionEmpty } from '../components/section-empty';

/**
 * /friends: requests waiting for an answer, the friends themselves, and people the user
 * may know. A list that fails to load is left out under one error with 'Try again'.
 */
export function FriendsPage() {
  const requests = useFriendRequests();
  const friends = useFriends();
  const suggested = useSuggestedFriends();

  const queries = [requests, friends, suggested];
  const failed = queries.filter((query) => query.isError);

  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Friends</h1>
        <Link href={paths.addFriend} className={buttonVariants()}>
          <UserPlus aria-hidden="true" />
          Add Friend
        </Link>
      </div>

      {failed.length > 0 && (
        <ErrorAlert
          message={FRIENDS_LOAD_ERROR}
          onRetry={() => failed.forEach((query) => void query.refetch())}
          retrying={failed.some((query) => query.isFetching)}
        />
      )}

      {!requests.isError && (
        <Section title="Friend Requests" count={requests.data?.length}>
          {requests.isPending ? (
            <FriendListSkeleton label="Loading friend requests" count={2} />
          ) : requests.data.length === 0 ? (
            <SectionEmpty>No pending friend requests.</SectionEmpty>
          ) : (
            <FriendRequestsList requests={requests.data} />
          )}
        </Section>
      )}

      {!friends.isError && (
        <Section title="Your Friends" count={friends.data?.length}>
          {friends.isPending ? (
            <FriendListSkeleton label="Loading friends" />
          ) : friends.data.length === 0 ? (
            <SectionEmpty>
              You haven&apos;t added any friends yet. Use Add Friend to find people you know.
            </SectionEmpty>
          ) : (
            <FriendsList friends={friends.data} />
          )}
        </Section>
      )}

      {!suggested.isError && (
        <Section title="Suggested Friends">
          {suggested.isPending ? (
            <SuggestedFriendsSkeleton />
          ) : suggested.data.length === 0 ? (
            <SectionEmpty>
              No suggestions right now. Check back after you add a few friends.
            </SectionEmpty>
          ) : (
            <SuggestedFriendsList friends={suggested.data} />
          )}
        </Section>
      )}
    </div>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        {title}
        {count !== undefined && count > 0 && (
          <Badge variant="secondary" aria-hidden="true">
            {count}
          </Badge>
        )}
      </h2>
      {children}
    </section>
  );
}
