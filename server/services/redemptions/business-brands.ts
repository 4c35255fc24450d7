import { sql } from 'drizzle-orm';
import { type RedemptionStore } from '@shared/schema/gift-cards';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

/** At most this many stores are offered to choose from (a business rarely pins more of a brand). */
const STORES_MAX = 50;

// Both prepared: the counter's lookup and redemption ask them for every code.
const offersBrand = preparedQuery<{ offers: boolean }>('business_offers_brand', () => {
  const businessId = sql`${sql.placeholder('businessId')}::int`;
  const brandId = sql`${sql.placeholder('brandId')}::text`;
  return sql`select exists (select 1 from pins where business_id = ${businessId} and brand_id = ${brandId})
      or exists (select 1 from user_brands where user_id = ${businessId} and brand_id = ${brandId})
      as offers`;
});

const storesOfBrand = preparedQuery<RedemptionStore>('business_brand_stores', () => {
  const businessId = sql`${sql.placeholder('businessId')}::int`;
  const brandId = sql`${sql.placeholder('brandId')}::text`;
  return sql`select s.id, s.name, s.street, s.city, s.state from stores s
      where s.brand_id = ${brandId}
        and s.id in (select p.location_id from pins p
                      where p.business_id = ${businessId} and p.brand_id = ${brandId})
      order by s.name, s.city, s.id
      limit ${sqlInteger(STORES_MAX)}`;
});

/**
 * Whether the business offers the brand, so may take its cards: it has issued pins of it, or chose
 * it among the brands it accepts in Settings.
 */
export async function businessOffersBrand(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<boolean> {
  const [row] = await offersBrand(db, 'all', { businessId, brandId });
  return row?.offers === true;
}

/** The business's stores of the brand: the stores its pins of that brand name, by name. */
export async function listBusinessStores(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<RedemptionStore[]> {
  return storesOfBrand(db, 'all', { businessId, brandId });
}
