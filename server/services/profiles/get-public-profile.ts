import { and, asc, eq, or, sql } from 'drizzle-orm';
import { friendships } from '@shared/schema/friends';
import { type PublicProfile } from '@shared/schema/profiles';
import { userBrands } from '@shared/schema/users';
import { type Database } from '../../db/client';
import { findUserByUsername } from './find-user-by-username';

/** Spec §7: the public fields of a profile, and nothing private (no e-mail, phone or hash). */
export async function getPublicProfile(db: Database, username: string): Promise<PublicProfile> {
  const user = await findUserByUsername(db, username);
  const [brandRows, [friends]] = await Promise.all([
    db
      .select({ brandId: userBrands.brandId })
      .from(userBrands)
      .where(eq(userBrands.userId, user.id))
      .orderBy(asc(userBrands.brandId)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(friendships)
      .where(
        and(
          eq(friendships.status, 'accepted'),
          or(eq(friendships.requesterId, user.id), eq(friendships.addresseeId, user.id)),
        ),
      ),
  ]);
  return {
    name: user.name,
    username: user.username,
    profilePicture: user.profilePicture,
    verified: user.verified,
    friendsCount: friends?.total ?? 0,
    brands: brandRows.map((row) => row.brandId),
    type: user.type,
  };
}
