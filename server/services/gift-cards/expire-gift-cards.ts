import { eq, sql } from 'drizzle-orm';
import { PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { giftCards } from '@shared/tables/gift-cards';
import { type Database, type Transaction } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { getUserFundsAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { notify } from '../notifications/notify';
import { recordCardActivity } from './record-card-activity';
import { formatShortDate } from '@shared/format';

/** Cards settled per transaction: a large backlog never holds one long lock. */
export const EXPIRY_BATCH_SIZE = 50;

type DueCard = {
  id: number;
  owner_id: number;
  pin_id: number | null;
  /** The business whose pin issued a promotional card. */
  business_id: number | null;
  brand_name: string;
  status: string;
  past_expiry: boolean;
  account_id: number;
  balance_cents: number | string;
};

/**
 * Settles the cards that reached their expiry, a batch per transaction, so that no value ever
 * just disappears. A promotional card (given free by a business's pin) expires, and what was left
 * on it goes back to that business's funds through the ledger; the business is told. A card bought
 * with money is reissued instead when value is left on it: the law gives paid cards at least five
 * years, and value paid for is not taken back, so its expiry moves five years on and its holder
 * is told; an empty one simply expires.
 *
 * Safe from every instance at once: each batch locks the cards it takes and skips those another
 * transaction holds (SKIP LOCKED), then reads each card again under its lock and settles only one
 * that is still due, so a card is never refunded or reissued twice. Answers how many cards were
 * settled.
 */
export async function expireGiftCards(
  db: Database,
  { batchSize = EXPIRY_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<number> {
  let settled = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const cards = await lockDueCards(tx, batchSize);
      let done = 0;
      for (const card of cards) if (await settleCard(tx, card)) done += 1;
      return { taken: cards.length, done };
    });
    settled += taken.done;
    if (taken.taken < batchSize) return settled;
  }
}

/**
 * Locks a batch of due cards and reads them, with their balances, as they are now: the second
 * statement starts after the locks are held, so it sees whatever another instance committed.
 */
async function lockDueCards(tx: Transaction, batchSize: number): Promise<DueCard[]> {
  const locked = await queryRows<{ id: number }>(
    tx,
    sql`select c.id from gift_cards c
        where c.status = 'active' and c.expires_at <= now()
        order by c.expires_at, c.id
        limit ${batchSize}
        for update of c skip locked`,
  );
  if (locked.length === 0) return [];
  const cards = await queryRows<DueCard>(
    tx,
    sql`select c.id, c.owner_id, c.pin_id, coalesce(c.business_id, p.business_id) as business_id,
               b.name as brand_name, c.status, c.expires_at <= now() as past_expiry,
               l.id as account_id, l.balance_cents
        from gift_cards c
        join ledger_accounts l on l.gift_card_id = c.id
        join brands b on b.id = c.brand_id
        left join pins p on p.id = c.pin_id
        where c.id in (${sql.join(
          locked.map((row) => sql`${row.id}`),
          sql`, `,
        )})
        order by c.id
        for update of l`,
  );
  // The funds of every business the batch may refund, locked now, in one order, before any card's
  // history is written (which updates its business's day in business_card_days). A spend locks
  // the funds of the business at whose counter it is, then writes the history of a card that may
  // be another business's: were this batch to lock one business's day and then wait for a funds
  // account that spend holds, each would wait for the other.
  const businesses = [...new Set(cards.map((card) => card.business_id))].filter(
    (id): id is number => id !== null,
  );
  if (businesses.length > 0) {
    await tx.execute(sql`select id from ledger_accounts
        where kind = 'user_funds' and user_id in (${sql.join(
          businesses.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by id
        for update`);
  }
  return cards;
}

/** Settles one locked card; false when it is no longer due (another instance got there first). */
async function settleCard(tx: Transaction, card: DueCard): Promise<boolean> {
  if (card.status !== 'active' || !card.past_expiry) return false;
  const balanceCents = Number(card.balance_cents);
  if (card.pin_id === null && balanceCents > 0) await reissuePaidCard(tx, card, balanceCents);
  else await expireCard(tx, card, balanceCents);
  return true;
}

/**
 * A promotional card, or a paid one with nothing left, expires; a promotional card's value goes
 * back. The history is written after the refund's ledger rows, whose funds account the batch
 * already holds (see lockDueCards).
 */
async function expireCard(tx: Transaction, card: DueCard, balanceCents: number): Promise<void> {
  await tx
    .update(giftCards)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(eq(giftCards.id, card.id));
  // Whom the value left on the card goes back to, if any does.
  const businessId = balanceCents > 0 ? card.business_id : null;
  const transactionId =
    businessId === null
      ? null
      : await postTransaction(tx, {
          kind: 'card_expiry',
          userId: businessId,
          amountCents: balanceCents,
          description: `Returned from an expired ${card.brand_name} gift card`,
          pinId: card.pin_id,
          giftCardId: card.id,
          entries: [
            { account: { id: card.account_id, kind: 'gift_card' }, amountCents: -balanceCents },
            { account: await getUserFundsAccount(tx, businessId), amountCents: balanceCents },
          ],
        });
  await recordCardActivity(tx, {
    giftCardId: card.id,
    kind: 'expired',
    balanceAfterCents: balanceCents,
  });
  if (businessId === null || transactionId === null) return;
  await recordCardActivity(tx, {
    giftCardId: card.id,
    kind: 'refunded',
    amountCents: balanceCents,
    balanceAfterCents: 0,
    businessId,
    ledgerTransactionId: transactionId,
  });
  await notify(tx, {
    recipientId: businessId,
    type: 'card_expired',
    amountCents: balanceCents,
    referenceType: 'gift_card',
    referenceId: card.id,
    message: `A ${card.brand_name} gift card from your pin expired with ${formatDollars(balanceCents)} left, which is back in your balance`,
  });
}

/** A paid card with value left gets five more years: value bought with money is never lost. */
async function reissuePaidCard(tx: Transaction, card: DueCard, balanceCents: number) {
  const [reissued] = await tx
    .update(giftCards)
    .set({
      status: 'active',
      // From now, so the history (which dates the reissue now) can say until when.
      expiresAt: sql`now() + make_interval(years => ${PAID_CARD_EXPIRY_YEARS})`,
      // The new expiry deserves its own reminder.
      expiryRemindedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(giftCards.id, card.id))
    .returning({ expiresAt: giftCards.expiresAt });
  if (!reissued) throw new Error(`Gift card ${card.id} vanished while reissued`);
  await recordCardActivity(tx, {
    giftCardId: card.id,
    kind: 'reissued',
    balanceAfterCents: balanceCents,
  });
  await notify(tx, {
    recipientId: card.owner_id,
    type: 'card_expired',
    amountCents: balanceCents,
    referenceType: 'gift_card',
    referenceId: card.id,
    message: `Your ${card.brand_name} gift card reached its expiry date with ${formatDollars(balanceCents)} left, so it was reissued: it is good until ${formatShortDate(new Date(reissued.expiresAt), 'utc')}`,
  });
}
