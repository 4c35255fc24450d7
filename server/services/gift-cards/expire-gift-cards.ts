import { and, eq, lte, sql } from 'drizzle-orm';
import { giftCards } from '@shared/tables/gift-cards';
import { type Database } from '../../db/client';

/**
 * Marks active cards past their expiry as expired (conditional, so safe from every instance at
 * once). What was left on them stays in their ledger accounts: nothing is spent or refunded, and
 * an expired card no longer counts in its owner's balance.
 */
export async function expireGiftCards(db: Database): Promise<number> {
  const expired = await db
    .update(giftCards)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(giftCards.status, 'active'), lte(giftCards.expiresAt, sql`now()`)))
    .returning({ id: giftCards.id });
  return expired.length;
}
