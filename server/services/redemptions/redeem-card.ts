import { and, eq, sql } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import { REDEMPTION_MESSAGES, type RedemptionResult } from '@shared/schema/gift-cards';
import { giftCardActivities, giftCards, redemptionCodes } from '@shared/tables/gift-cards';
import { ledgerTransactions } from '@shared/tables/ledger';
import { stores } from '@shared/tables/locations';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/errors';
import { type IdempotencyKey } from '../../lib/idempotency';
import { recordCardActivity } from '../gift-cards/record-card-activity';
import { getUserFundsAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import {
  assertSameRequest,
  recordIdempotencyKey,
  userKeyScope,
} from '../idempotency/idempotency-keys';
import { notify } from '../notifications/notify';
import { listBusinessStores } from './business-brands';
import { assertRedeemable, lockCodeCard } from './code-card';
import { firstNameOf } from './redemption-code';

export type RedeemCardInput = {
  code: string;
  amountCents: number;
  storeId?: number | null | undefined;
  idempotencyKey?: IdempotencyKey | undefined;
};

/** The spend as the counter sees it, read from its ledger movement and its history row. */
async function presentRedemption(db: Executor, transactionId: number): Promise<RedemptionResult> {
  const [row] = await db
    .select({
      id: ledgerTransactions.id,
      amountCents: ledgerTransactions.amountCents,
      createdAt: ledgerTransactions.createdAt,
      balanceAfterCents: giftCardActivities.balanceAfterCents,
      brandId: giftCards.brandId,
      pinId: giftCards.pinId,
      holderName: users.name,
      storeId: stores.id,
      storeName: stores.name,
      storeStreet: stores.street,
      storeCity: stores.city,
      storeState: stores.state,
    })
    .from(ledgerTransactions)
    .innerJoin(
      giftCardActivities,
      eq(giftCardActivities.ledgerTransactionId, ledgerTransactions.id),
    )
    .innerJoin(giftCards, eq(giftCards.id, giftCardActivities.giftCardId))
    .innerJoin(users, eq(users.id, giftCards.ownerId))
    .leftJoin(stores, eq(stores.id, giftCardActivities.storeId))
    .where(eq(ledgerTransactions.id, transactionId));
  if (!row) throw new Error(`Redemption ${transactionId} has no history row`);
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    balance: centsToDollars(row.balanceAfterCents),
    brand: row.brandId,
    promotional: row.pinId !== null,
    holderFirstName: firstNameOf(row.holderName),
    store:
      row.storeId === null
        ? null
        : {
            id: row.storeId,
            name: row.storeName ?? '',
            street: row.storeStreet ?? '',
            city: row.storeCity ?? '',
            state: row.storeState ?? '',
          },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The spend an earlier request with this Idempotency-Key made, answered again instead of spending
 * twice; a key sent with another request is refused (422), and so is a key from before requests
 * were fingerprinted that made something else (another card, another amount).
 */
async function replay(
  db: Executor,
  businessId: number,
  input: RedeemCardInput,
): Promise<RedemptionResult | null> {
  if (!input.idempotencyKey) return null;
  await assertSameRequest(db, userKeyScope(businessId), input.idempotencyKey);
  const [previous] = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      giftCardId: ledgerTransactions.giftCardId,
      amountCents: ledgerTransactions.amountCents,
    })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.userId, businessId),
        eq(ledgerTransactions.idempotencyKey, input.idempotencyKey.key),
      ),
    );
  if (!previous) return null;
  const [code] = await db
    .select({ giftCardId: redemptionCodes.giftCardId })
    .from(redemptionCodes)
    .where(eq(redemptionCodes.code, input.code));
  const sameCard = !code || code.giftCardId === previous.giftCardId;
  if (previous.kind !== 'redeem' || previous.amountCents !== input.amountCents || !sameCard) {
    throw new AppError('CONFLICT', REDEMPTION_MESSAGES.keyReused);
  }
  return presentRedemption(db, previous.id);
}

/**
 * A business takes `amountCents` of the card behind a counter code, in one transaction: the card
 * and the code are locked, the code must be unused and unexpired, the business must offer the
 * brand, the amount must be within the balance (409 otherwise). The value moves from the card to
 * the business's funds through the ledger; the code is used up; a card spent to zero becomes
 * 'redeemed'; the card's history records the spend with the store; the business whose pin issued
 * the card and the holder are told. After the commit the holder's receipt is queued. Concurrent
 * spends of one card run one after another, so none can take more than the card holds.
 */
export async function redeemCard(
  db: Database,
  jobs: JobQueue | undefined,
  businessId: number,
  input: RedeemCardInput,
): Promise<{ result: RedemptionResult; replayed: boolean }> {
  const earlier = await replay(db, businessId, input);
  if (earlier) return { result: earlier, replayed: true };

  let spent: { result: RedemptionResult; holderId: number };
  try {
    spent = await db.transaction(async (tx) => {
      // First: a second request with this key waits here for this one, then finds it taken.
      await recordIdempotencyKey(tx, userKeyScope(businessId), input.idempotencyKey);
      const found = await lockCodeCard(tx, input.code);
      await assertRedeemable(tx, found, businessId);
      const { card } = found;
      if (input.storeId != null) {
        const offered = await listBusinessStores(tx, businessId, card.brandId);
        if (!offered.some((store) => store.id === input.storeId)) {
          throw new AppError('VALIDATION', REDEMPTION_MESSAGES.storeUnknown, {
            errors: { storeId: REDEMPTION_MESSAGES.storeUnknown },
          });
        }
      }
      const balanceCents = card.account.balanceCents;
      if (input.amountCents > balanceCents) {
        throw new AppError('INSUFFICIENT_FUNDS', REDEMPTION_MESSAGES.overBalance, {
          errors: { amount: REDEMPTION_MESSAGES.overBalance },
        });
      }

      const [business] = await tx
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, businessId));
      const businessName = business?.name ?? 'a business';
      const brandName = brandDisplayName(card.brandId);
      const amount = formatDollars(input.amountCents);
      const balanceAfterCents = balanceCents - input.amountCents;

      const transactionId = await postTransaction(tx, {
        kind: 'redeem',
        userId: businessId,
        amountCents: input.amountCents,
        description: `${brandName} gift card spent at ${businessName}`,
        giftCardId: card.id,
        idempotencyKey: input.idempotencyKey?.key ?? null,
        entries: [
          { account: card.account, amountCents: -input.amountCents },
          { account: await getUserFundsAccount(tx, businessId), amountCents: input.amountCents },
        ],
      });
      await tx
        .update(redemptionCodes)
        .set({ usedAt: sql`now()` })
        .where(eq(redemptionCodes.code, found.code));
      await tx
        .update(giftCards)
        .set({ status: balanceAfterCents === 0 ? 'redeemed' : 'active', updatedAt: sql`now()` })
        .where(eq(giftCards.id, card.id));
      await recordCardActivity(tx, {
        giftCardId: card.id,
        kind: 'spent',
        amountCents: input.amountCents,
        balanceAfterCents,
        actorId: businessId,
        actorName: businessName,
        businessId,
        storeId: input.storeId ?? null,
        ledgerTransactionId: transactionId,
      });
      if (card.issuerId !== null) {
        const where = card.issuerId === businessId ? '' : ` at ${businessName}`;
        await notify(tx, {
          recipientId: card.issuerId,
          type: 'gift_redeemed',
          actorId: card.ownerId,
          amountCents: input.amountCents,
          referenceType: 'gift_card',
          referenceId: card.id,
          message: `${card.ownerName} used ${amount} of a ${brandName} gift card from your pin${where}`,
        });
      }
      // The holder's screen updates from this (the live stream refreshes the wallet).
      await notify(tx, {
        recipientId: card.ownerId,
        type: 'gift_redeemed',
        actorId: businessId,
        amountCents: input.amountCents,
        referenceType: 'gift_card',
        referenceId: card.id,
        message: `You spent ${amount} of your ${brandName} gift card at ${businessName}. ${formatDollars(balanceAfterCents)} left.`,
      });
      return {
        result: await presentRedemption(tx, transactionId),
        holderId: card.ownerId,
      };
    });
  } catch (error) {
    // The same key sent twice at once: the first one counted (the second then found the key
    // taken, or the code used); answer the second like a retry, or refuse another request.
    if (input.idempotencyKey) {
      const again = await replay(db, businessId, input);
      if (again) return { result: again, replayed: true };
    }
    throw error;
  }
  if (jobs) {
    await queueLetter(jobs, {
      kind: 'receipt',
      userId: spent.holderId,
      transactionId: spent.result.id,
    });
  }
  return { result: spent.result, replayed: false };
}
