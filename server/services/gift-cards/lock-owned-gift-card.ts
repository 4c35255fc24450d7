import { and, eq } from 'drizzle-orm';
import { GIFT_CARD_MESSAGES } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { type Transaction } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';

/**
 * The owner's card locked for this transaction, with its ledger account and balance. Someone
 * else's card answers like a missing one (404): its existence is not ours to reveal. A card that
 * cannot be used any more answers 410 (expired, cancelled) or 409 (spent).
 */
export async function lockUsableGiftCard(tx: Transaction, ownerId: number, cardId: number) {
  const [card] = await tx
    .select({
      id: giftCards.id,
      ownerId: giftCards.ownerId,
      brandId: giftCards.brandId,
      valueCents: giftCards.valueCents,
      status: giftCards.status,
      expiresAt: giftCards.expiresAt,
      businessId: giftCards.businessId,
    })
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), eq(giftCards.ownerId, ownerId)))
    .for('update');
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound);
  if (card.status === 'redeemed') throw new AppError('CONFLICT', GIFT_CARD_MESSAGES.used);
  if (card.status === 'expired' || new Date(card.expiresAt).getTime() <= Date.now()) {
    throw new AppError('GONE', GIFT_CARD_MESSAGES.expired);
  }
  if (card.status !== 'active') throw new AppError('GONE', GIFT_CARD_MESSAGES.unavailable);

  const [account] = await tx
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      balanceCents: ledgerAccounts.balanceCents,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.giftCardId, card.id));
  if (!account) throw new Error(`Gift card ${card.id} has no ledger account`);
  return { ...card, account };
}
