import { type LocationOption, type StoreOption } from '@shared/schema/locations';
import { type BusinessDashboardStats, type BusinessPin } from '@shared/schema/pins';
import { type Wallet } from '@shared/schema/ledger';
import { buildProfileSettings, buildUser, identifiersFixture } from '@/testing/fixtures';
import { jsonReply, type MockRoutes } from '@/testing/mock-api';

export const businessUser = buildUser({
  id: 42,
  type: 'business',
  name: 'Corner Cafe',
  username: 'cornercafe',
  email: 'hello@cornercafe.example',
  phone: null,
  brands: [],
});

/** The business's own details as Settings keeps them: a contact address, no website yet. */
export const businessSettings = buildProfileSettings({
  type: 'business',
  name: 'Corner Cafe',
  username: 'cornercafe',
  email: 'owner@cornercafe.example',
  phone: '+15552223333',
  brands: [],
  contactEmail: 'hello@cornercafe.example',
});

export const statesByBrand: Record<string, LocationOption[]> = {
  starbucks: [
    { value: 'MA', label: 'Massachusetts' },
    { value: 'CA', label: 'California' },
  ],
  dunkin: [{ value: 'NY', label: 'New York' }],
};

export const citiesByState: Record<string, LocationOption[]> = {
  MA: [
    { value: 'Boston', label: 'Boston' },
    { value: 'Cambridge', label: 'Cambridge' },
  ],
  CA: [{ value: 'Fresno', label: 'Fresno' }],
  NY: [{ value: 'Albany', label: 'Albany' }],
};

export const bostonStores: StoreOption[] = [
  {
    value: 101,
    label: 'Starbucks Downtown Crossing, 1 Washington St',
    details: { coordinates: { lat: 42.3555, lng: -71.0605 } },
  },
  {
    value: 102,
    label: 'Starbucks Back Bay, 200 Boylston St',
    details: { coordinates: { lat: 42.3519, lng: -71.0707 } },
  },
];

export function buildWallet(balance: number): Wallet {
  return {
    balance,
    summary: { sent: 0, received: balance, thisMonth: balance, totalTransactions: 1 },
    transactions: [],
  };
}

export function buildPin(overrides: Partial<BusinessPin> = {}): BusinessPin {
  return {
    id: 7,
    brand: 'starbucks',
    locationId: 101,
    locationName: 'Starbucks Downtown Crossing',
    street: '1 Washington St',
    city: 'Boston',
    state: 'MA',
    value: 10,
    quantity: 3,
    remaining: 2,
    claimed: 1,
    redeemed: 0,
    claimRate: 1 / 3,
    radius: 5,
    lat: 42.3567,
    lng: -71.0587,
    promotionMessage: 'Coffee on us',
    showBusinessInfo: true,
    targetIdentifiers: [],
    status: 'active',
    expiresAt: '2025-06-02T12:00:00.000Z',
    createdAt: '2025-03-04T12:00:00.000Z',
    ...overrides,
  };
}

/** The catalogue, the user, identifiers and a wallet: everything the wizard reads. */
/** A business with two live pins and its first steps done. */
export const dashboardStats: BusinessDashboardStats = {
  activePins: 2,
  totalValue: 45.5,
  rank: 3,
  rankedBusinesses: 10,
  firstSteps: { fundsAdded: true, pinCreated: true, firstClaim: true },
};

export function wizardRoutes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/user': jsonReply(200, businessUser),
    'GET /api/user/settings': jsonReply(200, businessSettings),
    'GET /api/identifiers': jsonReply(200, identifiersFixture),
    'GET /api/wallet': jsonReply(200, buildWallet(100)),
    'GET /api/locations/brands': jsonReply(200, ['dunkin', 'starbucks', 'walmart']),
    'GET /api/locations/states': (request) =>
      jsonReply(200, statesByBrand[request.search.get('brand') ?? ''] ?? []),
    'GET /api/locations/cities': (request) =>
      jsonReply(200, citiesByState[request.search.get('state') ?? ''] ?? []),
    'GET /api/locations/stores': (request) =>
      jsonReply(200, request.search.get('city') === 'Boston' ? bostonStores : []),
    ...overrides,
  };
}
