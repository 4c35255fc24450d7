import { and, eq, sql } from 'drizzle-orm';
import {
  GIFT_CARD_MESSAGES,
  type GiftTransaction,
  type sendGiftCardSchema,
} from '@shared/schema/gift-cards';
import { giftCards, giftRequests, gifts } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOtherConsumer, refuseBlocked } from './find-consumer';
import { generateGiftCardCode } from './gift-card-code';
import { lockUsableGiftCard } from './lock-owned-gift-card';
import { giftColumns, giftJoins, recipients, toGiftTransaction } from './present-gift';
import { recordCardActivity } from './record-card-activity';
import { addGiftMessage } from '../messages/send-message';
import { notify } from '../notifications/notify';

type SendInput = z.output<typeof sendGiftCardSchema>;

/**
 * A consumer gives one of their cards, with whatever is left on it, to another consumer: the card
 * changes owner and gets a new code (the sender saw the old one and must not be able to spend it),
 * carries the sender's message, and the gift is recorded at the value it still holds for both
 * wallets, the leaderboard and the card's history; any pending request from the recipient is
 * fulfilled. The value stays in the card's own ledger account, so no money moves between accounts.
 */
export async function sendGiftCard(
  db: Database,
  senderId: number,
  cardId: number,
  input: SendInput,
): Promise<GiftTransaction> {
  const row = await db.transaction(async (tx) => {
    const card = await lockUsableGiftCard(tx, senderId, cardId);
    // Read again under a lock: a spend at a counter moves the balance without the card's row, and
    // the gift must record what the recipient really gets.
    const [account] = await tx
      .select({ balanceCents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, card.account.id))
      .for('update');
    const balanceCents = account?.balanceCents ?? 0;
    if (balanceCents <= 0) throw new AppError('CONFLICT', GIFT_CARD_MESSAGES.used);
    const recipient = await findOtherConsumer(tx, input.recipientUsername, senderId, {
      self: GIFT_CARD_MESSAGES.self,
      consumersOnly: GIFT_CARD_MESSAGES.consumersOnly,
    });
    await refuseBlocked(tx, senderId, recipient.id);
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
        message: input.message,
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
        valueCents: balanceCents,
        message: input.message,
        // The leaderboard counts a card for its first giver only: given on, it scores nothing.
        // Decided here, under the card's row lock, so two gifts of one card cannot both score.
        scores: sql`not exists (select 1 from gifts given where given.gift_card_id = ${card.id})`,
      })
      .returning({ id: gifts.id });
    if (!gift) throw new Error('Gift was not recorded');
    await recordCardActivity(tx, {
      giftCardId: card.id,
      kind: 'transferred',
      amountCents: 0,
      balanceAfterCents: balanceCents,
      actorId: senderId,
      actorName: sender.name,
      recipientId: recipient.id,
      message: input.message,
    });
    await notify(tx, {
      recipientId: recipient.id,
      type: 'gift_received',
      actorId: senderId,
      amountCents: balanceCents,
      referenceType: 'gift_card',
      referenceId: card.id,
      giftMessage: input.message,
    });
    // The gift shows in the conversation with a friend.
    await addGiftMessage(tx, {
      senderId,
      recipientId: recipient.id,
      giftCardId: card.id,
      text: input.message,
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
