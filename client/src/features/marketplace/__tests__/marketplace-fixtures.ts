import { vi } from 'vitest';
import { type MarketplacePage, type MarketplacePin } from '@shared/schema/gift-cards';

export function buildPin(overrides: Partial<MarketplacePin> = {}): MarketplacePin {
  return {
    id: 7,
    brand: 'starbucks',
    value: 10,
    message: '$10.00 Starbucks gift card',
    promotion_message: 'A coffee on us this week',
    display_business_name: true,
    business_name: 'Bean Co.',
    sender_name: 'Bean Co.',
    location_name: 'Starbucks Pike Place',
    street: '1912 Pike Pl',
    city: 'Seattle',
    state: 'WA',
    expiration_date: '2030-06-15T12:00:00.000Z',
    remaining: 5,
    recommended: false,
    ...overrides,
  };
}

export function buildPage(
  items: MarketplacePin[],
  overrides: Partial<MarketplacePage> = {},
): MarketplacePage {
  return {
    items,
    page: 1,
    limit: 20,
    total: items.length,
    brands: [...new Set(items.map((pin) => pin.brand))],
    ...overrides,
  };
}

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
