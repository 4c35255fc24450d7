import { type LeaderboardPeriod } from '@shared/constants';
import { type Post } from '@shared/schema/posts';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getLeaderboardStanding } from '../gift-cards/leaderboard';
import { createPost } from './create-post';

const PERIOD_WORDS: Record<LeaderboardPeriod, string> = {
  week: 'this week',
  month: 'this month',
  year: 'this year',
  all: 'of all time',
};

export const NOT_RANKED_MESSAGE = 'Send a gift first to get on the leaderboard';

/** The consumer shares their real place on the leaderboard to the Pin Board. */
export async function shareLeaderboardPost(
  db: Database,
  userId: number,
  period: LeaderboardPeriod,
): Promise<Post> {
  const standing = await getLeaderboardStanding(db, userId, period);
  if (standing.rank === null) throw new AppError('CONFLICT', NOT_RANKED_MESSAGE);
  const points = `${standing.points} ${standing.points === 1 ? 'point' : 'points'}`;
  const content = `I'm #${standing.rank} of ${standing.rankedUsers} on the mark.it gifting leaderboard ${PERIOD_WORDS[period]} with ${points}! 🎁`;
  return createPost(
    db,
    userId,
    { content, mentionedUserIds: [], attachmentUrl: null, attachmentType: null },
    { isLeaderboardPost: true },
  );
}
