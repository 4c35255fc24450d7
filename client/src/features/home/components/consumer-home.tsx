import { ArrowRight, Gift, Users } from 'lucide-react';
import { Link } from 'wouter';
import { type CurrentUser } from '@shared/schema/users';
import { useMarketplacePins } from '@/api/get-marketplace-pins';
import { useSuggestedFriends } from '@/api/get-suggested-friends';
import {
  SuggestedFriendsList,
  SuggestedFriendsSkeleton,
} from '@/components/friends/suggested-friends-list';
import {
  MarketplacePinCard,
  MarketplacePinCardSkeleton,
} from '@/components/gift-cards/marketplace-pin-card';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { EmptyState } from './empty-state';
import { ErrorAlert } from '@/components/ui/error-alert';

/** How many offers Home shows; the rest are on the marketplace. */
const HOME_PIN_COUNT = 4;
/** Home shows 4 suggested friends; the rest are on /friends. */
const HOME_SUGGESTED_FRIENDS_COUNT = 4;

type ConsumerHomeProps = { user: CurrentUser };

function HomePins() {
  const { data, isPending, isError, isFetching, refetch } = useMarketplacePins({
    limit: HOME_PIN_COUNT,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading offers" className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: HOME_PIN_COUNT }, (_, index) => (
          <MarketplacePinCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to fetch marketplace pins"
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={Gift}
        message="No offers for you yet. Offers from your favourite brands will appear here."
      />
    );
  }

  return (
    <ul aria-label="Top offers for you" className="grid gap-3 sm:grid-cols-2">
      {data.items.slice(0, HOME_PIN_COUNT).map((pin) => (
        <li key={pin.id}>
          <MarketplacePinCard pin={pin} />
        </li>
      ))}
    </ul>
  );
}

function HomeSuggestedFriends() {
  const { data, isPending, isError, isFetching, refetch } = useSuggestedFriends({
    limit: HOME_SUGGESTED_FRIENDS_COUNT,
  });

  if (isPending) {
    return <SuggestedFriendsSkeleton count={HOME_SUGGESTED_FRIENDS_COUNT} />;
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load friends data. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
        retryLabel="Try again loading suggested friends"
      />
    );
  }

  if (data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        message="No suggestions right now. Find people you know with Add Friend."
      />
    );
  }

  return <SuggestedFriendsList friends={data.slice(0, HOME_SUGGESTED_FRIENDS_COUNT)} />;
}

/**
 * The consumer home: the Mark.itplace, the best offers for this consumer first, then people they
 * may know.
 */
export function ConsumerHome({ user }: ConsumerHomeProps) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <p className="text-muted-foreground">Hello, {user.name}!</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mark.itplace</h1>
        </div>
        <Link href={paths.marketplace} className={buttonVariants({ variant: 'outline' })}>
          View all offers
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
      <HomePins />

      <section aria-labelledby="home-suggested-friends" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h2 id="home-suggested-friends" className="text-xl font-semibold tracking-tight">
            Suggested Friends
          </h2>
          <Link href={paths.addFriend} className={buttonVariants({ variant: 'outline' })}>
            Add Friend
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <HomeSuggestedFriends />
      </section>
    </div>
  );
}
