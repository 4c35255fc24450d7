import { and, desc, eq, isNull } from 'drizzle-orm';
import { type BlockedUser } from '@shared/schema/messages';
import { blocks } from '@shared/tables/messages';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';

/** The people I blocked, most recent first. */
export async function listBlockedUsers(db: Database, blockerId: number): Promise<BlockedUser[]> {
  const rows = await db
    .select({
      username: users.username,
      name: users.name,
      avatar: users.profilePicture,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), isNull(users.deletedAt)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}
