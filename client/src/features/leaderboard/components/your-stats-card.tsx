import { useId } from 'react';
import { type LeaderboardPeriod } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeaderboardStanding } from '../api/get-leaderboard-standing';
import {
  formatPoints,
  pointsToNextRank,
  toPoints,
  topPercent,
  unrankedMessage,
} from '../lib/leaderboard-display';
import { ErrorAlert } from '@/components/ui/error-alert';

type YourStatsCardProps = { period: LeaderboardPeriod };

/**
 * 'Your Stats': the signed-in consumer's rank with 'Top N%', points, and the points
 * still needed to move up a place, for the selected period.
 */
export function YourStatsCard({ period }: YourStatsCardProps) {
  const titleId = useId();
  const {
    data: standing,
    isPending,
    isError,
    refetch,
    isRefetching,
  } = useLeaderboardStanding(period);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={titleId} as="h2">
          Your Stats
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {isPending ? (
          <div role="status" aria-label="Loading your stats" className="grid gap-3">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-6 w-40" />
          </div>
        ) : isError ? (
          <ErrorAlert
            message="Failed to load your stats. Please try again later."
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        ) : standing.rank === null ? (
          <p className="text-muted-foreground">{unrankedMessage(period)}</p>
        ) : (
          <StandingFigures
            rank={standing.rank}
            rankedUsers={standing.rankedUsers}
            points={toPoints(standing.points)}
            toNextRank={pointsToNextRank(standing.rank, standing.pointsToNextRank)}
          />
        )}
      </CardContent>
    </Card>
  );
}

type StandingFiguresProps = {
  rank: number;
  rankedUsers: number;
  points: number;
  toNextRank: number;
};

function StandingFigures({ rank, rankedUsers, points, toNextRank }: StandingFiguresProps) {
  const percent = topPercent(rank, rankedUsers);
  return (
    <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1">
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Rank</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold tabular-nums">#{rank}</span>
          {percent !== null && <Badge variant="secondary">Top {percent}%</Badge>}
        </dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Points</dt>
        <dd className="text-2xl font-bold tabular-nums">{formatPoints(points)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-sm text-muted-foreground">Points to next rank</dt>
        <dd className="text-2xl font-bold tabular-nums">{formatPoints(toNextRank)}</dd>
      </div>
    </dl>
  );
}
