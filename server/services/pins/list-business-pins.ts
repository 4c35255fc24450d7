import { and, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { stores } from '@shared/tables/locations';
import { type PinStatus } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { pinRedeemedCards } from '@shared/tables/gift-cards';
import { pins } from '@shared/tables/pins';
import { type Database, type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { type Page } from '../../lib/list-answer';
import { expirePins } from './pin-refunds';

/**
 * A pin as its business sees it, with its store, from `pins` named `p` (for a statement's own
 * condition and order). Rows come as Postgres sends them, read with no per-column mapping.
 */
const pinRows = sql`select p.id, p.brand_id as brand, p.location_id as "locationId",
        store.name as "locationName", store.street, store.city, store.state,
        p.value_cents as "valueCents", p.quantity, p.remaining, p.radius_miles as radius,
        p.lat, p.lng,
        -- Cards, not spends: a card spent twice is one redemption of the pin's offer (kept per
        -- pin as the spends are written, so a pin of many cards costs the list one row).
        coalesce((select r.cards from ${pinRedeemedCards} r where r.pin_id = p.id), 0) as redeemed,
        p.promotion_message as "promotionMessage", p.show_business_info as "showBusinessInfo",
        coalesce((select array_agg(pi.identifier_id order by pi.identifier_id)
                  from pin_identifiers pi where pi.pin_id = p.id), '{}') as "targetIdentifiers",
        p.status, p.expires_at as "expiresAt", p.created_at as "createdAt"`;

type Row = {
  valueCents: number;
  redeemed: number | string;
  expiresAt: string | Date;
  createdAt: string | Date;
  targetIdentifiers: (number | string)[];
} & Omit<
  BusinessPin,
  'value' | 'claimed' | 'redeemed' | 'claimRate' | 'expiresAt' | 'createdAt' | 'targetIdentifiers'
>;

// Written out field by field: copying the row with rest and spread cost more than the rest of
// the page's mapping (measured in docs/performance.md).
function toBusinessPin(row: Row): BusinessPin {
  const claimed = row.quantity - row.remaining;
  return {
    id: row.id,
    brand: row.brand,
    locationId: row.locationId,
    locationName: row.locationName,
    street: row.street,
    city: row.city,
    state: row.state,
    quantity: row.quantity,
    remaining: row.remaining,
    radius: row.radius,
    lat: row.lat,
    lng: row.lng,
    redeemed: Number(row.redeemed),
    promotionMessage: row.promotionMessage,
    showBusinessInfo: row.showBusinessInfo,
    targetIdentifiers: row.targetIdentifiers.map(Number),
    status: row.status,
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    value: centsToDollars(row.valueCents),
    claimed,
    claimRate: row.quantity > 0 ? claimed / row.quantity : 0,
  };
}

const businessPin = preparedQuery<Row>(
  'business_pin',
  () => sql`${pinRows}
    from ${pins} p
    join ${stores} store on store.id = p.location_id
    where p.id = ${sql.placeholder('pinId')}::int
      and p.business_id = ${sql.placeholder('businessId')}::int`,
);

export async function getBusinessPin(
  db: Executor,
  businessId: number,
  pinId: number,
): Promise<BusinessPin | null> {
  const [row] = await businessPin(db, 'all', { businessId, pinId });
  return row ? toBusinessPin(row) : null;
}

/**
 * A page of the business's pins (all, or those in the statuses given), newest first, with how
 * many match in all and whether any of the business's pins is past its expiry yet not settled
 * (both InitPlans): built and planned once per connection, as the pin list is the business's home
 * screen.
 */
const businessPinsPage = preparedQuery<
  Row & { total: number | string; due: boolean },
  'all' | 'statuses'
>('business_pins_page', (variant) => {
  const businessId = sql`${sql.placeholder('businessId')}::int`;
  const where = sql`p.business_id = ${businessId}
    ${variant === 'all' ? sql`` : sql`and p.status = any(${sql.placeholder('statuses')}::text[])`}`;
  return sql`${pinRows},
      (select count(*) from ${pins} p where ${where}) as total,
      exists (select 1 from ${pins} due
        where due.business_id = ${businessId}
          and due.status in ('active', 'paused', 'exhausted') and due.expires_at <= now()) as due
    from ${pins} p
    join ${stores} store on store.id = p.location_id
    where ${where}
    order by p.created_at desc, p.id desc
    -- OFFSET untyped (bigint): a page far past the end asks for more than an int can hold.
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
});

/**
 * The business's own pins, newest first, one page at a time. A pin past its expiry is settled
 * (expired and refunded) before it is shown, as the periodic sweep may not have reached it yet:
 * the page says whether any is due, so a read that finds none writes nothing.
 */
export async function listBusinessPins(
  db: Database,
  businessId: number,
  query: { status?: PinStatus[] | undefined; page: number; limit: number },
): Promise<Page<BusinessPin>> {
  const read = () =>
    businessPinsPage(db, query.status ? 'statuses' : 'all', {
      businessId,
      statuses: query.status,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
  let rows = await read();
  if (rows[0]?.due) {
    await expirePins(db, { businessId });
    rows = await read();
  }
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page no row carries the total or says whether a pin is due: settled, then
    // counted on its own.
    await expirePins(db, { businessId });
    total = await db.$count(
      pins,
      and(
        eq(pins.businessId, businessId),
        query.status ? inArray(pins.status, query.status) : undefined,
      ),
    );
  }
  return {
    // toBusinessPin reads a pin's own fields: the total and the due flag are the page's.
    items: rows.map(toBusinessPin),
    page: query.page,
    limit: query.limit,
    total,
  };
}
