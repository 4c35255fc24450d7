import { and, sql } from 'drizzle-orm';
import { PIN_LIMITS } from '@shared/constants';
import { type BusinessPin, PIN_MANAGE_MESSAGES, type TopUpPinInput } from '@shared/schema/pins';
import { pins } from '@shared/tables/pins';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getUserFundsAccount, lockPinReserveAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { changedPin, MANAGEABLE_PIN_STATUSES, ownPinIn, refusal } from './pin-change';

/**
 * The owner adds `quantity` cards of the pin's value: the pin grows and value × quantity moves
 * from the business's funds to the pin's reserve in one transaction, so without the funds
 * nothing changes. A sold-out pin is back on offer; a paused one stays paused.
 */
export async function topUpPin(
  db: Database,
  businessId: number,
  pinId: number,
  { quantity }: TopUpPinInput,
): Promise<BusinessPin> {
  await db.transaction(async (tx) => {
    const [grown] = await tx
      .update(pins)
      .set({
        quantity: sql`${pins.quantity} + ${quantity}`,
        remaining: sql`${pins.remaining} + ${quantity}`,
        status: sql`case when ${pins.status} = 'exhausted' then 'active' else ${pins.status} end`,
      })
      .where(
        and(
          ownPinIn(businessId, pinId, MANAGEABLE_PIN_STATUSES),
          sql`${pins.quantity} + ${quantity} <= ${PIN_LIMITS.quantityMax}`,
        ),
      )
      .returning({ id: pins.id, valueCents: pins.valueCents, quantity: pins.quantity });
    if (!grown) {
      throw await refusal(
        tx,
        businessId,
        pinId,
        () =>
          new AppError('VALIDATION', PIN_MANAGE_MESSAGES.tooMany, {
            errors: { quantity: PIN_MANAGE_MESSAGES.tooMany },
          }),
      );
    }
    const totalCents = grown.valueCents * quantity;
    const funds = await getUserFundsAccount(tx, businessId);
    const reserve = await lockPinReserveAccount(tx, pinId);
    // Not enough funds throws here, and the pin's growth above is rolled back with it.
    await postTransaction(tx, {
      kind: 'pin_reserve',
      userId: businessId,
      amountCents: totalCents,
      description: `Added ${quantity} × $${(grown.valueCents / 100).toFixed(2)} to pin #${pinId}`,
      pinId,
      entries: [
        { account: funds, amountCents: -totalCents },
        { account: { id: reserve.id, kind: reserve.kind }, amountCents: totalCents },
      ],
    });
  });
  return changedPin(db, businessId, pinId);
}
