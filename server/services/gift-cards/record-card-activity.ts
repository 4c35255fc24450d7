import { giftCardActivities } from '@shared/tables/gift-cards';
import { type Executor } from '../../db/client';

export type CardActivity = typeof giftCardActivities.$inferInsert;

/**
 * Adds an event to a card's history. Called inside the transaction that made the event happen,
 * so the history never shows what did not happen, nor misses what did.
 */
export async function recordCardActivity(tx: Executor, activity: CardActivity): Promise<void> {
  await tx.insert(giftCardActivities).values(activity);
}
