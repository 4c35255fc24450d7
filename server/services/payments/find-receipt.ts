import { eq } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { brands } from '@shared/tables/brands';
import { giftCardActivities, giftCards } from '@shared/tables/gift-cards';
import { ledgerTransactions } from '@shared/tables/ledger';
import { stores } from '@shared/tables/locations';
import { users } from '@shared/tables/users';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor } from '../../db/client';

/** What a receipt says about one ledger movement: read when the receipt is sent. */
export type Receipt = {
  kind: (typeof ledgerTransactions.$inferSelect)['kind'];
  amountCents: number;
  description: string;
  reference: string | null;
  date: Date;
  card: {
    brandName: string;
    promotional: boolean;
    balanceAfterCents: number;
    recipientName: string | null;
    businessName: string | null;
    storeName: string | null;
  } | null;
};

const recipients = alias(users, 'recipients');
const businesses = alias(users, 'businesses');

export async function findReceipt(db: Executor, transactionId: number): Promise<Receipt | null> {
  const [row] = await db
    .select({
      kind: ledgerTransactions.kind,
      amountCents: ledgerTransactions.amountCents,
      description: ledgerTransactions.description,
      reference: ledgerTransactions.providerReference,
      date: ledgerTransactions.createdAt,
      brandId: giftCards.brandId,
      brandName: brands.name,
      pinId: giftCards.pinId,
      balanceAfterCents: giftCardActivities.balanceAfterCents,
      recipientName: recipients.name,
      businessName: businesses.name,
      storeName: stores.name,
    })
    .from(ledgerTransactions)
    .leftJoin(giftCardActivities, eq(giftCardActivities.ledgerTransactionId, ledgerTransactions.id))
    .leftJoin(giftCards, eq(giftCards.id, giftCardActivities.giftCardId))
    .leftJoin(brands, eq(brands.id, giftCards.brandId))
    .leftJoin(recipients, eq(recipients.id, giftCardActivities.recipientId))
    .leftJoin(businesses, eq(businesses.id, giftCardActivities.businessId))
    .leftJoin(stores, eq(stores.id, giftCardActivities.storeId))
    .where(eq(ledgerTransactions.id, transactionId));
  if (!row) return null;
  return {
    kind: row.kind,
    amountCents: row.amountCents,
    description: row.description,
    reference: row.reference,
    date: new Date(row.date),
    card: row.brandId
      ? {
          brandName: row.brandName ?? brandDisplayName(row.brandId),
          promotional: row.pinId !== null,
          balanceAfterCents: row.balanceAfterCents ?? 0,
          recipientName: row.recipientName,
          businessName: row.businessName,
          storeName: row.storeName,
        }
      : null,
  };
}
