import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { GIFT_LIMITS } from '@shared/constants';
import { type MarketplacePin, type MarketplaceScope } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { type Page } from '../../lib/list-answer';
import { type OfferRow, presentOffer } from './present-offer';

export type MarketplaceOptions = {
  lat?: number | undefined;
  lng?: number | undefined;
  brand?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The offers for this consumer (offered_pins, a function of the migrations, as every reader of
 * them uses it): the nearest in reach (marketplace_nearby) or, without a location, the newest
 * (marketplace_newest), at most `GIFT_LIMITS.marketplaceNearestMax`; a brand of null means every
 * brand.
 */
const cappedOffers = (located: boolean, consumerId: SQLWrapper, brand: SQLWrapper) =>
  located
    ? sql`select offer_id as id, offer_brand as brand_id, offer_created_at as created_at,
          offer_distance_miles as distance_miles, offer_recommended as recommended
        from marketplace_nearby(${consumerId}, ${sql.placeholder('lat')}::double precision,
          ${sql.placeholder('lng')}::double precision, ${brand}::text,
          ${sqlInteger(GIFT_LIMITS.marketplaceNearestMax)})`
    : sql`select offer_id as id, offer_brand as brand_id, offer_created_at as created_at,
          offer_distance_miles as distance_miles, offer_recommended as recommended
        from marketplace_newest(${consumerId}, ${brand}::text,
          ${sqlInteger(GIFT_LIMITS.marketplaceNearestMax)})`;

type MarketplaceVariant = `${'near' | 'anywhere'}_${'brand' | 'all'}_${'search' | 'all'}`;

/** An offer of the page, or the one row of nulls beside the total that an empty page answers. */
type MarketplaceRow = Omit<OfferRow, 'id'> & {
  id: number | null;
  /** How many offers the whole list holds. */
  total: number | string;
};

const isOffer = (row: MarketplaceRow): row is MarketplaceRow & OfferRow => row.id !== null;

/**
 * One pass over the pins on offer here, kept narrow: the count and the page's order come from the
 * same materialised set; only the page's pins are joined to their store and business. Built once
 * per variant (with or without a location, a brand, a search): the statement is large, and
 * building it took more of the server's time than running it. The page is a range of row
 * numbers, not LIMIT/OFFSET parameters, so that Postgres keeps one generic plan instead of
 * planning every request. The rows are the page's offers in order (an empty page: one row holding
 * only the total); presentOffer shapes each for the answer.
 */
const marketplacePage = preparedQuery<MarketplaceRow, MarketplaceVariant>(
  'marketplace_page',
  (variant) => {
    const [where, brandFilter, searchFilter] = variant.split('_');
    const located = where === 'near';
    const consumerId = sql.placeholder('consumerId');
    const byBrand = brandFilter === 'brand';
    const searching = searchFilter === 'search';
    const pattern = sql.placeholder('pattern');
    // Over the offered pin's own columns, its store's and its business's (when shown).
    const matches = sql`(stores.name ilike ${pattern} or stores.city ilike ${pattern}
      or stores.state ilike ${pattern} or stores.street ilike ${pattern}
      or pins.brand_id ilike ${pattern} or pins.promotion_message ilike ${pattern}
      or (pins.show_business_info and businesses.name ilike ${pattern}))`;
    const ranking = (alias: string) => {
      const row = sql.raw(alias);
      const nearestFirst = located ? sql`${row}.distance_miles asc,` : sql``;
      return sql`${row}.recommended desc, ${nearestFirst} ${row}.created_at desc, ${row}.id desc`;
    };

    // With a brand chosen, the nearest or newest offers of that brand.
    const capped = (brand: SQLWrapper) => cappedOffers(located, consumerId, brand);
    let offered: SQL;
    let chosenFrom: SQL;
    let narrowed = sql``;
    if (located || !searching) {
      offered = capped(sql`null`);
      chosenFrom = byBrand ? sql`(${capped(sql.placeholder('brand'))})` : sql`offered`;
      if (searching) {
        narrowed = sql`and exists (
          select 1 from pins
          join stores on stores.id = pins.location_id
          join users businesses on businesses.id = pins.business_id
          where pins.id = offered.id and ${matches})`;
      }
    } else {
      // A search without a location looks through every offer (ILIKE '%…%' has no index to
      // use), each read once with its store and business.
      offered = sql`select pins.id, pins.brand_id, pins.created_at,
          null::double precision as distance_miles,
          offer_recommended(pins,
            array(select brand_id from user_brands where user_id = ${consumerId}),
            array(select identifier_id from user_identifiers where user_id = ${consumerId})
          ) as recommended
        from offered_pins(${consumerId}) as pins
        join stores on stores.id = pins.location_id
        join users businesses on businesses.id = pins.business_id
        where ${matches}`;
      chosenFrom = byBrand
        ? sql`(select * from offered where offered.brand_id = ${sql.placeholder('brand')})`
        : sql`offered`;
    }

    // The page's pins are fetched by key, each with its store and business (OFFSET 0 keeps the
    // lateral a probe per row: Postgres would otherwise estimate the page at a share of every
    // offer and read all the pins to join them).
    return sql`with offered as materialized (${offered}),
      chosen as not materialized (select * from ${chosenFrom} as offered where true ${narrowed})
      select counted.total, page.id, page.recommended,
        round(page.distance_miles::numeric, 1)::float8 as distance_miles, offer.*
      from (select count(*) as total from chosen) as counted
      left join (
        select * from (
          select chosen.*, row_number() over (order by ${ranking('chosen')}) as position
          from chosen
        ) as numbered
        where position > ${sql.placeholder('after')} and position <= ${sql.placeholder('through')}
      ) as page on true
      left join lateral (
        select pins.brand_id, pins.value_cents, pins.promotion_message, pins.show_business_info,
          businesses.name as business_name,
          businesses.contact_email as business_contact_email, businesses.phone as business_phone,
          businesses.website as business_website,
          businesses.description as business_description,
          stores.name as location_name, stores.street,
          stores.city, stores.state, pins.lat, pins.lng, pins.expires_at, pins.remaining
        from pins
        join stores on stores.id = pins.location_id
        join users businesses on businesses.id = pins.business_id
        where pins.id = page.id
        offset 0
      ) as offer on true
      order by page.position`;
  },
);

/** One page of the marketplace, and whether it lists only the nearest or newest offers. */
export type MarketplaceAnswer = Page<MarketplacePin> & {
  scope: MarketplaceScope | undefined;
};

/**
 * The consumer's marketplace: with a location, only pins whose radius covers it, nearest first,
 * at most the nearest `GIFT_LIMITS.marketplaceNearestMax`; without one, as many of the newest (a
 * search without a location looks through every offer). Pins of a favourite brand or aimed at
 * one of the consumer's identifiers come first either way.
 */
export async function listMarketplace(
  db: Database,
  consumerId: number,
  options: MarketplaceOptions,
): Promise<MarketplaceAnswer> {
  const located = options.lat !== undefined && options.lng !== undefined;
  const variant: MarketplaceVariant = `${located ? 'near' : 'anywhere'}_${options.brand ? 'brand' : 'all'}_${options.search ? 'search' : 'all'}`;
  const rows = await marketplacePage(db, variant, {
    consumerId,
    after: (options.page - 1) * options.limit,
    through: options.page * options.limit,
    ...(located && { lat: options.lat, lng: options.lng }),
    ...(options.brand && { brand: options.brand }),
    ...(options.search && { pattern: `%${escapeLike(options.search)}%` }),
  });

  const total = Number(rows[0]?.total ?? 0);
  const capped = located || !options.search;
  const scope: MarketplaceScope | undefined =
    capped && total >= GIFT_LIMITS.marketplaceNearestMax
      ? located
        ? 'nearest'
        : 'newest'
      : undefined;
  return {
    items: rows.filter(isOffer).map((row) => presentOffer(row, located)),
    page: options.page,
    limit: options.limit,
    total,
    scope,
  };
}

const marketplaceBrands = preparedQuery<{ brand_id: string }, 'near' | 'anywhere'>(
  'marketplace_brands',
  (where) =>
    sql`select distinct brand_id from (${cappedOffers(
      where === 'near',
      sql.placeholder('consumerId'),
      sql`null`,
    )}) as offered order by brand_id`,
);

/**
 * Every brand among the offers the marketplace lists here (for its brand chips), whatever brand
 * or search is chosen: the brands of the nearest offers in reach, or of the newest.
 */
export async function listMarketplaceBrands(
  db: Database,
  consumerId: number,
  { lat, lng }: Pick<MarketplaceOptions, 'lat' | 'lng'>,
): Promise<string[]> {
  const located = lat !== undefined && lng !== undefined;
  const rows = await marketplaceBrands(db, located ? 'near' : 'anywhere', {
    consumerId,
    ...(located && { lat, lng }),
  });
  return rows.map((row) => row.brand_id);
}
