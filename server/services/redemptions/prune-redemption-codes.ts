import { lt, sql } from 'drizzle-orm';
import { redemptionCodes } from '@shared/tables/gift-cards';
import { type Database } from '../../db/client';

/**
 * How long a code is kept after it stopped working: long enough for a retry of its spend (same
 * Idempotency-Key) to be matched to its card, short enough that the table holds about a day.
 */
export const REDEMPTION_CODE_KEPT_AFTER_EXPIRY = '1 day';

/** Drops codes that expired a day ago or more; run periodically so the table stays small. */
export async function pruneRedemptionCodes(db: Database): Promise<void> {
  await db
    .delete(redemptionCodes)
    .where(
      lt(redemptionCodes.expiresAt, sql`now() - ${REDEMPTION_CODE_KEPT_AFTER_EXPIRY}::interval`),
    );
}
