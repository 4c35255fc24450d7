import { and, eq, inArray } from 'drizzle-orm';
import { type BusinessPin, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { getBusinessPin } from './list-business-pins';
import { MANAGEABLE_PIN_STATUSES } from './pin-change';
import { refundPinReserve } from './pin-refunds';

/**
 * The owner cancels a pin it can still change (active, paused or sold out); what was not claimed
 * goes back to its funds.
 */
export async function cancelPin(
  db: Database,
  businessId: number,
  pinId: number,
): Promise<BusinessPin> {
  await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(pins)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(pins.id, pinId),
          eq(pins.businessId, businessId),
          inArray(pins.status, [...MANAGEABLE_PIN_STATUSES]),
        ),
      )
      .returning({ id: pins.id, businessId: pins.businessId });
    if (!cancelled) {
      const existing = await getBusinessPin(tx, businessId, pinId);
      // Someone else's pin answers like a missing one: its existence is not ours to reveal.
      if (!existing) throw notFound(PIN_MANAGE_MESSAGES.notFound);
      throw new AppError('CONFLICT', PIN_MANAGE_MESSAGES.ended(existing.status));
    }
    await refundPinReserve(tx, cancelled, 'cancelled');
  });
  const pin = await getBusinessPin(db, businessId, pinId);
  if (!pin) throw notFound('Pin not found');
  return pin;
}
