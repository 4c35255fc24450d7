import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';

/** A card's own columns of the wallet's answer (a card just issued has them from its insert). */
export const giftCardAnswerColumns = {
  id: giftCards.id,
  senderName: giftCards.senderName,
  brandId: giftCards.brandId,
  valueCents: giftCards.valueCents,
  status: giftCards.status,
  source: giftCards.source,
  pinId: giftCards.pinId,
  message: giftCards.message,
  expiresAt: giftCards.expiresAt,
  createdAt: giftCards.createdAt,
};

/** A card's columns with its balance, which lives in its ledger account. */
export const walletGiftCardColumns = {
  ...giftCardAnswerColumns,
  balanceCents: sql<number>`coalesce(${ledgerAccounts.balanceCents}, 0)`.mapWith(Number),
};

type WalletGiftCardRow = {
  id: number;
  senderName: string;
  brandId: string;
  valueCents: number;
  balanceCents: number;
  status: WalletGiftCard['status'];
  source: WalletGiftCard['source'];
  pinId: number | null;
  message: string;
  expiresAt: Date;
  createdAt: Date;
};

export function toWalletGiftCard(row: WalletGiftCardRow): WalletGiftCard {
  // A card past its expiry reads as expired even before the periodic sweep marks it.
  const expired = row.status === 'active' && new Date(row.expiresAt).getTime() <= Date.now();
  return {
    id: row.id,
    sender_name: row.senderName,
    brand: row.brandId,
    value: centsToDollars(row.valueCents),
    balance: centsToDollars(row.balanceCents),
    status: expired ? 'expired' : row.status,
    source: row.source,
    // A business's pin gave it: it was never bought, so it keeps the pin's expiry.
    promotional: row.pinId !== null,
    message: row.message,
    expires: new Date(row.expiresAt).toISOString(),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** The owner's card, or null for a missing card or someone else's. */
export async function findOwnedGiftCard(
  db: Executor,
  ownerId: number,
  cardId: number,
): Promise<WalletGiftCard | null> {
  const [row] = await db
    .select(walletGiftCardColumns)
    .from(giftCards)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.giftCardId, giftCards.id))
    .where(and(eq(giftCards.id, cardId), eq(giftCards.ownerId, ownerId)));
  return row ? toWalletGiftCard(row) : null;
}
