import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { type LeaderboardStanding } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-client';

/** The signed-in consumer's own place on the leaderboard for the period. */
export const getLeaderboardStanding = (period: LeaderboardPeriod): Promise<LeaderboardStanding> =>
  api.get('/gift-cards/leaderboard/me', { params: { period } });

export const getLeaderboardStandingQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...LEADERBOARD_QUERY_KEY, 'me', period],
    queryFn: () => getLeaderboardStanding(period),
  });

export function useLeaderboardStanding(period: LeaderboardPeriod) {
  return useQuery(getLeaderboardStandingQueryOptions(period));
}
