import { sql, type SQL } from 'drizzle-orm';
import { brandDisplayName } from '@shared/constants';
import { centsToDollars, formatDollars } from '@shared/money';
import { type MarketplacePage, type MarketplacePin } from '@shared/schema/gift-cards';
import { PIN_LIMITS } from '@shared/schema/pins';
import { type Database } from '../../db/client';
import { queryRows } from '../../db/query-rows';

export type MarketplaceOptions = {
  lat?: number | undefined;
  lng?: number | undefined;
  brand?: string | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
};

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

/** Great-circle distance in miles from a point to the pin (haversine; no extension needed). */
function distanceMiles(lat: number, lng: number): SQL {
  const latitude = sql`${lat}::double precision`;
  const longitude = sql`${lng}::double precision`;
  return sql`(${EARTH_RADIUS_MILES}::double precision * 2 * asin(least(1, sqrt(
    power(sin(radians(pins.lat - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(pins.lat)) * power(sin(radians(pins.lng - ${longitude}) / 2), 2)
  ))))`;
}

/**
 * A box around the point that holds every pin whose radius could reach it (the widest radius is
 * PIN_LIMITS.radiusMax): a range the (lat, lng) index of active pins answers before the exact test.
 */
function boundingBox(lat: number, lng: number): SQL {
  const latitudeDelta = PIN_LIMITS.radiusMax / MILES_PER_DEGREE_LATITUDE;
  const cosine = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const longitudeDelta = Math.min(180, latitudeDelta / cosine);
  return sql`pins.lat between ${lat - latitudeDelta}::double precision and ${lat + latitudeDelta}::double precision
    and pins.lng between ${lng - longitudeDelta}::double precision and ${lng + longitudeDelta}::double precision`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Pins this consumer may claim: live, with cards left, offered to them and not yet claimed. */
function offeredTo(consumerId: number): SQL {
  return sql`pins.status = 'active' and pins.remaining > 0 and pins.expires_at > now()
    and (
      not exists (select 1 from pin_identifiers target where target.pin_id = pins.id)
      or exists (
        select 1 from pin_identifiers target
        join user_identifiers mine on mine.identifier_id = target.identifier_id and mine.user_id = ${consumerId}
        where target.pin_id = pins.id
      )
    )
    and not exists (
      select 1 from gift_cards claimed where claimed.pin_id = pins.id and claimed.claimed_by = ${consumerId}
    )`;
}

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
  const distance = located
    ? distanceMiles(options.lat!, options.lng!)
    : sql`null::double precision`;
  const reach = located
    ? sql`and ${boundingBox(options.lat!, options.lng!)} and ${distance} <= pins.radius_miles`
    : sql``;
  const brand = options.brand ? sql`and offered.brand_id = ${options.brand}` : sql``;
  const pattern = options.search ? `%${escapeLike(options.search)}%` : null;
  // Over the offered pins' own columns (the `offered` set below), not the base tables.
  const search = pattern
    ? sql`and (offered.location_name ilike ${pattern} or offered.city ilike ${pattern}
        or offered.state ilike ${pattern} or offered.street ilike ${pattern}
        or offered.brand_id ilike ${pattern} or offered.promotion_message ilike ${pattern}
        or (offered.show_business_info and offered.business_name ilike ${pattern}))`
    : sql``;
  const recommended = sql`(
    exists (select 1 from user_brands favourite where favourite.user_id = ${consumerId} and favourite.brand_id = pins.brand_id)
    or exists (
      select 1 from pin_identifiers target
      join user_identifiers mine on mine.identifier_id = target.identifier_id and mine.user_id = ${consumerId}
      where target.pin_id = pins.id
    )
  )`;
  const nearestFirst = located ? sql`distance_miles asc,` : sql``;

  // One pass over the pins on offer here: the page, the count and the brand chips (every brand on
  // offer, whatever brand or search is chosen) all come from the same materialised set.
  const [result] = await queryRows<{
    items: MarketplaceRow[] | null;
    total: number | string;
    brands: string[] | null;
  }>(
    db,
    sql`with offered as materialized (
        select pins.id, pins.brand_id, pins.value_cents, pins.promotion_message,
          pins.show_business_info, businesses.name as business_name,
          stores.name as location_name, stores.street, stores.city, stores.state,
          pins.expires_at, pins.remaining, pins.created_at, ${distance} as distance_miles,
          ${recommended} as recommended
        from pins
        join stores on stores.id = pins.location_id
        join users businesses on businesses.id = pins.business_id
        where ${offeredTo(consumerId)} ${reach}
      ),
      chosen as (select * from offered where true ${brand} ${search})
      select
        (select count(*) from chosen) as total,
        (select array_agg(distinct offered.brand_id order by offered.brand_id) from offered) as brands,
        (select json_agg(page) from (
          select * from chosen
          order by recommended desc, ${nearestFirst} created_at desc, id desc
          limit ${options.limit} offset ${(options.page - 1) * options.limit}
        ) as page) as items`,
  );

  return {
    items: (result?.items ?? []).map((row) => toMarketplacePin(row, located)),
    page: options.page,
    limit: options.limit,
    total: Number(result?.total ?? 0),
    brands: result?.brands ?? [],
  };
}
