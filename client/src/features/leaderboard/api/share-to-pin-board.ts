import { useMutation } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { postsContracts } from '@shared/contracts/posts';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/**
 * Posts the signed-in consumer's rank for the period to the Pin Board as a leaderboard post; the
 * server writes the text from the rank it computes, so nothing here can overstate it.
 */
export const shareToPinBoard = ({ period }: { period: LeaderboardPeriod }) =>
  call(postsContracts.shareLeaderboard, { body: { period } });

type UseShareToPinBoardOptions = { mutationConfig?: MutationConfig<typeof shareToPinBoard> };

/** The Pin Board refetches its feed whenever it opens, so there is no cache here to refresh. */
export function useShareToPinBoard({ mutationConfig }: UseShareToPinBoardOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: shareToPinBoard });
}
