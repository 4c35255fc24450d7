import { eq, inArray, sql } from 'drizzle-orm';
import { brands } from '@shared/tables/brands';
import { identifiers } from '@shared/tables/identifiers';
import { stores } from '@shared/tables/locations';
import { type BusinessPin, type createPinSchema } from '@shared/schema/pins';
import { pinIdentifiers, pins } from '@shared/tables/pins';
import { type z } from 'zod';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createPinReserveAccount, getUserFundsAccount } from '../ledger/accounts';
import { postTransaction } from '../ledger/post-transaction';
import { getBusinessPin } from './list-business-pins';

type CreatePinData = z.output<typeof createPinSchema>;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { errors: { [field]: message } });
}

/**
 * Creates a pin on a real store of its brand and reserves value × quantity from the business's
 * funds, in one transaction: without the funds, no pin.
 */
export async function createPin(
  db: Database,
  businessId: number,
  input: CreatePinData,
): Promise<BusinessPin> {
  const pinId = await db.transaction(async (tx) => {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.id, input.brand));
    if (!brand) throw invalid('brand', `Unknown brand: ${input.brand}`);

    const [store] = await tx
      .select({
        id: stores.id,
        brandId: stores.brandId,
        lat: stores.lat,
        lng: stores.lng,
        name: stores.name,
      })
      .from(stores)
      .where(eq(stores.id, input.locationId));
    if (!store) throw invalid('locationId', 'Unknown store location');
    if (store.brandId !== brand.id)
      throw invalid('locationId', 'The store location does not belong to this brand');

    const targets = [...new Set(input.targetIdentifiers)];
    if (targets.length > 0) {
      const known = await tx
        .select({ id: identifiers.id })
        .from(identifiers)
        .where(inArray(identifiers.id, targets));
      const unknown = targets.filter((id) => !known.some((row) => row.id === id));
      if (unknown.length > 0)
        throw invalid('targetIdentifiers', `Unknown identifier: ${unknown.join(', ')}`);
    }

    const [pin] = await tx
      .insert(pins)
      .values({
        businessId,
        brandId: brand.id,
        locationId: store.id,
        valueCents: input.value,
        quantity: input.quantity,
        remaining: input.quantity,
        radiusMiles: input.radius,
        lat: store.lat,
        lng: store.lng,
        promotionMessage: input.promotionMessage,
        showBusinessInfo: input.showBusinessInfo,
        expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
      })
      .returning({ id: pins.id });
    if (!pin) throw new Error('Pin was not created');
    if (targets.length > 0) {
      await tx
        .insert(pinIdentifiers)
        .values(targets.map((identifierId) => ({ pinId: pin.id, identifierId })));
    }

    const totalCents = input.value * input.quantity;
    const funds = await getUserFundsAccount(tx, businessId);
    const reserve = await createPinReserveAccount(tx, pin.id);
    await postTransaction(tx, {
      kind: 'pin_reserve',
      userId: businessId,
      amountCents: totalCents,
      description: `Funded pin #${pin.id}: ${input.quantity} × $${(input.value / 100).toFixed(2)} at ${store.name}`,
      pinId: pin.id,
      entries: [
        { account: funds, amountCents: -totalCents },
        { account: reserve, amountCents: totalCents },
      ],
    });
    return pin.id;
  });
  const created = await getBusinessPin(db, businessId, pinId);
  if (!created) throw new Error('Created pin not found');
  return created;
}
