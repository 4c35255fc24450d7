import { and, asc, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { type Database, type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { toWalletGiftCard, walletGiftCardColumns } from './present-gift-card';
import { type Page } from '../../lib/list-answer';

/** Cards the consumer can use: active and unexpired, soonest expiry first. */
export const usableCardsOf = (ownerId: number | SQLWrapper) =>
  and(
    eq(giftCards.ownerId, ownerId),
    eq(giftCards.status, 'active'),
    gt(giftCards.expiresAt, sql`now()`),
  );

// The wallet's page with the total (an InitPlan), built once.
const walletPage = preparedStatement('wallet_cards_page', (db: Database) => {
  const where = usableCardsOf(sql.placeholder('ownerId'));
  return db
    .select({ ...walletGiftCardColumns, total: db.$count(giftCards, where) })
    .from(giftCards)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .where(where)
    .orderBy(asc(giftCards.expiresAt), asc(giftCards.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
});

export async function listConsumerGiftCards(
  db: Database,
  ownerId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<WalletGiftCard>> {
  const rows = await walletPage(db, 'all').execute({
    ownerId,
    limit,
    offset: (page - 1) * limit,
  });
  const total =
    rows[0]?.total ?? (page === 1 ? 0 : await db.$count(giftCards, usableCardsOf(ownerId)));
  return { items: rows.map(toWalletGiftCard), page, limit, total };
}

/** What the consumer's usable cards hold, in cents (the consumer wallet's balance): a statement
 * answering one row, read as a scalar subquery of the wallet overview. */
export const usableCardBalancesQuery = (db: Executor, ownerId: number | SQLWrapper) =>
  db
    .select({
      total: sql<number>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)`.mapWith(Number),
    })
    .from(giftCards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .where(usableCardsOf(ownerId));
