import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEDGER_TRANSACTION_KINDS } from '../constants';
import { isoDateTime } from './answer-fields';
import { marketplacePinSchema } from './gift-cards';
import { walletSchema, walletTransactionSchema } from './ledger';
import { businessDashboardStatsSchema } from './pins';

const walletLine = {
  id: 't1',
  kind: 'add_funds',
  description: 'Added funds with card ending 4242 (test mode)',
  type: 'received',
  date: '2026-01-02T03:04:05.000Z',
  amount: 25,
  status: 'completed',
};

const offer = {
  id: 7,
  brand: 'starbucks',
  value: 10,
  message: '$10.00 Starbucks gift card',
  promotion_message: '',
  display_business_name: true,
  business_contact: null,
  business_name: 'Bean There',
  sender_name: 'Bean There',
  location_name: 'Starbucks Market St',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  lat: 37.7936,
  lng: -122.3958,
  expiration_date: '2026-03-01T00:00:00.000Z',
  remaining: 3,
  recommended: false,
};

describe('answer schemas', () => {
  it('reads every ledger kind and the two gift lines as wallet lines, and nothing else', () => {
    for (const kind of [...LEDGER_TRANSACTION_KINDS, 'gift_sent', 'gift_received']) {
      expect(walletTransactionSchema.safeParse({ ...walletLine, kind }).success).toBe(true);
    }
    expect(walletTransactionSchema.safeParse({ ...walletLine, kind: 'refund' }).success).toBe(
      false,
    );
  });

  it('reads a moment only as the UTC text Date#toISOString writes', () => {
    const moment = isoDateTime();
    const written = new Date(Date.UTC(2026, 0, 2, 3, 4, 5)).toISOString();
    expect(moment.safeParse(written).success).toBe(true);
    for (const text of ['', 'soon', '2026-01-02', '2026-13-02T03:04:05.000Z', 1767323045000]) {
      expect(moment.safeParse(text).success, String(text)).toBe(false);
    }
  });

  it('has a marketplace distance only with a location: absent is fine, null is not', () => {
    expect(marketplacePinSchema.safeParse(offer).success).toBe(true);
    expect(marketplacePinSchema.safeParse({ ...offer, distance_miles: 1.4 }).success).toBe(true);
    expect(marketplacePinSchema.safeParse({ ...offer, distance_miles: null }).success).toBe(false);
  });

  it('tells the API reference which numbers are whole, which may be null, and what each is', () => {
    const stats = z.toJSONSchema(businessDashboardStatsSchema, { io: 'output' });
    expect(stats.description).toMatch(/dashboard/i);
    const properties = stats.properties as Record<string, Record<string, unknown>>;
    expect(properties.activePins?.type).toBe('integer');
    expect(properties.totalValue?.type).toBe('number');
    expect(properties.rank?.description).toMatch(/null before the first pin/);
    expect(JSON.stringify(properties.rank)).toContain('"type":"null"');

    const wallet = z.toJSONSchema(walletSchema, { io: 'output' });
    const lines = (wallet.properties as Record<string, { items: { properties: object } }>)
      .transactions;
    expect(JSON.stringify(lines?.items.properties)).toContain('ISO 8601 date-time');
  });
});
