import { and, eq, sql } from 'drizzle-orm';
import { brandDisplayName, PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import {
  GUEST_GIFT_MESSAGES,
  type GuestGiftResult,
  type guestGiftSchema,
} from '@shared/schema/gift-cards';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
import { giftCards, giftRequests, gifts } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { isUniqueViolation } from '../../lib/database-errors';
import { type IdempotencyKey } from '../../lib/idempotency';
import {
  assertSameRequest,
  emailKeyScope,
  isIdempotencyKeyTaken,
  recordIdempotencyKey,
} from '../idempotency/idempotency-keys';
import { getSystemAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { addGiftMessage } from '../messages/send-message';
import { notify } from '../notifications/notify';
import { type PaymentProvider } from '../payments/payment-provider';
import { resolvePaymentToken } from '../payments/resolve-payment-source';
import { findOtherConsumer, refuseBlocked } from './find-consumer';
import { generateGiftCardCode } from './gift-card-code';
import { guestSenderName } from './guest-name';
import { recordCardActivity } from './record-card-activity';

type PurchaseInput = z.output<typeof guestGiftSchema>;

/** Who pays: a signed-in consumer (as themselves, possibly with a saved card), or a guest. */
export type GiftBuyer = { id: number } | null;

/** What buying a card needs besides the database: the provider, and the queue receipts go by. */
export type PurchaseDependencies = {
  provider: PaymentProvider;
  /** Null where no one is to be written to (demo data). */
  jobs: JobQueue | null;
};

const REFUSALS = {
  self: GUEST_GIFT_MESSAGES.self,
  consumersOnly: GUEST_GIFT_MESSAGES.consumersOnly,
};

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
 * Someone buys a new gift card for a consumer: a guest from a profile, or a signed-in consumer as
 * themselves. The card is charged first (a fresh card token or one of the consumer's saved cards;
 * none is 402, a decline is 402 and issues nothing); then one transaction issues the card from
 * payment clearing (the only way value enters besides a business's funded pin), records the gift,
 * its message, the card's first history row and the recipient's notification, and fulfils any
 * gift request the recipient made of the buyer. The card lives at least five years, as the law
 * asks of a card bought with money. A receipt goes to the buyer's e-mail after the commit.
 *
 * A retry with the same Idempotency-Key answers the first card without charging again (before the
 * payment is looked at, so a card token the first request used does not refuse the retry); the
 * key with another request is refused (422). The key also goes to the provider, so a processor
 * that saw the charge does not take it twice.
 */
export async function purchaseGiftCard(
  db: Database,
  { provider, jobs }: PurchaseDependencies,
  input: PurchaseInput,
  options: {
    buyer: GiftBuyer;
    idempotencyKey?: IdempotencyKey | undefined;
  },
): Promise<{ result: GuestGiftResult; replayed: boolean }> {
  const senderEmail = input.senderEmail.toLowerCase();
  const idempotency = options.idempotencyKey;
  const key = idempotency?.key;
  // A guest's keys are theirs by the e-mail they pay as (the gift's own key is kept the same way).
  const keyScope = emailKeyScope(senderEmail);
  const buyerId = options.buyer?.id ?? null;
  const replay = async () => {
    if (!key) return null;
    await assertSameRequest(db, keyScope, idempotency);
    return findPrevious(db, senderEmail, key);
  };
  const earlier = await replay();
  if (earlier) return { result: earlier, replayed: true };
  // Refuse a recipient who cannot receive before asking for money.
  const wanted = await findOtherConsumer(db, input.recipientUsername, buyerId ?? 0, REFUSALS);
  if (buyerId !== null) await refuseBlocked(db, buyerId, wanted.id);
  const token = await resolvePaymentToken(db, buyerId, input);

  // A guest is named as they typed their e-mail, marked as unconfirmed wherever it is shown.
  const buyerName =
    buyerId !== null ? await nameOf(db, buyerId) : guestSenderName(input.senderEmail);
  const brandName = brandDisplayName(input.brand);
  const charge = await provider.charge({
    amountCents: input.value,
    token,
    description: `${formatDollars(input.value)} ${brandName} gift card`,
    idempotencyKey: key ? `gift-card:${senderEmail}:${key}` : undefined,
  });

  let issued: { result: GuestGiftResult; transactionId: number };
  try {
    issued = await db.transaction(async (tx) => {
      await recordIdempotencyKey(tx, keyScope, idempotency);
      const recipient = await findOtherConsumer(
        tx,
        input.recipientUsername,
        buyerId ?? 0,
        REFUSALS,
      );
      if (buyerId !== null) await refuseBlocked(tx, buyerId, recipient.id);
      const [card] = await tx
        .insert(giftCards)
        .values({
          ownerId: recipient.id,
          brandId: input.brand,
          valueCents: input.value,
          code: generateGiftCardCode(),
          // A consumer's card comes from a friend, named on it; a guest's from their e-mail.
          source: buyerId !== null ? 'friend_gift' : 'guest_gift',
          senderName: buyerName,
          message: input.message,
          expiresAt: sql`now() + make_interval(years => ${PAID_CARD_EXPIRY_YEARS})`,
        })
        .returning({ id: giftCards.id });
      if (!card) throw new Error('Gift card was not issued');
      const [cardAccount] = await tx
        .insert(ledgerAccounts)
        .values({ kind: 'gift_card', giftCardId: card.id })
        .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
      if (!cardAccount) throw new Error('Gift card account was not opened');
      const clearing = await getSystemAccount(tx, SYSTEM_ACCOUNTS.paymentClearing);
      const transactionId = await postTransaction(tx, {
        kind: buyerId !== null ? 'gift_purchase' : 'guest_gift',
        // The gift row carries who sent it; the wallet lists it from there, once.
        userId: null,
        amountCents: input.value,
        description: `${formatDollars(input.value)} ${brandName} gift card from ${buyerName} to ${recipient.name}, paid with card ending ${charge.card.last4}${provider.mode === 'test' ? ' (test mode)' : ''}`,
        giftCardId: card.id,
        providerReference: charge.reference,
        entries: [
          { account: clearing, amountCents: -input.value },
          { account: cardAccount, amountCents: input.value },
        ],
      });
      await tx.insert(gifts).values({
        kind: 'guest',
        senderId: buyerId,
        senderEmail,
        senderName: buyerName,
        recipientId: recipient.id,
        giftCardId: card.id,
        valueCents: input.value,
        message: input.message,
        idempotencyKey: key ?? null,
      });
      await recordCardActivity(tx, {
        giftCardId: card.id,
        kind: 'issued',
        amountCents: input.value,
        balanceAfterCents: input.value,
        actorId: buyerId,
        actorName: buyerName,
        recipientId: recipient.id,
        message: input.message,
        ledgerTransactionId: transactionId,
      });
      await notify(tx, {
        recipientId: recipient.id,
        type: 'gift_received',
        actorId: buyerId,
        actorName: buyerName,
        amountCents: input.value,
        referenceType: 'gift_card',
        referenceId: card.id,
        giftMessage: input.message,
      });
      if (buyerId !== null) {
        // The gift shows in the buyer's conversation with a friend.
        await addGiftMessage(tx, {
          senderId: buyerId,
          recipientId: recipient.id,
          giftCardId: card.id,
          text: input.message,
        });
        // Buying a card for a friend who asked for one answers their request.
        await tx
          .update(giftRequests)
          .set({ status: 'fulfilled', respondedAt: sql`now()` })
          .where(
            and(
              eq(giftRequests.requesterId, recipient.id),
              eq(giftRequests.recipientId, buyerId),
              eq(giftRequests.status, 'pending'),
            ),
          );
      }
      return {
        transactionId,
        result: {
          id: card.id,
          brand: input.brand,
          value: centsToDollars(input.value),
          recipientName: recipient.name,
        },
      };
    });
  } catch (error) {
    // The same key twice at once: the first one counted (the provider took one charge for the
    // key); answer the second like a retry.
    if (
      key &&
      (isIdempotencyKeyTaken(error) || isUniqueViolation(error) === 'gifts_guest_idempotency_idx')
    ) {
      const previous = await replay();
      if (previous) return { result: previous, replayed: true };
    }
    // Nothing was issued (the recipient left in that instant, the database failed): the buyer
    // does not pay for it.
    await provider.refund({ reference: charge.reference });
    throw error;
  }
  if (jobs) {
    await queueLetter(
      jobs,
      buyerId !== null
        ? { kind: 'receipt', userId: buyerId, transactionId: issued.transactionId }
        : // To the address the guest typed, the only one they gave.
          { kind: 'guest-receipt', email: input.senderEmail, transactionId: issued.transactionId },
    );
  }
  return { result: issued.result, replayed: false };
}
