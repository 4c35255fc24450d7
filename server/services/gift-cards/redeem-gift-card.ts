import { and, eq, sql } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import {
  GIFT_CARD_MESSAGES,
  type RedeemResult,
  type WalletGiftCard,
} from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
import { ledgerTransactions } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { getSystemAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { notify } from '../notifications/notify';
import { lockUsableGiftCard } from './lock-owned-gift-card';
import { findOwnedGiftCard } from './present-gift-card';

type RedeemInput = {
  ownerId: number;
  cardId: number;
  amountCents: number;
  idempotencyKey?: string;
};

const KEY_REUSED = 'This Idempotency-Key was already used for another request';

async function ownerName(db: Executor, userId: number): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? 'Someone';
}

/** The earlier redemption made with this key, answered again instead of spending twice. */
async function replay(db: Executor, input: RedeemInput): Promise<RedeemResult | null> {
  if (!input.idempotencyKey) return null;
  const [previous] = await db
    .select({
      kind: ledgerTransactions.kind,
      giftCardId: ledgerTransactions.giftCardId,
      amountCents: ledgerTransactions.amountCents,
    })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.userId, input.ownerId),
        eq(ledgerTransactions.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!previous) return null;
  if (previous.kind !== 'redeem' || previous.giftCardId !== input.cardId) {
    throw new AppError('CONFLICT', KEY_REUSED);
  }
  const giftCard = await findOwnedGiftCard(db, input.ownerId, input.cardId);
  if (!giftCard) throw new AppError('NOT_FOUND', GIFT_CARD_MESSAGES.notFound);
  return { giftCard, redeemed: centsToDollars(previous.amountCents) };
}

/**
 * The owner spends part or all of a card at the store. The card row is locked, so concurrent
 * redemptions of one card run one after another and the balance can never go below zero; a card
 * spent to zero becomes 'redeemed'. The value leaves through the redemptions system account.
 */
export async function redeemGiftCard(db: Database, input: RedeemInput): Promise<RedeemResult> {
  const replayed = await replay(db, input);
  if (replayed) return replayed;
  let giftCard: WalletGiftCard;
  try {
    giftCard = await db.transaction(async (tx) => {
      const card = await lockUsableGiftCard(tx, input.ownerId, input.cardId);
      if (input.amountCents > card.account.balanceCents) {
        throw new AppError('INSUFFICIENT_FUNDS', GIFT_CARD_MESSAGES.overBalance, {
          errors: { amount: GIFT_CARD_MESSAGES.overBalance },
        });
      }
      const redemptions = await getSystemAccount(tx, SYSTEM_ACCOUNTS.cardRedemptions);
      await postTransaction(tx, {
        kind: 'redeem',
        userId: input.ownerId,
        amountCents: input.amountCents,
        description: `Used ${formatDollars(input.amountCents)} of a ${brandDisplayName(card.brandId)} gift card`,
        giftCardId: card.id,
        idempotencyKey: input.idempotencyKey ?? null,
        entries: [
          { account: card.account, amountCents: -input.amountCents },
          { account: redemptions, amountCents: input.amountCents },
        ],
      });
      if (card.businessId) {
        // The business whose pin issued the card hears that it was used.
        await notify(tx, {
          recipientId: card.businessId,
          type: 'gift_redeemed',
          actorId: input.ownerId,
          amountCents: input.amountCents,
          referenceType: 'gift_card',
          referenceId: card.id,
          message: `${await ownerName(tx, input.ownerId)} used ${formatDollars(input.amountCents)} of a ${brandDisplayName(card.brandId)} gift card from your pin`,
        });
      }
      const spent = card.account.balanceCents === input.amountCents;
      await tx
        .update(giftCards)
        .set({ status: spent ? 'redeemed' : 'active', updatedAt: sql`now()` })
        .where(eq(giftCards.id, card.id));
      // The answer is read before the commit, so a redemption that is saved is also answered.
      const redeemed = await findOwnedGiftCard(tx, input.ownerId, card.id);
      if (!redeemed) throw new AppError('NOT_FOUND', GIFT_CARD_MESSAGES.notFound);
      return redeemed;
    });
  } catch (error) {
    // The same key sent twice at once: the first one counted; answer the second like a retry.
    if (isUniqueViolation(error) === 'ledger_transactions_idempotency_idx') {
      const again = await replay(db, input);
      if (again) return again;
    }
    throw error;
  }
  return { giftCard, redeemed: centsToDollars(input.amountCents) };
}
