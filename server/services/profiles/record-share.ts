import { type SharePlatform } from '@shared/constants';
import { shareEvents } from '@shared/tables/profiles';
import { type Database } from '../../db/client';
import { findUserByUsername } from './find-user-by-username';

/** Stores that someone (a guest when `sharedBy` is null) shared a profile on a platform. */
export async function recordShare(
  db: Database,
  input: { platform: SharePlatform; profileUsername: string; sharedBy: number | null },
): Promise<void> {
  const profile = await findUserByUsername(db, input.profileUsername);
  await db
    .insert(shareEvents)
    .values({ platform: input.platform, profileUserId: profile.id, sharedBy: input.sharedBy });
}
