import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { stores } from '@shared/tables/locations';
import { type PinStatus } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { pinRedeemedCards } from '@shared/tables/gift-cards';
import { pins } from '@shared/tables/pins';
import { type Database, type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { type Page } from '../../lib/list-answer';
import { expirePins } from './pin-refunds';

const columns = {
  id: pins.id,
  brand: pins.brandId,
  locationId: pins.locationId,
  locationName: stores.name,
  street: stores.street,
  city: stores.city,
  state: stores.state,
  valueCents: pins.valueCents,
  quantity: pins.quantity,
  remaining: pins.remaining,
  radius: pins.radiusMiles,
  lat: pins.lat,
  lng: pins.lng,
  // Cards, not spends: a card spent twice is one redemption of the pin's offer (kept per pin as
  // the spends are written, so a pin of many cards costs the list one row).
  redeemed: sql<number>`coalesce((select ${pinRedeemedCards.cards} from ${pinRedeemedCards}
    where ${pinRedeemedCards.pinId} = ${pins.id}), 0)`,
  promotionMessage: pins.promotionMessage,
  showBusinessInfo: pins.showBusinessInfo,
  targetIdentifiers: sql<
    number[]
  >`coalesce((select array_agg(pi.identifier_id order by pi.identifier_id) from pin_identifiers pi where pi.pin_id = pins.id), '{}')`,
  status: pins.status,
  expiresAt: pins.expiresAt,
  createdAt: pins.createdAt,
};

type Row = {
  valueCents: number;
  expiresAt: Date;
  createdAt: Date;
  targetIdentifiers: number[];
} & Omit<
  BusinessPin,
  'value' | 'claimed' | 'claimRate' | 'expiresAt' | 'createdAt' | 'targetIdentifiers'
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

export async function getBusinessPin(
  db: Executor,
  businessId: number,
  pinId: number,
): Promise<BusinessPin | null> {
  const [row] = await db
    .select(columns)
    .from(pins)
    .innerJoin(stores, eq(stores.id, pins.locationId))
    .where(and(eq(pins.id, pinId), eq(pins.businessId, businessId)));
  return row ? toBusinessPin(row) : null;
}

/** The business's pins, or those in the statuses given, as a page's filter. */
const businessPinsOf = (variant: 'all' | 'statuses') =>
  and(
    eq(pins.businessId, sql.placeholder('businessId')),
    variant === 'all'
      ? undefined
      : sql`${pins.status} = any(${sql.placeholder('statuses')}::text[])`,
  );

/**
 * A page of the business's pins, newest first, with how many match in all and whether any of the
 * business's pins is past its expiry yet not settled (both InitPlans): built and planned once per
 * connection, as the pin list is the business's home screen.
 */
const businessPinsPage = preparedStatement(
  'business_pins_page',
  (db: Database, variant: 'all' | 'statuses') => {
    const where = businessPinsOf(variant);
    return db
      .select({
        ...columns,
        total: db.$count(pins, where),
        due: sql<boolean>`exists (select 1 from ${pins} due
          where due.business_id = ${sql.placeholder('businessId')}
            and due.status in ('active', 'paused', 'exhausted') and due.expires_at <= now())`,
      })
      .from(pins)
      .innerJoin(stores, eq(stores.id, pins.locationId))
      .where(where)
      .orderBy(desc(pins.createdAt), desc(pins.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  },
);

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
    businessPinsPage(db, query.status ? 'statuses' : 'all').execute({
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
  let total = rows[0]?.total ?? 0;
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
    // The total and the due flag are the page's, not a pin's.
    items: rows.map(toBusinessPin),
    page: query.page,
    limit: query.limit,
    total,
  };
}
