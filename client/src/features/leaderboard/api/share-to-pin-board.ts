import { useMutation } from '@tanstack/react-query';
import { type LeaderboardPeriod } from '@shared/constants';
import { type Post } from '@shared/schema/posts';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

/**
 * Posts the signed-in consumer's rank for the period to the Pin Board as a leaderboard post; the
 * server writes the text from the rank it computes, so nothing here can overstate it.
 */
export const shareToPinBoard = ({ period }: { period: LeaderboardPeriod }): Promise<Post> =>
  api.post('/posts/leaderboard', { period });

type UseShareToPinBoardOptions = { mutationConfig?: MutationConfig<typeof shareToPinBoard> };

/** The Pin Board refetches its feed whenever it opens, so there is no cache here to refresh. */
export function useShareToPinBoard({ mutationConfig }: UseShareToPinBoardOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: shareToPinBoard });
}
