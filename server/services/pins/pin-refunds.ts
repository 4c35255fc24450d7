import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { pins } from '@shared/tables/pins';
import { type Database, type Transaction } from '../../db/client';
import { getUserFundsAccount, lockPinReserveAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';

/**
 * Returns what is left in a pin's reserve to its business. Called only by the one transaction
 * that moved the pin to cancelled or expired (final statuses), so a pin is never refunded twice.
 */
export async function refundPinReserve(
  tx: Transaction,
  pin: { id: number; businessId: number },
  reason: 'cancelled' | 'expired',
): Promise<number> {
  const reserve = await lockPinReserveAccount(tx, pin.id);
  if (reserve.balanceCents <= 0) return 0;
  const funds = await getUserFundsAccount(tx, pin.businessId);
  await postTransaction(tx, {
    kind: 'pin_refund',
    userId: pin.businessId,
    amountCents: reserve.balanceCents,
    description: `Refund of unclaimed cards: pin #${pin.id} ${reason}`,
    pinId: pin.id,
    entries: [
      { account: reserve, amountCents: -reserve.balanceCents },
      { account: funds, amountCents: reserve.balanceCents },
    ],
  });
  return reserve.balanceCents;
}

/**
 * Marks the pins past their expiry that had not ended (active, paused, sold out) as expired and
 * refunds them, in one transaction. Safe to run from every instance at once: the status change
 * is conditional, so each pin is refunded once.
 */
export async function expirePins(
  db: Database,
  options: { businessId?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(pins)
      .set({ status: 'expired' })
      .where(
        and(
          // A paused pin's cards are still reserved: it expires, and is refunded, like an active
          // one. A sold-out pin has nothing to refund, but past its expiry it has ended too (cards
          // can no longer be added to it).
          inArray(pins.status, ['active', 'paused', 'exhausted']),
          lte(pins.expiresAt, sql`now()`),
          options.businessId === undefined ? undefined : eq(pins.businessId, options.businessId),
        ),
      )
      .returning({ id: pins.id, businessId: pins.businessId });
    for (const pin of expired) await refundPinReserve(tx, pin, 'expired');
    return expired.length;
  });
}
