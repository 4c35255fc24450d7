/** Limits, enums and display names used by both the client and the server. */

export const USER_TYPES = ['consumer', 'business'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const BRAND_IDS = ['starbucks', 'dunkin', 'walmart'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

const BRAND_DISPLAY_NAMES: Record<string, string> = {
  starbucks: 'Starbucks',
  dunkin: 'Dunkin',
  walmart: 'Walmart',
};

/** Display name of a brand id; an unknown brand shows its raw value. */
export function brandDisplayName(brandId: string): string {
  return BRAND_DISPLAY_NAMES[brandId] ?? brandId;
}

/** Brand logos are keywords that map to emoji; anything else shows a gift. */
const LOGO_EMOJI: Record<string, string> = {
  coffee: '☕',
  cart: '🛒',
  doughnut: '🍩',
};
export const DEFAULT_LOGO_EMOJI = '🎁';

export function logoEmoji(logo: string | null | undefined): string {
  return (logo && LOGO_EMOJI[logo]) || DEFAULT_LOGO_EMOJI;
}

export const LIMITS = {
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  nameMax: 100,
  phoneMin: 5,
  phoneMax: 32,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
  identifiersMax: 50,
  /** Gift-card amounts in dollars, step 0.01. */
  giftAmountMin: 5,
  giftAmountMax: 500,
} as const;

export const DEFAULT_PHONE_PREFIX = '+1';

/** The largest id a client may send: ids are Postgres integers, and a larger one fails the query. */
export const ID_MAX = 2_147_483_647;

/** A user counts as online when seen within this window. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** Toasts: one at a time, auto-close after 5 s. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
