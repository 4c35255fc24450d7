import { and, eq, or } from 'drizzle-orm';
import { blocks } from '@shared/tables/messages';
import { type Executor } from '../../db/client';

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Executor, a: number, b: number): Promise<boolean> {
  const [found] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return found !== undefined;
}
