import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

/** The signed-in consumer's own place on the leaderboard for the period. */
export const getLeaderboardStandingQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions(contractQuery(giftCardsContracts.leaderboardStanding, { query: { period } }));

export function useLeaderboardStanding(period: LeaderboardPeriod) {
  return useQuery(getLeaderboardStandingQueryOptions(period));
}
