import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { type LeaderboardEntry } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY } from '@/lib/query-client';

/** How many gifters the page asks for; the server allows 1 to 100. */
export const LEADERBOARD_LIMIT = 50;

export type LeaderboardParams = { period: LeaderboardPeriod; limit?: number };

/** The consumers who sent the most gift value in the period, best first. */
export const getLeaderboard = ({
  period,
  limit = LEADERBOARD_LIMIT,
}: LeaderboardParams): Promise<LeaderboardEntry[]> =>
  api.get('/gift-cards/leaderboard', { params: { period, limit } });

export const getLeaderboardQueryOptions = ({
  period,
  limit = LEADERBOARD_LIMIT,
}: LeaderboardParams) =>
  queryOptions({
    queryKey: [...LEADERBOARD_QUERY_KEY, 'entries', { period, limit }],
    queryFn: () => getLeaderboard({ period, limit }),
  });

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery(getLeaderboardQueryOptions(params));
}
