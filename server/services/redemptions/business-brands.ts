import { type SQL, sql } from 'drizzle-orm';
import { type RedemptionStore } from '@shared/schema/gift-cards';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

/** At most this many stores are offered to choose from (a business rarely pins more of a brand). */
const STORES_MAX = 50;

/**
 * Whether the business offers the brand, so may take its cards: it has issued pins of it, or chose
 * it among the brands it accepts in Settings. An expression, so the counter's lookup can ask it in
 * the statement that reads the code's card.
 */
export const offersBrandSql = (businessId: SQL, brandId: SQL): SQL =>
  sql`(exists (select 1 from pins where business_id = ${businessId} and brand_id = ${brandId})
      or exists (select 1 from user_brands where user_id = ${businessId} and brand_id = ${brandId}))`;

/**
 * The business's stores of the brand (the stores its pins of that brand name), by name, as a JSON
 * array of RedemptionStore: an expression, for the same reason.
 */
export const brandStoresSql = (businessId: SQL, brandId: SQL): SQL =>
  sql`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'street', s.street,
                                                   'city', s.city, 'state', s.state)
                                 order by s.name, s.city, s.id), '[]'::json)
       from (select s.id, s.name, s.street, s.city, s.state from stores s
             where s.brand_id = ${brandId}
               and s.id in (select p.location_id from pins p
                             where p.business_id = ${businessId} and p.brand_id = ${brandId})
             order by s.name, s.city, s.id
             limit ${sqlInteger(STORES_MAX)}) s)`;

const businessId = sql`${sql.placeholder('businessId')}::int`;
const brandId = sql`${sql.placeholder('brandId')}::text`;

// Prepared: every redemption asks both.
const offersBrand = preparedQuery<{ offers: boolean }>(
  'business_offers_brand',
  () => sql`select ${offersBrandSql(businessId, brandId)} as offers`,
);
const storesOfBrand = preparedQuery<{ stores: RedemptionStore[] }>(
  'business_brand_stores',
  () => sql`select ${brandStoresSql(businessId, brandId)} as stores`,
);

export async function businessOffersBrand(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<boolean> {
  const [row] = await offersBrand(db, 'all', { businessId, brandId });
  return row?.offers === true;
}

export async function listBusinessStores(
  db: Executor,
  businessId: number,
  brandId: string,
): Promise<RedemptionStore[]> {
  const [row] = await storesOfBrand(db, 'all', { businessId, brandId });
  return row?.stores ?? [];
}
