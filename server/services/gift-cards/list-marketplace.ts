import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BRAND_IDS, brandDisplayName } from '@shared/constants';
import { GIFT_LIMITS, type MarketplacePin, type MarketplaceScope } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { asJsonText } from '../../lib/json-text';
import { type JsonTextPage } from '../../lib/list-answer';

export type MarketplaceOptions = {
  lat?: number | undefined;
  lng?: number | undefined;
  brand?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `formatDollars` in SQL: "$1,234.50" from integer cents. */
const dollarsText = (cents: SQLWrapper) =>
  sql`'$' || to_char(${cents} / 100.0, 'FM999,999,999,990.00')`;

/** `brandDisplayName` in SQL: the display name of a known brand, else the raw id. */
const brandName = (brand: SQLWrapper) =>
  sql`(case ${brand} ${sql.raw(
    BRAND_IDS.map((id) => `when ${quoted(id)} then ${quoted(brandDisplayName(id))}`).join(' '),
  )} else ${brand} end)`;

/**
 * One pin of the page as JSON text (MarketplacePin), shaped by Postgres: dollars from cents,
 * the message, the business named only when the business chose to be, the expiry in ISO form
 * (to the millisecond, as JavaScript writes it), the distance to a tenth of a mile.
 */
const pinJson = (located: boolean) => sql`json_build_object(
    'id', pins.id, 'brand', pins.brand_id, 'value', (pins.value_cents / 100.0)::float8,
    'message', ${dollarsText(sql`pins.value_cents`)} || ' ' || ${brandName(sql`pins.brand_id`)} || ' gift card',
    'promotion_message', pins.promotion_message, 'display_business_name', pins.show_business_info,
    'business_name', case when pins.show_business_info then businesses.name else '' end,
    'sender_name', businesses.name, 'location_name', stores.name, 'street', stores.street,
    'city', stores.city, 'state', stores.state,
    'expiration_date', to_char(pins.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'remaining', pins.remaining, 'recommended', coalesce(page.recommended, false)
    ${located ? sql`, 'distance_miles', round(page.distance_miles::numeric, 1)::float8` : sql``})`;

/**
 * The nearest offers in reach (marketplace_nearby, a function of the migrations) or, without a
 * location, the newest (marketplace_newest), at most `GIFT_LIMITS.marketplaceNearestMax`; a
 * brand of null means every brand.
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

type MarketplaceResult = {
  /** The page's pins, a JSON array as text. */
  items: string | null;
  total: number | string;
};

/**
 * One pass over the pins on offer here, kept narrow: the count and the page's order come from the
 * same materialised set; only the page's pins are joined to their store and business. The pins this consumer
 * already claimed are read once from gift_cards_claimant_idx and hashed (`not in` a subquery, with
 * no null in it, is a hashed subplan), not looked up pin by pin. Built once per variant (with or
 * without a location, a brand, a search): the statement is large, and building it took more of
 * the server's time than running it. The page is a range of row numbers, not LIMIT/OFFSET
 * parameters, so that Postgres keeps one generic plan instead of planning every request.
 */
const marketplacePage = preparedQuery<MarketplaceResult, MarketplaceVariant>(
  'marketplace_page',
  (variant) => {
    const [where, brandFilter, searchFilter] = variant.split('_');
    const located = where === 'near';
    const consumerId = sql.placeholder('consumerId');
    const byBrand = brandFilter === 'brand';
    const searching = searchFilter === 'search';
    const pattern = sql.placeholder('pattern');
    // Over the offered pin's own columns, its store's and its business's (when shown).
    const search = searching
      ? sql`and exists (
          select 1 from pins
          join stores on stores.id = pins.location_id
          join users businesses on businesses.id = pins.business_id
          where pins.id = offered.id and (stores.name ilike ${pattern} or stores.city ilike ${pattern}
            or stores.state ilike ${pattern} or stores.street ilike ${pattern}
            or pins.brand_id ilike ${pattern} or pins.promotion_message ilike ${pattern}
            or (pins.show_business_info and businesses.name ilike ${pattern})))`
      : sql``;
    const ranking = (alias: string) => {
      const row = sql.raw(alias);
      const nearestFirst = located ? sql`${row}.distance_miles asc,` : sql``;
      return sql`${row}.recommended desc, ${nearestFirst} ${row}.created_at desc, ${row}.id desc`;
    };

    // With a brand chosen, the nearest or newest offers of that brand.
    const capped = (brand: SQLWrapper) => cappedOffers(located, consumerId, brand);
    let offered: SQL;
    let chosenFrom: SQL;
    if (located || !searching) {
      offered = capped(sql`null`);
      chosenFrom = byBrand ? sql`(${capped(sql.placeholder('brand'))})` : sql`offered`;
    } else {
      // A search without a location looks through every offer. A pin aimed at no identifier
      // ('{}') is offered to everyone; one aimed at some only to the consumers holding one of
      // them, and it is recommended to them. Read from the pin row itself (kept equal to
      // pin_identifiers by triggers), against the consumer's identifiers.
      const aimedAtMe = sql`pins.target_identifier_ids && array(
        select identifier_id from user_identifiers where user_id = ${consumerId})`;
      offered = sql`select pins.id, pins.brand_id, pins.created_at,
          null::double precision as distance_miles,
          (pins.brand_id = any(array(select brand_id from user_brands where user_id = ${consumerId}))
            or ${aimedAtMe}) as recommended
        from pins
        where pins.status = 'active' and pins.remaining > 0 and pins.expires_at > now()
          and (pins.target_identifier_ids = '{}' or ${aimedAtMe})
          and pins.id not in (
            select claimed.pin_id from gift_cards claimed
            where claimed.claimed_by = ${consumerId} and claimed.pin_id is not null
          )`;
      chosenFrom = byBrand
        ? sql`(select * from offered where offered.brand_id = ${sql.placeholder('brand')})`
        : sql`offered`;
    }

    return sql`with offered as materialized (${offered}),
      chosen as not materialized (select * from ${chosenFrom} as offered where true ${search})
      select
        (select count(*) from chosen) as total,
        (select json_agg(${pinJson(located)} order by ${ranking('page')})::text
          from (
            select * from (
              select chosen.*, row_number() over (order by ${ranking('chosen')}) as position
              from chosen
            ) as numbered
            where position > ${sql.placeholder('after')} and position <= ${sql.placeholder('through')}
          ) as page
          join pins on pins.id = page.id
          join stores on stores.id = pins.location_id
          join users businesses on businesses.id = pins.business_id) as items`;
  },
);

/** One page of the marketplace, and whether it lists only the nearest or newest offers. */
export type MarketplaceAnswer = JsonTextPage<MarketplacePin> & {
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
  const [result] = await marketplacePage(db, variant, {
    consumerId,
    after: (options.page - 1) * options.limit,
    through: options.page * options.limit,
    ...(located && { lat: options.lat, lng: options.lng }),
    ...(options.brand && { brand: options.brand }),
    ...(options.search && { pattern: `%${escapeLike(options.search)}%` }),
  });

  const total = Number(result?.total ?? 0);
  const capped = located || !options.search;
  const scope: MarketplaceScope | undefined =
    capped && total >= GIFT_LIMITS.marketplaceNearestMax
      ? located
        ? 'nearest'
        : 'newest'
      : undefined;
  return {
    items: asJsonText<MarketplacePin[]>(result?.items ?? '[]'),
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
