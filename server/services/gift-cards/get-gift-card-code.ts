import { and, eq } from 'drizzle-orm';
import { GIFT_CARD_MESSAGES, type GiftCardCode } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { type Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { giftCardQrCode } from './gift-card-code';

/** The card's secret code and its QR image, only ever to its owner (the code spends the card). */
export async function getGiftCardCode(
  db: Database,
  ownerId: number,
  cardId: number,
): Promise<GiftCardCode> {
  const [card] = await db
    .select({ id: giftCards.id, code: giftCards.code })
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), eq(giftCards.ownerId, ownerId)));
  if (!card) throw notFound(GIFT_CARD_MESSAGES.notFound);
  return { id: card.id, code: card.code, qrCode: await giftCardQrCode(card.code) };
}
