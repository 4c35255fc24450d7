import { vi } from 'vitest';
import {
  MARKETPLACE_SCOPE_HEADER,
  type MarketplacePin,
  type MarketplaceScope,
} from '@shared/schema/gift-cards';
import { listReply, type MockReply } from '@/testing/mock-api';

export function buildPin(overrides: Partial<MarketplacePin> = {}): MarketplacePin {
  return {
    id: 7,
    brand: 'starbucks',
    value: 10,
    message: '$10.00 Starbucks gift card',
    promotion_message: 'A coffee on us this week',
    display_business_name: true,
    business_contact: null,
    business_name: 'Bean Co.',
    sender_name: 'Bean Co.',
    location_name: 'Starbucks Pike Place',
    street: '1912 Pike Pl',
    city: 'Seattle',
    state: 'WA',
    lat: 47.6097,
    lng: -122.3422,
    expiration_date: '2030-06-15T12:00:00.000Z',
    remaining: 5,
    recommended: false,
    ...overrides,
  };
}

/** A marketplace answer: the page's pins, with its total and scope in headers. */
export function buildPage(
  items: MarketplacePin[],
  {
    page = 1,
    limit = 20,
    total = items.length,
    scope,
  }: { page?: number; limit?: number; total?: number; scope?: MarketplaceScope } = {},
): MockReply {
  return listReply(items, {
    page,
    limit,
    total,
    headers: scope ? { [MARKETPLACE_SCOPE_HEADER]: scope } : {},
  });
}

/** The marketplace's brand chips: the brands of these pins. */
export const brandsOf = (items: MarketplacePin[]) => [...new Set(items.map((pin) => pin.brand))];

type PositionCallback = Parameters<Geolocation['getCurrentPosition']>[0];
type PositionErrorCallback = NonNullable<Parameters<Geolocation['getCurrentPosition']>[1]>;

/**
 * Gives jsdom (which has no geolocation) a `navigator.geolocation` whose getCurrentPosition runs
 * `answer`; `removeGeolocation` takes it away again.
 */
export function mockGeolocation(
  answer: (success: PositionCallback, failure: PositionErrorCallback) => void,
) {
  const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success, failure) =>
    answer(success, failure ?? (() => {})),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
  return getCurrentPosition;
}

export function removeGeolocation() {
  Reflect.deleteProperty(navigator, 'geolocation');
}

export function position(lat: number, lng: number): GeolocationPosition {
  return {
    coords: { latitude: lat, longitude: lng, accuracy: 20 },
    timestamp: Date.now(),
  } as GeolocationPosition;
}

export function positionError(code: 1 | 2 | 3): GeolocationPositionError {
  return {
    code,
    message: 'no position',
    PERMISSION_DENIED: 1,
    POSITION_UNAVAILABLE: 2,
    TIMEOUT: 3,
  } as GeolocationPositionError;
}
