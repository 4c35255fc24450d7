import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type RedemptionStore } from '@shared/schema/gift-cards';
import { stores } from '@shared/tables/locations';
import { pins } from '@shared/tables/pins';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/** At most this many stores are offered to choose from (a business rarely pins more of a brand). */
const STORES_MAX = 50;

/**
 * Whether the business offers the brand, so may take its cards: it has issued pins of it, or chose
 * it among the brands it accepts in Settings.
 */
export async function businessOffersBrand(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<boolean> {
  const [row] = await queryRows<{ offers: boolean }>(
    db,
    sql`select exists (select 1 from pins where business_id = ${businessId} and brand_id = ${brandId})
        or exists (select 1 from user_brands where user_id = ${businessId} and brand_id = ${brandId})
        as offers`,
  );
  return row?.offers === true;
}

/** The business's stores of the brand: the stores its pins of that brand name, by name. */
export async function listBusinessStores(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<RedemptionStore[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      street: stores.street,
      city: stores.city,
      state: stores.state,
    })
    .from(stores)
    .where(
      and(
        eq(stores.brandId, brandId),
        inArray(
          stores.id,
          db
            .select({ id: pins.locationId })
            .from(pins)
            .where(and(eq(pins.businessId, businessId), eq(pins.brandId, brandId))),
        ),
      ),
    )
    .orderBy(asc(stores.name), asc(stores.city), asc(stores.id))
    .limit(STORES_MAX);
}
