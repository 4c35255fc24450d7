import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type PinStatus } from '@shared/constants';
import { type BusinessPin, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database, type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { getBusinessPin } from './list-business-pins';

/** The statuses of a pin its business can still change; the others are final. */
export const MANAGEABLE_PIN_STATUSES = [
  'active',
  'paused',
  'exhausted',
] as const satisfies readonly PinStatus[];

/**
 * The business's own pin, in one of `statuses` and not past its expiry: the condition of every
 * conditional UPDATE that changes a pin, so the row it locks is checked as it is changed.
 */
export function ownPinIn(
  businessId: number,
  pinId: number,
  statuses: readonly PinStatus[],
): SQL | undefined {
  return and(
    eq(pins.id, pinId),
    eq(pins.businessId, businessId),
    inArray(pins.status, [...statuses]),
    gt(pins.expiresAt, sql`now()`),
  );
}

/**
 * Why a conditional change found no row: someone else's pin answers like a missing one (its
 * existence is not ours to reveal), an ended pin says so, and `otherwise` explains the rest.
 */
export async function refusal(
  db: Executor,
  businessId: number,
  pinId: number,
  otherwise: (pin: BusinessPin) => AppError,
): Promise<AppError> {
  const pin = await getBusinessPin(db, businessId, pinId);
  if (!pin) return notFound(PIN_MANAGE_MESSAGES.notFound);
  if (pin.status === 'cancelled' || pin.status === 'expired') {
    return new AppError('CONFLICT', PIN_MANAGE_MESSAGES.ended(pin.status));
  }
  // A pin past its expiry the sweep has not reached yet has ended all the same.
  if (Date.parse(pin.expiresAt) <= Date.now()) {
    return new AppError('CONFLICT', PIN_MANAGE_MESSAGES.ended('expired'));
  }
  return otherwise(pin);
}

/** The pin as its business sees it, after a change. */
export async function changedPin(
  db: Database,
  businessId: number,
  pinId: number,
): Promise<BusinessPin> {
  const pin = await getBusinessPin(db, businessId, pinId);
  if (!pin) throw notFound(PIN_MANAGE_MESSAGES.notFound);
  return pin;
}
