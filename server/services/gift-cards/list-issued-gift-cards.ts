import { desc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type IssuedGiftCard } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { type Page } from '../../lib/list-answer';

/**
 * The cards a business's pins issued, newest first, with the consumer who claimed each ("Manage
 * Gift Cards"): a customer who agreed to be the business's lead. Whom a card was given to later is
 * between consumers, so the business never learns it here (the card's history says only that it
 * was given on).
 */
export async function listIssuedGiftCards(
  db: Database,
  businessId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<IssuedGiftCard>> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: giftCards.id,
        consumerName: users.name,
        consumerUsername: users.username,
        brandId: giftCards.brandId,
        valueCents: giftCards.valueCents,
        balanceCents: sql<number>`coalesce(${ledgerAccounts.balanceCents}, 0)`.mapWith(Number),
        status: giftCards.status,
        expiresAt: giftCards.expiresAt,
        createdAt: giftCards.createdAt,
      })
      .from(giftCards)
      .innerJoin(users, eq(users.id, sql`coalesce(${giftCards.claimedBy}, ${giftCards.ownerId})`))
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
      .where(eq(giftCards.businessId, businessId))
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(giftCards)
      .where(eq(giftCards.businessId, businessId)),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      consumer_name: row.consumerName,
      consumer_username: row.consumerUsername,
      brand: row.brandId,
      value: centsToDollars(row.valueCents),
      balance: centsToDollars(row.balanceCents),
      status:
        row.status === 'active' && new Date(row.expiresAt).getTime() <= Date.now()
          ? 'expired'
          : row.status,
      expires: new Date(row.expiresAt).toISOString(),
      created_at: new Date(row.createdAt).toISOString(),
    })),
    page,
    limit,
    total: totals[0]?.total ?? 0,
  };
}
