import { sql } from 'drizzle-orm';
import { type BusinessPin, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { changedPin, ownPinIn, refusal } from './pin-change';

/** The owner puts a paused pin back on offer (sold out if it has no cards left). */
export async function resumePin(
  db: Database,
  businessId: number,
  pinId: number,
): Promise<BusinessPin> {
  const [resumed] = await db
    .update(pins)
    .set({ status: sql`case when ${pins.remaining} > 0 then 'active' else 'exhausted' end` })
    .where(ownPinIn(businessId, pinId, ['paused']))
    .returning({ id: pins.id });
  if (!resumed) {
    throw await refusal(
      db,
      businessId,
      pinId,
      () => new AppError('CONFLICT', PIN_MANAGE_MESSAGES.notPaused),
    );
  }
  return changedPin(db, businessId, pinId);
}
