import { type Brand } from '@shared/schema/brands';
import { type Identifier } from '@shared/schema/identifiers';
import { type ProfileSettings } from '@shared/schema/profile-settings';
import { type PublicProfile } from '@shared/schema/profiles';
import { type CurrentUser } from '@shared/schema/users';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    type: 'consumer',
    name: 'Casey Consumer',
    username: 'casey',
    email: 'casey@example.com',
    phone: '+15551234567',
    profilePicture: null,
    verified: false,
    friendsCount: 0,
    brands: ['starbucks'],
    identifiers: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** What Settings edits (`GET /api/user/settings`): a consumer's unless overridden. */
export function buildProfileSettings(overrides: Partial<ProfileSettings> = {}): ProfileSettings {
  return {
    type: 'consumer',
    name: 'Casey Consumer',
    username: 'casey',
    email: 'casey@example.com',
    profilePicture: null,
    phone: '+15551234567',
    brands: ['starbucks'],
    identifiers: [],
    contactEmail: null,
    website: null,
    description: null,
    acceptedBrands: [],
    ...overrides,
  };
}

export const brandsFixture: Brand[] = [
  { id: 'starbucks', name: 'Starbucks', logo: 'coffee' },
  { id: 'dunkin', name: 'Dunkin', logo: 'doughnut' },
  { id: 'walmart', name: 'Walmart', logo: 'cart' },
];

export const identifiersFixture: Identifier[] = [
  {
    id: 1,
    name: 'Coffee lover',
    category: 'food & drink',
    description: 'Starts the day with a latte',
    icon: '☕',
  },
  {
    id: 2,
    name: 'Student',
    category: 'lifestyle',
    description: 'In school or university',
    icon: '🎓',
  },
];

/** A consumer's public profile (`GET /api/user/profile/:username`), as a guest sees it. */
export function buildPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    name: 'Ava Thompson',
    username: 'ava_thompson',
    profilePicture: null,
    verified: true,
    friendsCount: 3,
    brands: ['starbucks'],
    type: 'consumer',
    ...overrides,
  };
}
