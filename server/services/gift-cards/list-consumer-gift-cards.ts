import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type WalletGiftCardPage, giftCards } from '@shared/schema/gift-cards';
import { ledgerAccounts } from '@shared/schema/ledger';
import { type Database } from '../../db/client';
import { toWalletGiftCard, walletGiftCardColumns } from './present-gift-card';

/** Cards the consumer can use: active and unexpired, soonest expiry first. */
export const usableCardsOf = (ownerId: number) =>
  and(
    eq(giftCards.ownerId, ownerId),
    eq(giftCards.status, 'active'),
    gt(giftCards.expiresAt, sql`now()`),
  );

export async function listConsumerGiftCards(
  db: Database,
  ownerId: number,
  { page, limit }: { page: number; limit: number },
): Promise<WalletGiftCardPage> {
  const where = usableCardsOf(ownerId);
  const [rows, totals] = await Promise.all([
    db
      .select(walletGiftCardColumns)
      .from(giftCards)
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
      .where(where)
      .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(giftCards)
      .where(where),
  ]);
  return { items: rows.map(toWalletGiftCard), page, limit, total: totals[0]?.total ?? 0 };
}

/** What the consumer's usable cards are worth, in cents: the consumer wallet's balance. */
export async function sumUsableCardBalances(db: Database, ownerId: number): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)`.mapWith(Number),
    })
    .from(giftCards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .where(usableCardsOf(ownerId));
  return row?.total ?? 0;
}
