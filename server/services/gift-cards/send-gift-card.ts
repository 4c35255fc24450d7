import { and, eq, sql } from 'drizzle-orm';
import {
  GIFT_CARD_MESSAGES,
  type GiftTransaction,
  type sendGiftCardSchema,
} from '@shared/schema/gift-cards';
import { giftCards, giftRequests, gifts } from '@shared/tables/gift-cards';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOtherConsumer } from './find-consumer';
import { generateGiftCardCode } from './gift-card-code';
import { lockUsableGiftCard } from './lock-owned-gift-card';
import { giftColumns, giftJoins, recipients, toGiftTransaction } from './present-gift';
import { notify } from '../notifications/notify';

type SendInput = z.output<typeof sendGiftCardSchema>;

/**
 * A consumer gives one of their unused cards to another consumer: the card changes owner and gets
 * a new code (the sender saw the old one and must not be able to spend it), the gift is recorded
 * for both wallets and the leaderboard, and any pending request from the recipient is fulfilled.
 * The value stays in the card's own ledger account, so no money moves between accounts.
 */
export async function sendGiftCard(
  db: Database,
  senderId: number,
  cardId: number,
  input: SendInput,
): Promise<GiftTransaction> {
  const row = await db.transaction(async (tx) => {
    const card = await lockUsableGiftCard(tx, senderId, cardId);
    if (card.account.balanceCents !== card.valueCents) {
      throw new AppError('CONFLICT', GIFT_CARD_MESSAGES.partlyUsed);
    }
    const recipient = await findOtherConsumer(tx, input.recipientUsername, senderId, {
      self: GIFT_CARD_MESSAGES.self,
      consumersOnly: GIFT_CARD_MESSAGES.consumersOnly,
    });
    const [sender] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, senderId));
    if (!sender) throw new Error(`No user ${senderId}`);

    await tx
      .update(giftCards)
      .set({
        ownerId: recipient.id,
        code: generateGiftCardCode(),
        senderName: sender.name,
        source: 'friend_gift',
        updatedAt: sql`now()`,
      })
      .where(eq(giftCards.id, card.id));
    const [gift] = await tx
      .insert(gifts)
      .values({
        kind: 'friend',
        senderId,
        senderName: sender.name,
        recipientId: recipient.id,
        giftCardId: card.id,
        valueCents: card.valueCents,
        message: input.message,
      })
      .returning({ id: gifts.id });
    if (!gift) throw new Error('Gift was not recorded');
    await notify(tx, {
      recipientId: recipient.id,
      type: 'gift_received',
      actorId: senderId,
      amountCents: card.valueCents,
      referenceType: 'gift_card',
      referenceId: card.id,
    });
    await tx
      .update(giftRequests)
      .set({ status: 'fulfilled', respondedAt: sql`now()` })
      .where(
        and(
          eq(giftRequests.requesterId, recipient.id),
          eq(giftRequests.recipientId, senderId),
          eq(giftRequests.status, 'pending'),
        ),
      );
    // The answer is read before the commit, so a gift that is saved is also answered.
    const [sent] = await tx
      .select(giftColumns)
      .from(gifts)
      .innerJoin(recipients, giftJoins.recipients)
      .innerJoin(giftCards, giftJoins.giftCards)
      .where(eq(gifts.id, gift.id));
    if (!sent) throw new Error('Sent gift not found');
    return sent;
  });
  return toGiftTransaction(row, senderId);
}
