import { vi } from 'vitest';
import {
  type ClaimResult,
  MARKETPLACE_SCOPE_HEADER,
  type MarketplacePin,
  type MarketplaceScope,
} from '@shared/schema/gift-cards';
import { screen } from '@testing-library/react';
import { brandsFixture, buildUser } from '@/testing/fixtures';
import {
  jsonReply,
  listReply,
  mockApi,
  type MockHandler,
  type MockReply,
  type MockRoutes,
} from '@/testing/mock-api';
import { type renderWithProviders } from '@/testing/test-utils';

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
): MockReply<'GET /api/gift-cards/marketplace'> {
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
  Reflect.deleteProperty(navigator, 'permissions');
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

/**
 * Gives jsdom (which has none) a Permissions API answering `state` for geolocation;
 * `removeGeolocation` takes it away again.
 */
export function mockPermission(state: PermissionState) {
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: vi.fn(() => Promise.resolve({ state } as PermissionStatus)) },
  });
}

export const MARKETPLACE = '/api/gift-cards/marketplace';

export const latte = buildPin({
  id: 7,
  message: '$10.00 Starbucks gift card',
  recommended: true,
});
export const donut = buildPin({
  id: 8,
  brand: 'dunkin',
  value: 5,
  message: '$5.00 Dunkin gift card',
  promotion_message: '',
  display_business_name: false,
  business_name: '',
  location_name: 'Dunkin Main St',
  city: 'Boston',
  state: 'MA',
  remaining: 2,
});

export const claimResult: ClaimResult = {
  giftCard: {
    id: 99,
    sender_name: 'Bean Co.',
    brand: 'starbucks',
    value: 10,
    balance: 10,
    status: 'active',
    source: 'pin_claim',
    promotional: true,
    message: '',
    expires: '2030-06-15T12:00:00.000Z',
    created_at: '2025-03-01T12:00:00.000Z',
  },
  pin: { id: 7, remaining: 4 },
};

export function mockMarketplace(
  marketplace: MockHandler<'GET /api/gift-cards/marketplace'> = buildPage([latte, donut]),
  routes: MockRoutes = {},
) {
  return mockApi({
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/user': jsonReply(200, buildUser()),
    [`GET ${MARKETPLACE}`]: marketplace,
    [`GET ${MARKETPLACE}/brands`]: jsonReply(200, brandsOf([latte, donut])),
    ...routes,
  });
}

/** The query parameters of every marketplace request, in order. */
export function marketplaceQueries(api: ReturnType<typeof mockApi>) {
  return api.requestsTo('GET', MARKETPLACE).map((request) => request.search);
}

/** Clicks 'Use my location', once the offers from everywhere are shown. */
export async function useMyLocation(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Use my location' }));
}
