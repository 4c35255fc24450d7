import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

/** How many gifters the page asks for; the server allows 1 to 100. */
export const LEADERBOARD_LIMIT = 50;

export type LeaderboardParams = { period: LeaderboardPeriod; limit?: number };

/** The consumers who sent the most gift value in the period, best first. */
export const getLeaderboardQueryOptions = ({
  period,
  limit = LEADERBOARD_LIMIT,
}: LeaderboardParams) =>
  queryOptions(contractQuery(giftCardsContracts.leaderboard, { query: { period, limit } }));

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery(getLeaderboardQueryOptions(params));
}
