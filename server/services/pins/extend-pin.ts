import { and, sql } from 'drizzle-orm';
import { PIN_LIMITS } from '@shared/constants';
import { type BusinessPin, type ExtendPinInput, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { changedPin, MANAGEABLE_PIN_STATUSES, ownPinIn, refusal } from './pin-change';

/**
 * The owner pushes a pin's expiry `days` later, never past a year from today. Cards already
 * claimed keep the expiry they were issued with.
 */
export async function extendPin(
  db: Database,
  businessId: number,
  pinId: number,
  { days }: ExtendPinInput,
): Promise<BusinessPin> {
  const later = sql`${pins.expiresAt} + make_interval(days => ${days})`;
  const [extended] = await db
    .update(pins)
    .set({ expiresAt: later })
    .where(
      and(
        ownPinIn(businessId, pinId, MANAGEABLE_PIN_STATUSES),
        sql`${later} <= now() + make_interval(days => ${PIN_LIMITS.expiryDaysMax})`,
      ),
    )
    .returning({ id: pins.id });
  if (!extended) {
    throw await refusal(
      db,
      businessId,
      pinId,
      () =>
        new AppError('VALIDATION', PIN_MANAGE_MESSAGES.tooLong, {
          errors: { days: PIN_MANAGE_MESSAGES.tooLong },
        }),
    );
  }
  return changedPin(db, businessId, pinId);
}
