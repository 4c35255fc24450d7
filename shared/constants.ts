/** Limits, enums and display names used by both the client and the server. */

export const USER_TYPES = ['consumer', 'business'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** What a single-use link sent by e-mail is for. */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Single-use e-mail links: how long they work, and the pages they open (`?token=…`). */
export const ACCOUNT_LINKS = {
  validMinutes: 30,
  resetPasswordPath: '/reset-password',
  confirmEmailPath: '/settings/confirm-email',
} as const;

/** Two-factor authentication (TOTP) and the step-up before moving money. */
export const TWO_FACTOR = {
  /** Digits of an authenticator app's code. */
  codeDigits: 6,
  /** Recovery codes made at once, each accepted once. */
  recoveryCodeCount: 10,
  /** Characters of a recovery code (shown in two groups of five). */
  recoveryCodeLength: 10,
  /** How long the code step of a sign-in waits after the password was right. */
  pendingSignInMinutes: 5,
} as const;

/** The wallet PIN: a short proof of who you are at a counter, locked after a few wrong tries. */
export const WALLET_PIN = {
  digits: 6,
  /** Wrong PINs in a row after which only the password or a code proves who you are. */
  maxFailures: 5,
} as const;

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

// ---------------------------------------------------------------------------------------------
// Limits: the bounds of what a client may send and the sizes of lists. The zod contracts in
// shared/schema/, the forms and the server all read them from here, and a message that names a
// limit is built from it, so the two cannot disagree.
// ---------------------------------------------------------------------------------------------

export const LIMITS = {
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  /**
   * A username as typed to find someone (a friend request, a gift's recipient, a profile): longer
   * than any account's username can be, so a longer one is simply not found.
   */
  usernameLookupMax: 60,
  nameMax: 100,
  phoneMin: 5,
  phoneMax: 32,
  phoneDigitsMin: 7,
  phoneDigitsMax: 15,
  /** Favourite brands chosen at registration. */
  brandsMax: 20,
  /** A brand id as sent; longer than any brand id, so a longer one is simply unknown. */
  brandIdMax: 40,
  /** Identifiers a consumer chooses, and identifiers a pin targets. */
  identifiersMax: 50,
  /** A brand or a city name in the store location cascade's queries. */
  locationNameMax: 100,
  /** Latitude and longitude, in degrees. */
  latitudeMax: 90,
  longitudeMax: 180,
  /** Gift-card amounts in dollars, step 0.01. */
  giftAmountMin: 5,
  giftAmountMax: 500,
} as const;

/** What a business tells customers about itself, and a profile picture's address, on Settings. */
export const PROFILE_LIMITS = {
  /** A business's short description: about two sentences, as a card can show it. */
  descriptionMax: 280,
  websiteMax: 200,
  pictureUrlMax: 300,
} as const;

/** Searches for people (user search and @mentions) run only with at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
/** The longest search for people. */
export const SEARCH_MAX_LENGTH = 60;
export const SEARCH_HINT = `Type at least ${SEARCH_MIN_LENGTH} characters to search`;
export const SEARCH_TOO_LONG = `Search must be at most ${SEARCH_MAX_LENGTH} characters`;
export const SEARCH_EMPTY = 'No users found';

/** `?page=&limit=` of every paginated list. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const FRIEND_LIMITS = {
  /** `GET /api/friends/suggested?limit=`. */
  suggestionsDefault: 10,
  suggestionsMax: 50,
} as const;

export const GIFT_LIMITS = {
  /** Gift amounts: 5 to 500 dollars. */
  amountMin: LIMITS.giftAmountMin,
  amountMax: LIMITS.giftAmountMax,
  messageMax: 200,
  searchTextMax: 100,
  /**
   * The marketplace lists at most this many offers: the nearest in reach with a location, the
   * newest without one (its count and brand chips are over them too), so its cost does not grow
   * with how many pins are on offer. A search without a location looks through every offer.
   */
  marketplaceNearestMax: 100,
} as const;

export const LEADERBOARD_LIMITS = {
  /** `GET /api/leaderboard?limit=`: consumers listed. */
  sizeDefault: 50,
  sizeMax: 100,
} as const;

/** Adding funds to and withdrawing from a business wallet, in dollars. */
export const FUNDS_MIN_DOLLARS = 1;
export const FUNDS_MAX_DOLLARS = 10_000;

export const PIN_LIMITS = {
  /** A pin's cards are gift cards: the same dollar range. */
  valueMin: LIMITS.giftAmountMin,
  valueMax: LIMITS.giftAmountMax,
  quantityMin: 1,
  quantityMax: 1000,
  /** Miles around the store. */
  radiusMin: 1,
  radiusMax: 100,
  promotionMessageMax: 200,
  defaultValue: 10,
  defaultQuantity: 1,
  defaultRadius: 5,
  /** A pin expires this many days after creation unless its business chooses otherwise. */
  expiryDays: 90,
  /** A pin runs at least a day and, counted from today, at most a year (also after extending). */
  expiryDaysMin: 1,
  expiryDaysMax: 365,
} as const;

/** The expiries the wizard offers, in days (the API takes any whole number in the limits). */
export const PIN_EXPIRY_CHOICES = [7, 14, 30, 60, 90, 180, 365] as const;

/**
 * Each brand's colour on maps and charts (its markers, its reach circles), chosen to stay apart
 * from one another and readable against the light basemap. A brand without one uses the fallback.
 */
export const BRAND_COLOURS: Record<string, string> = {
  starbucks: '#00704A',
  dunkin: '#C2410C',
  walmart: '#0053A0',
};
export const BRAND_COLOUR_FALLBACK = '#6D28D9';
export const brandColour = (brand: string): string => BRAND_COLOURS[brand] ?? BRAND_COLOUR_FALLBACK;

export const LEAD_LIMITS = {
  nameMax: 100,
  notesMax: 1000,
  sourceMax: 200,
  searchMax: 100,
  pageSizeDefault: 10,
} as const;

export const POST_LIMITS = {
  contentMax: 2000,
  commentMax: 1000,
  mentionsMax: 20,
  /** An attachment is the URL of an upload, e.g. '/uploads/3f9c…e1.png': far shorter than this. */
  attachmentUrlMax: 300,
  /** The feed's cursor is opaque to the client; the server's own cursors are far shorter. */
  cursorMax: 200,
  pageSizeDefault: 10,
  pageSizeMax: 50,
  /** Comments sent with each post in the feed (the newest ones). */
  commentsPreview: 3,
} as const;

export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Checked by the file's bytes, never its name. */
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const,
  /** One image a request; a few form fields besides it are read, more are refused. */
  filesMax: 1,
  fieldsMax: 5,
  /**
   * The most pixels an upload may declare (width × height, every frame of an animation counted),
   * checked from its header before it is decoded: a PNG of a few kB can claim 20,000 × 20,000,
   * which would take gigabytes to decode. 40 megapixels (7,680 × 5,120 fits) is more than a real
   * photo under the 5 MB limit holds, and bounds one decode at 160 MB (4 bytes a pixel).
   */
  maxInputPixels: 40_000_000,
  /**
   * The longest side an upload (each frame of an animation) may declare, checked from its header
   * with the pixels: a 1 × 39,000,000 PNG is under 40 megapixels and compresses to 76 kB, yet
   * decoding and resizing a line that long ties up a core for seconds. No photo or screenshot is
   * longer than 10,000 px on a side.
   */
  maxInputSide: 10_000,
} as const;
export type UploadContentType = (typeof UPLOAD_LIMITS.types)[number];

/** What an upload is for: the image of a post, or a profile picture. */
export const UPLOAD_PURPOSES = ['post', 'avatar'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/**
 * The pixel sizes an upload is stored at: the long side of a post's image (never enlarged), the
 * side of an avatar's square; each with a small variant for lists beside the large one.
 */
export const UPLOAD_IMAGE_SIZES = {
  post: { large: 1600, small: 640 },
  avatar: { large: 512, small: 160 },
} as const satisfies Record<UploadPurpose, { large: number; small: number }>;

export const REPORT_DETAILS_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Enums: the allowed values of a field, for the contracts, the tables and the client
// ---------------------------------------------------------------------------------------------

export const FRIENDSHIP_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

export const FRIEND_RESPONSE_ACTIONS = ['accept', 'reject'] as const;

/** A user search result's friendship with the searcher; a rejected request reads as 'none'. */
export const SEARCH_FRIENDSHIP_STATUSES = ['accepted', 'pending', 'none'] as const;

export const GIFT_CARD_STATUSES = ['active', 'redeemed', 'expired', 'cancelled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/**
 * A card bought with money expires no sooner than this many years after it was bought: the US
 * Credit CARD Act of 2009 (Regulation E, 12 CFR 1005.20) forbids a shorter life for gift cards
 * sold to consumers. Promotional cards from a business's pin keep their pin's expiry.
 */
export const PAID_CARD_EXPIRY_YEARS = 5;

export const GIFT_CARD_SOURCES = ['pin_claim', 'friend_gift', 'guest_gift'] as const;
export type GiftCardSource = (typeof GIFT_CARD_SOURCES)[number];

/**
 * What happened to a card, as its history lists it: issued (claimed from a pin or bought),
 * transferred (given by its holder to someone), spent (at a business's counter), expired,
 * refunded (a promotional card's remaining value back to its business at expiry) and reissued
 * (a paid card's expiry moved on, so the value bought with money is never lost).
 */
export const GIFT_CARD_ACTIVITY_KINDS = [
  'issued',
  'transferred',
  'spent',
  'expired',
  'refunded',
  'reissued',
] as const;
export type GiftCardActivityKind = (typeof GIFT_CARD_ACTIVITY_KINDS)[number];

export const GIFT_KINDS = ['friend', 'guest'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];

export const GIFT_REQUEST_STATUSES = ['pending', 'fulfilled', 'declined'] as const;
export type GiftRequestStatus = (typeof GIFT_REQUEST_STATUSES)[number];

/** A gift as its sender or its recipient sees it. */
export const GIFT_DIRECTIONS = ['sent', 'received'] as const;

export const LEADERBOARD_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** What the marketplace list holds when it is capped: the nearest or the newest offers. */
export const MARKETPLACE_SCOPES = ['nearest', 'newest'] as const;
/** The marketplace list's header naming its scope (nearest or newest offers only), when it has one. */
export const MARKETPLACE_SCOPE_HEADER = 'X-Marketplace-Scope';

/** The kinds of ledger account (see shared/schema/ledger.ts). */
export const LEDGER_ACCOUNT_KINDS = ['user_funds', 'pin_reserve', 'gift_card', 'system'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSACTION_KINDS = [
  'add_funds',
  'withdraw',
  'pin_reserve',
  'pin_refund',
  'claim',
  /** A card spent at a business's counter: the card's value moves to that business's balance. */
  'redeem',
  /** A card bought by a guest from a public profile, paid by card. */
  'guest_gift',
  /** A card bought by a signed-in consumer for someone, paid by card. */
  'gift_purchase',
  /** What a promotional card held when it expired, back to the business whose pin issued it. */
  'card_expiry',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const LEDGER_TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;

/** Whether a wallet line's value came into or went out of the wallet. */
export const WALLET_LINE_TYPES = ['received', 'sent'] as const;

/** What a wallet line records: a ledger movement, or a gift card given or received. */
export const WALLET_TRANSACTION_KINDS = [
  ...LEDGER_TRANSACTION_KINDS,
  'gift_sent',
  'gift_received',
] as const;
export type WalletTransactionKind = (typeof WALLET_TRANSACTION_KINDS)[number];

/** The kinds of notification: friends, gifts, leads, redemptions, mentions and system. */
export const NOTIFICATION_TYPES = [
  'friend_request_received',
  'friend_request_accepted',
  'gift_received',
  'gift_request_received',
  'lead_created',
  'gift_redeemed',
  'post_mention',
  /** Likes on a post, one notification per post that updates as more people like it. */
  'post_liked',
  /** Comments on a post, grouped the same way. */
  'post_commented',
  'card_expiring',
  /** A card reached its expiry: a paid one was reissued, a promotional one's value went back. */
  'card_expired',
  /** A friend sent you a direct message (not while you have the conversation open). */
  'message_received',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The kinds kept as one notification per recipient and post, rewritten as people act on it. */
export const POST_ACTIVITY_NOTIFICATIONS = ['post_liked', 'post_commented'] as const;
export type PostActivityNotification = (typeof POST_ACTIVITY_NOTIFICATIONS)[number];

/** Holders are reminded once of a card with value left this many days before it expires. */
export const CARD_EXPIRY_REMINDER_DAYS = 7;

/** What a notification points at, so its action can open it. */
export const NOTIFICATION_REFERENCES = [
  'friendship',
  'gift_card',
  'gift_request',
  'lead',
  'post',
  'profile',
] as const;
export type NotificationReference = (typeof NOTIFICATION_REFERENCES)[number];

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A paused pin is not offered until its business resumes it; its cards stay reserved. */
export const PIN_STATUSES = ['active', 'paused', 'exhausted', 'expired', 'cancelled'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];

/** What a post can carry besides its text. */
export const POST_ATTACHMENT_TYPES = ['image'] as const;

export const SHARE_PLATFORMS = [
  'native',
  'copy',
  'qr',
  'twitter',
  'facebook',
  'whatsapp',
  'instagram',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const REPORT_REASONS = [
  'spam',
  'impersonation',
  'harassment',
  'inappropriate',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const PROFILE_REPORT_STATUSES = ['open', 'closed'] as const;

// ---------------------------------------------------------------------------------------------
// Other values
// ---------------------------------------------------------------------------------------------

export const DEFAULT_PHONE_PREFIX = '+1';

/** The largest id a client may send: ids are Postgres integers, and a larger one fails the query. */
export const ID_MAX = 2_147_483_647;

/** A user counts as online when seen within this window. */
export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

/** Toasts: one at a time, auto-close after 5 s. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
