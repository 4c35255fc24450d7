import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import { type MarketplacePage, type MarketplacePin } from '@shared/schema/gift-cards';
import { pinReach, pins } from '@shared/schema/pins';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

export type MarketplaceOptions = {
  lat?: number | undefined;
  lng?: number | undefined;
  brand?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
};

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles from a point to the pin (haversine; no extension needed). */
function distanceMiles(lat: SQLWrapper, lng: SQLWrapper): SQL {
  const latitude = sql`${lat}::double precision`;
  const longitude = sql`${lng}::double precision`;
  return sql`(${EARTH_RADIUS_MILES}::double precision * 2 * asin(least(1, sqrt(
    power(sin(radians(pins.lat - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(pins.lat)) * power(sin(radians(pins.lng - ${longitude}) / 2), 2)
  ))))`;
}

/**
 * The pins whose reach box holds the point: a search of the GiST index on the active pins' reach
 * (shared/schema/pins.ts), so only pins whose radius may reach it are read, wherever they are.
 */
function mayReach(lat: SQLWrapper, lng: SQLWrapper): SQL {
  const point = sql`point(${lng}::double precision, ${lat}::double precision)`;
  return sql`${pinReach(pins.lat, pins.lng, pins.radiusMiles)} @> box(${point}, ${point})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

type MarketplaceRow = {
  id: number;
  brand_id: string;
  value_cents: number;
  promotion_message: string;
  show_business_info: boolean;
  business_name: string;
  location_name: string;
  street: string;
  city: string;
  state: string;
  expires_at: string | Date;
  remaining: number;
  distance_miles: number | string | null;
  recommended: boolean;
};

function toMarketplacePin(row: MarketplaceRow, withDistance: boolean): MarketplacePin {
  const valueCents = Number(row.value_cents);
  const pin: MarketplacePin = {
    id: Number(row.id),
    brand: row.brand_id,
    value: centsToDollars(valueCents),
    message: `${formatDollars(valueCents)} ${brandDisplayName(row.brand_id)} gift card`,
    promotion_message: row.promotion_message,
    display_business_name: row.show_business_info,
    business_name: row.show_business_info ? row.business_name : '',
    sender_name: row.business_name,
    location_name: row.location_name,
    street: row.street,
    city: row.city,
    state: row.state,
    expiration_date: new Date(row.expires_at).toISOString(),
    remaining: Number(row.remaining),
    recommended: Boolean(row.recommended),
  };
  if (withDistance && row.distance_miles !== null) {
    pin.distance_miles = Math.round(Number(row.distance_miles) * 10) / 10;
  }
  return pin;
}

type MarketplaceVariant = `${'near' | 'anywhere'}_${'brand' | 'all'}_${'search' | 'all'}`;

type MarketplaceResult = {
  items: MarketplaceRow[] | null;
  total: number | string;
  brands: string[] | null;
};

/**
 * One pass over the pins on offer here, kept narrow: the count, the brand chips (every brand on
 * offer, whatever brand or search is chosen) and the page's order come from the same materialised
 * set; only the page's pins are joined to their store and business. `offset 0` keeps the
 * candidates' subquery apart, so that each distance is computed once. The pins this consumer
 * already claimed are read once from gift_cards_claimant_idx and hashed (`not in` a subquery, with
 * no null in it, is a hashed subplan), not looked up pin by pin. Built once per variant (with or
 * without a location, a brand, a search): the statement is large, and building it took more of
 * the server's time than running it.
 */
const marketplacePage = preparedQuery<MarketplaceResult, MarketplaceVariant>(
  'marketplace_page',
  (variant) => {
    const [where, brandFilter, searchFilter] = variant.split('_');
    const located = where === 'near';
    const consumerId = sql.placeholder('consumerId');
    const lat = sql.placeholder('lat');
    const lng = sql.placeholder('lng');
    const distance = located ? distanceMiles(lat, lng) : sql`null::double precision`;
    const reach = located ? sql`and ${mayReach(lat, lng)}` : sql``;
    const withinRadius = located
      ? sql`candidate.distance_miles <= candidate.radius_miles and`
      : sql``;
    // A pin aimed at no identifier ('{}') is offered to everyone; one aimed at some only to the
    // consumers holding one of them, and it is recommended to them. Read from the pin row itself
    // (kept equal to pin_identifiers by triggers), against the consumer's identifiers read once.
    const aimedAtMe = sql`candidate.target_identifier_ids && array(
      select identifier_id from user_identifiers where user_id = ${consumerId})`;
    const brand =
      brandFilter === 'brand' ? sql`and offered.brand_id = ${sql.placeholder('brand')}` : sql``;
    const pattern = sql.placeholder('pattern');
    // Over the offered pin's own columns, its store's and its business's (when shown).
    const search =
      searchFilter === 'search'
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
    return sql`with offered as materialized (
        select candidate.id, candidate.brand_id, candidate.created_at, candidate.distance_miles,
          (candidate.brand_id = any(array(select brand_id from user_brands where user_id = ${consumerId}))
            or ${aimedAtMe}) as recommended
        from (
          select pins.id, pins.brand_id, pins.created_at, pins.radius_miles, pins.target_identifier_ids,
            ${distance} as distance_miles
          from pins
          where pins.status = 'active' and pins.remaining > 0 and pins.expires_at > now() ${reach}
          offset 0
        ) as candidate
        where ${withinRadius} (candidate.target_identifier_ids = '{}' or ${aimedAtMe})
          and candidate.id not in (
            select claimed.pin_id from gift_cards claimed
            where claimed.claimed_by = ${consumerId} and claimed.pin_id is not null
          )
      ),
      chosen as not materialized (select * from offered where true ${brand} ${search})
      select
        (select count(*) from chosen) as total,
        (select array_agg(brand_id order by brand_id) from (select distinct brand_id from offered) as on_offer) as brands,
        (select json_agg(json_build_object(
            'id', pins.id, 'brand_id', pins.brand_id, 'value_cents', pins.value_cents,
            'promotion_message', pins.promotion_message, 'show_business_info', pins.show_business_info,
            'business_name', businesses.name, 'location_name', stores.name, 'street', stores.street,
            'city', stores.city, 'state', stores.state, 'expires_at', pins.expires_at,
            'remaining', pins.remaining, 'distance_miles', page.distance_miles,
            'recommended', page.recommended
          ) order by ${ranking('page')})
          from (
            select * from chosen order by ${ranking('chosen')}
            limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
          ) as page
          join pins on pins.id = page.id
          join stores on stores.id = pins.location_id
          join users businesses on businesses.id = pins.business_id) as items`;
  },
);

/**
 * The consumer's marketplace (issue 4): with a location, only pins whose radius covers it, nearest
 * first; without one, every pin on offer. Pins of a favourite brand or aimed at one of the
 * consumer's identifiers come first either way.
 */
export async function listMarketplace(
  db: Database,
  consumerId: number,
  options: MarketplaceOptions,
): Promise<MarketplacePage> {
  const located = options.lat !== undefined && options.lng !== undefined;
  const variant: MarketplaceVariant = `${located ? 'near' : 'anywhere'}_${options.brand ? 'brand' : 'all'}_${options.search ? 'search' : 'all'}`;
  const [result] = await marketplacePage(db, variant, {
    consumerId,
    limit: options.limit,
    offset: (options.page - 1) * options.limit,
    ...(located && { lat: options.lat, lng: options.lng }),
    ...(options.brand && { brand: options.brand }),
    ...(options.search && { pattern: `%${escapeLike(options.search)}%` }),
  });

  return {
    items: (result?.items ?? []).map((row) => toMarketplacePin(row, located)),
    page: options.page,
    limit: options.limit,
    total: Number(result?.total ?? 0),
    brands: result?.brands ?? [],
  };
}
