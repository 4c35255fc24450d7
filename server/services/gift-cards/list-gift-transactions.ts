import { desc, eq, or, sql } from 'drizzle-orm';
import { type GiftTransaction } from '@shared/schema/gift-cards';
import { giftCards, gifts } from '@shared/tables/gift-cards';
import { type Database } from '../../db/client';
import { giftColumns, giftJoins, recipients, toGiftTransaction } from './present-gift';
import { type Page } from '../../lib/list-answer';

/** The gifts a consumer sent or received, newest first. */
export async function listGiftTransactions(
  db: Database,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<GiftTransaction>> {
  const mine = or(eq(gifts.senderId, userId), eq(gifts.recipientId, userId));
  const [rows, totals] = await Promise.all([
    db
      .select(giftColumns)
      .from(gifts)
      .innerJoin(recipients, giftJoins.recipients)
      .innerJoin(giftCards, giftJoins.giftCards)
      .where(mine)
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(gifts)
      .where(mine),
  ]);
  return {
    items: rows.map((row) => toGiftTransaction(row, userId)),
    page,
    limit,
    total: totals[0]?.total ?? 0,
  };
}
