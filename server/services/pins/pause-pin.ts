import { type BusinessPin, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { changedPin, ownPinIn, refusal } from './pin-change';

/**
 * The owner takes an active pin off the marketplace for a while; its cards stay reserved. The
 * marketplace and claims offer only active pins, so a paused one is neither listed nor claimable.
 */
export async function pausePin(
  db: Database,
  businessId: number,
  pinId: number,
): Promise<BusinessPin> {
  const [paused] = await db
    .update(pins)
    .set({ status: 'paused' })
    .where(ownPinIn(businessId, pinId, ['active']))
    .returning({ id: pins.id });
  if (!paused) {
    throw await refusal(
      db,
      businessId,
      pinId,
      () => new AppError('CONFLICT', PIN_MANAGE_MESSAGES.notActive),
    );
  }
  return changedPin(db, businessId, pinId);
}
