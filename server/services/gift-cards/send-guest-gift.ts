import { and, eq, sql } from 'drizzle-orm';
import { brandDisplayName, PIN_LIMITS } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import {
  GUEST_GIFT_MESSAGES,
  type GuestGiftResult,
  type guestGiftSchema,
} from '@shared/schema/gift-cards';
import { giftCards, gifts } from '@shared/tables/gift-cards';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
import { ledgerAccounts } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { getSystemAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { findOtherConsumer } from './find-consumer';
import { guestName } from './guest-name';
import { generateGiftCardCode } from './gift-card-code';
import { notify } from '../notifications/notify';

type GuestGiftData = z.output<typeof guestGiftSchema>;

export type GuestGiftSender = { id: number } | null;


async function nameOf(db: Executor, userId: number): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  return user.name;
}

async function findPrevious(
  db: Executor,
  senderEmail: string,
  idempotencyKey: string,
): Promise<GuestGiftResult | null> {
  const [row] = await db
    .select({
      id: giftCards.id,
      brand: giftCards.brandId,
      valueCents: giftCards.valueCents,
      recipientName: users.name,
    })
    .from(gifts)
    .innerJoin(giftCards, eq(giftCards.id, gifts.giftCardId))
    .innerJoin(users, eq(users.id, gifts.recipientId))
    .where(and(eq(gifts.senderEmail, senderEmail), eq(gifts.idempotencyKey, idempotencyKey)));
  return row
    ? {
        id: row.id,
        brand: row.brand,
        value: centsToDollars(row.valueCents),
        recipientName: row.recipientName,
      }
    : null;
}

/**
 * Someone without an account (or a signed-in consumer, as themselves) sends a new gift card to a
 * consumer from their public profile. The card is issued through the ledger from the guest-gifts
 * system account (the payment is taken in a later step) and the gift is recorded,
 * in one transaction. A retry with the same Idempotency-Key answers the first card.
 */
export async function sendGuestGift(
  db: Database,
  input: GuestGiftData,
  options: {
    sender: GuestGiftSender;
    idempotencyKey?: string | undefined;
    /** Runs once a retry is ruled out, before the card is issued (the rate limits). */
    beforeIssuing?: () => Promise<void>;
  },
): Promise<{ result: GuestGiftResult; replayed: boolean }> {
  const senderEmail = input.senderEmail.toLowerCase();
  const key = options.idempotencyKey;
  if (key) {
    const previous = await findPrevious(db, senderEmail, key);
    if (previous) return { result: previous, replayed: true };
  }
  await options.beforeIssuing?.();
  try {
    const result = await db.transaction(async (tx) => {
      const recipient = await findOtherConsumer(
        tx,
        input.recipientUsername,
        options.sender?.id ?? 0,
        {
          self: GUEST_GIFT_MESSAGES.self,
          consumersOnly: GUEST_GIFT_MESSAGES.consumersOnly,
        },
      );
      const senderName = options.sender
        ? await nameOf(tx, options.sender.id)
        : guestName(senderEmail);
      const [card] = await tx
        .insert(giftCards)
        .values({
          ownerId: recipient.id,
          brandId: input.brand,
          valueCents: input.value,
          code: generateGiftCardCode(),
          source: 'guest_gift',
          senderName,
          expiresAt: sql`now() + make_interval(days => ${PIN_LIMITS.expiryDays})`,
        })
        .returning({ id: giftCards.id });
      if (!card) throw new Error('Gift card was not issued');
      const [cardAccount] = await tx
        .insert(ledgerAccounts)
        .values({ kind: 'gift_card', giftCardId: card.id })
        .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
      if (!cardAccount) throw new Error('Gift card account was not opened');
      const guestGifts = await getSystemAccount(tx, SYSTEM_ACCOUNTS.guestGifts);
      await postTransaction(tx, {
        kind: 'guest_gift',
        // The gift row carries who sent it; the wallet lists it from there, once.
        userId: null,
        amountCents: input.value,
        description: `${formatDollars(input.value)} ${brandDisplayName(input.brand)} gift card from ${senderName} to ${recipient.name}`,
        giftCardId: card.id,
        entries: [
          { account: guestGifts, amountCents: -input.value },
          { account: cardAccount, amountCents: input.value },
        ],
      });
      await tx.insert(gifts).values({
        kind: 'guest',
        senderId: options.sender?.id ?? null,
        senderEmail,
        senderName,
        recipientId: recipient.id,
        giftCardId: card.id,
        valueCents: input.value,
        idempotencyKey: key ?? null,
      });
      await notify(tx, {
        recipientId: recipient.id,
        type: 'gift_received',
        actorId: options.sender?.id ?? null,
        actorName: senderName,
        amountCents: input.value,
        referenceType: 'gift_card',
        referenceId: card.id,
      });
      return {
        id: card.id,
        brand: input.brand,
        value: centsToDollars(input.value),
        recipientName: recipient.name,
      };
    });
    return { result, replayed: false };
  } catch (error) {
    // The same key twice at once: the first one counted; answer the second like a retry.
    if (key && isUniqueViolation(error) === 'gifts_guest_idempotency_idx') {
      const previous = await findPrevious(db, senderEmail, key);
      if (previous) return { result: previous, replayed: true };
    }
    throw error;
  }
}
