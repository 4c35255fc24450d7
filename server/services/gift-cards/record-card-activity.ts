import { sql } from 'drizzle-orm';
import { giftCardActivities } from '@shared/tables/gift-cards';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

/** An event as its caller gives it: the id and the time are the row's own. */
export type CardActivity = Omit<typeof giftCardActivities.$inferInsert, 'id' | 'createdAt'>;

/** Every column an event may set, prepared once (a claim and a spend each write one). */
const insertActivity = preparedQuery<never>('record_card_activity', () => {
  const value = (name: string) => sql.placeholder(name);
  return sql`insert into ${giftCardActivities}
      (gift_card_id, kind, amount_cents, balance_after_cents, actor_id, actor_name, recipient_id,
       business_id, store_id, message, ledger_transaction_id)
    values (${value('giftCardId')}::integer, ${value('kind')}::text,
      ${value('amountCents')}::integer, ${value('balanceAfterCents')}::integer,
      ${value('actorId')}::integer, ${value('actorName')}::text, ${value('recipientId')}::integer,
      ${value('businessId')}::integer, ${value('storeId')}::integer, ${value('message')}::text,
      ${value('ledgerTransactionId')}::integer)`;
});

/**
 * Adds an event to a card's history. Called inside the transaction that made the event happen,
 * so the history never shows what did not happen, nor misses what did.
 */
export async function recordCardActivity(tx: Executor, activity: CardActivity): Promise<void> {
  await insertActivity(tx, 'all', {
    giftCardId: activity.giftCardId,
    kind: activity.kind,
    amountCents: activity.amountCents ?? 0,
    balanceAfterCents: activity.balanceAfterCents,
    actorId: activity.actorId ?? null,
    actorName: activity.actorName ?? '',
    recipientId: activity.recipientId ?? null,
    businessId: activity.businessId ?? null,
    storeId: activity.storeId ?? null,
    message: activity.message ?? '',
    ledgerTransactionId: activity.ledgerTransactionId ?? null,
    // Every column an event may set, so a column added to the table cannot be silently dropped
    // here: the type check fails until the insert above writes it too.
  } satisfies Record<keyof CardActivity, unknown>);
}
