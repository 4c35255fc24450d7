import { z } from 'zod';
import {
  BRAND_IDS,
  GIFT_CARD_ACTIVITY_KINDS,
  GIFT_DIRECTIONS,
  GIFT_CARD_SOURCES,
  GIFT_CARD_STATUSES,
  GIFT_LIMITS,
  GIFT_REQUEST_STATUSES,
  ID_MAX,
  LEADERBOARD_LIMITS,
  LEADERBOARD_PERIODS,
  LIMITS,
  MARKETPLACE_SCOPES,
  SEARCH_FRIENDSHIP_STATUSES,
  SEARCH_HINT,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_TOO_LONG,
  USER_TYPES,
} from '../constants';
import { dollarsToCentsField } from '../money-field';
import { hasAtMostTwoDecimals } from '../money';
import { pageQueryFields } from '../pagination';
import { dollarAmount, isoDateTime, personFields } from './answer-fields';
import { paymentSourceFields } from './payments';
import { emailField } from './users';

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const CLAIM_MESSAGES = {
  alreadyClaimed: 'You already claimed this pin',
  soldOut: 'This pin is sold out',
  expired: 'This pin has expired',
  cancelled: 'This pin is no longer available',
  paused: 'This pin is paused by its business',
  notOffered: 'This pin is not offered to you',
  notFound: 'Pin not found',
  rateLimited: 'Too many gift cards claimed from this network today. Please try again later.',
} as const;

export const GIFT_CARD_MESSAGES = {
  notFound: 'Gift card not found',
  expired: 'This gift card has expired',
  used: 'This gift card has already been used',
  unavailable: 'This gift card can no longer be used',
  overBalance: "The amount is more than the card's balance",
  self: 'You cannot send a gift card to yourself',
  selfRequest: 'You cannot request a gift from yourself',
  userNotFound: 'User not found',
  consumersOnly: 'Gift cards can only be sent to consumers',
  requestConsumersOnly: 'Gifts can only be requested from consumers',
  requestNotFound: 'Gift request not found',
  requestAnswered: 'This gift request has already been answered',
  requestPending: 'You already asked this person for a gift; wait for their answer',
} as const;

// The people search's words live with its limits (the search box loads them without this file's
// schemas); here with the rest of the contract.
export { SEARCH_EMPTY, SEARCH_HINT, SEARCH_TOO_LONG } from '../constants';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((value) => Math.abs(value) <= limit, `${label} must be between -${limit} and ${limit}`)
    // To the 7th decimal (about a centimetre): a value as tiny as 4e-323 is 0, which Postgres
    // takes (it refuses such a number as an underflow), and -0 is 0.
    .transform((value) => Math.round(value * 1e7) / 1e7 + 0);

const placeFields = {
  lat: coordinate('lat', LIMITS.latitudeMax)
    .optional()
    .describe("The consumer's latitude, with lng, for offers near them"),
  lng: coordinate('lng', LIMITS.longitudeMax)
    .optional()
    .describe("The consumer's longitude, with lat"),
};
const bothOrNeither = <Place extends { lat?: number | undefined; lng?: number | undefined }>(
  place: Place,
) => (place.lat === undefined) === (place.lng === undefined);
const bothOrNeitherMessage = { message: 'Send both lat and lng, or neither', path: ['lat'] };

/** Where the consumer is, when the client knows: the marketplace's brand chips. */
export const marketplacePlaceSchema = z
  .object(placeFields)
  .refine(bothOrNeither, bothOrNeitherMessage);

export const marketplaceQuerySchema = z
  .object({
    ...placeFields,
    brand: z
      .string()
      .trim()
      .max(LIMITS.brandIdMax, 'Unknown brand')
      .optional()
      .describe("Only this brand's offers (its id)"),
    search: z
      .string()
      .trim()
      .max(
        GIFT_LIMITS.searchTextMax,
        `Search must be at most ${GIFT_LIMITS.searchTextMax} characters`,
      )
      .optional()
      .describe("Words to find in an offer's brand, business or store"),
    ...pageQueryFields,
  })
  .refine(bothOrNeither, bothOrNeitherMessage);
export type MarketplaceQuery = z.input<typeof marketplaceQuerySchema>;

/**
 * A dollar amount of at least a cent with at most two decimals, in cents. Positive is not enough:
 * 5e-324 has "two decimals" within the rounding tolerance and rounds to 0 cents.
 */
const positiveDollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((value) => Math.round(value * 100) > 0, `${label} must be more than $0`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`)
    .transform((value) => Math.round(value * 100));

const giftMessage = z
  .string({ error: 'Message must be text' })
  .trim()
  .max(GIFT_LIMITS.messageMax, `Message must be at most ${GIFT_LIMITS.messageMax} characters`)
  .default('');

const username = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.usernameLookupMax, GIFT_CARD_MESSAGES.userNotFound);

export const sendGiftCardSchema = z.object({
  recipientUsername: username('Choose who receives the gift'),
  message: giftMessage,
});
export type SendGiftCardInput = z.input<typeof sendGiftCardSchema>;

export const requestGiftSchema = z.object({
  username: username('Choose who to ask'),
  brand: z
    .string({ error: 'Brand must be text' })
    .trim()
    .max(LIMITS.brandIdMax, 'Unknown brand')
    .optional()
    .transform((value) => (value ? value : undefined)),
  amount: dollarsToCentsField('Amount', LIMITS.giftAmountMin, LIMITS.giftAmountMax).optional(),
  message: giftMessage,
});
export type RequestGiftInput = z.input<typeof requestGiftSchema>;

/**
 * Buying a new gift card for a consumer (recipientUsername, brand, value 5–500, senderEmail), by a
 * guest from a profile or by a signed-in consumer, paid with a card token or a saved card, with an
 * optional message to the recipient.
 */
export const guestGiftSchema = z.object({
  recipientUsername: username('Recipient is required'),
  brand: z.enum(BRAND_IDS, { error: 'Choose a brand' }),
  value: dollarsToCentsField('Amount', LIMITS.giftAmountMin, LIMITS.giftAmountMax),
  senderEmail: emailField,
  message: giftMessage,
  ...paymentSourceFields,
});
export type GuestGiftInput = z.input<typeof guestGiftSchema>;

export const GUEST_GIFT_MESSAGES = {
  rateLimited: 'Too many gift cards sent. Please try again later.',
  notFound: 'User not found',
  consumersOnly: 'Gift cards can only be sent to consumers',
  self: 'You cannot send a gift card to yourself',
} as const;

/** What the guest learns: the card that was issued, never its code, which only the owner sees. */
export const guestGiftResultSchema = z
  .object({
    id: z.number().int(),
    brand: z.string(),
    /** Dollars. */
    value: dollarAmount(),
    recipientName: z.string(),
  })
  .describe('The gift card a guest sent (never its code)');
export type GuestGiftResult = z.infer<typeof guestGiftResultSchema>;

export const leaderboardQuerySchema = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: 'period must be one of week, month, year, all' })
    .default('month')
    .describe('The period to rank gifts over: week, month, year or all'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${LEADERBOARD_LIMITS.sizeMax}`)
    .max(LEADERBOARD_LIMITS.sizeMax, `limit must be between 1 and ${LEADERBOARD_LIMITS.sizeMax}`)
    .default(LEADERBOARD_LIMITS.sizeDefault)
    .describe('How many places to list'),
});

export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_HINT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_HINT)
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG)
    .describe('Part of a name or username'),
  type: z
    .enum(USER_TYPES, { error: 'type must be consumer or business' })
    .optional()
    .describe('Only accounts of this type'),
});

export const giftCardListQuerySchema = z.object({ ...pageQueryFields });

// ---------------------------------------------------------------------------------------------
// Answers (snake_case where the public API names the fields that way)
// ---------------------------------------------------------------------------------------------

/** A pin as the marketplace shows it, with what remains and how far it is. */
/** What a business tells customers about itself on Settings (each null when not given). */
export const businessContactSchema = z
  .object({
    email: z.string().nullable().describe('Contact e-mail (never the sign-in e-mail)'),
    phone: z.string().nullable(),
    website: z.string().nullable().describe('An absolute http(s) address'),
    description: z.string().nullable(),
  })
  .describe("A business's contact details for customers");
export type BusinessContact = z.infer<typeof businessContactSchema>;

export const marketplacePinSchema = z
  .object({
    id: z.number().int(),
    brand: z.string(),
    /** Dollars per card. */
    value: dollarAmount('Dollars per card'),
    /** A one-line headline, e.g. '$10.00 Starbucks gift card'. */
    message: z.string().describe("A one-line headline, e.g. '$10.00 Starbucks gift card'"),
    promotion_message: z.string(),
    /** Whether the business chose to show its information. */
    display_business_name: z
      .boolean()
      .describe('Whether the business chose to show its information'),
    /** The business's name, or '' when it chose not to show it. */
    business_name: z.string().describe("The business's name, or '' when it chose not to show it"),
    /** How to reach the business, or null when it chose not to show its information. */
    business_contact: businessContactSchema
      .nullable()
      .describe(
        "The business's contact details and description, or null when it chose not to show its information",
      ),
    sender_name: z.string(),
    location_name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    /** The store's position, for the marketplace's map. */
    lat: z.number().describe("The store's latitude"),
    lng: z.number().describe("The store's longitude"),
    expiration_date: isoDateTime(),
    remaining: z.number().int(),
    /** Miles from the consumer; present only when the request carried lat and lng. */
    distance_miles: z
      .number()
      .optional()
      .describe('Miles from the consumer; present only when the request carried lat and lng'),
    /** Whether the pin matches a favourite brand or one of the consumer's identifiers. */
    recommended: z
      .boolean()
      .describe("Whether the pin matches a favourite brand or one of the consumer's identifiers"),
  })
  .describe('A pin on offer in the marketplace, with what remains and how far it is');
export type MarketplacePin = z.infer<typeof marketplacePinSchema>;

/**
 * Sent as the marketplace's `X-Marketplace-Scope` header when the list holds only the nearest
 * (with a location) or the newest offers, up to `GIFT_LIMITS.marketplaceNearestMax`, and more may
 * be on offer.
 */
export const marketplaceScopeSchema = z
  .enum(MARKETPLACE_SCOPES)
  .describe('The list holds only the nearest or the newest offers, and more may be on offer');
export type MarketplaceScope = z.infer<typeof marketplaceScopeSchema>;
export { MARKETPLACE_SCOPE_HEADER } from '../constants';

/** A card in the consumer's wallet, with its balance and expiry. */
export const walletGiftCardSchema = z
  .object({
    id: z.number().int(),
    sender_name: z.string(),
    brand: z.string(),
    /** The value it was issued with, in dollars. */
    value: dollarAmount('The value it was issued with, in dollars'),
    /** What is left to spend, in dollars. */
    balance: dollarAmount('What is left to spend, in dollars'),
    status: z.enum(GIFT_CARD_STATUSES),
    source: z.enum(GIFT_CARD_SOURCES),
    /** Given free by a business's pin (it keeps the pin's expiry), rather than bought with money. */
    promotional: z
      .boolean()
      .describe(
        "Given free by a business's pin (it keeps the pin's expiry), not bought with money",
      ),
    /** What whoever gave the card to its holder wrote ('' for none). */
    message: z.string().describe("What whoever gave the card to its holder wrote ('' for none)"),
    expires: isoDateTime(),
    created_at: isoDateTime(),
  })
  .describe("A gift card in the consumer's wallet, with its balance and expiry");
export type WalletGiftCard = z.infer<typeof walletGiftCardSchema>;

/**
 * POST /api/pins/:id/claim's body (optional): whether the consumer agrees to give the business
 * their phone number along with their name and e-mail. Without a body the phone is not shared:
 * a client that never asked cannot have been told yes.
 */
export const claimPinSchema = z.object({
  sharePhone: z.boolean({ error: 'sharePhone must be true or false' }).default(false),
});
export type ClaimPinInput = z.input<typeof claimPinSchema>;

/** POST /api/pins/:id/claim: the new card, and what the pin has left. */
export const claimResultSchema = z
  .object({
    giftCard: walletGiftCardSchema,
    pin: z.object({ id: z.number().int(), remaining: z.number().int() }),
  })
  .describe('The gift card claimed from a pin, and how many cards the pin has left');
export type ClaimResult = z.infer<typeof claimResultSchema>;

/** A gift transaction, seen by its sender or its recipient. */
export const giftTransactionSchema = z
  .object({
    id: z.number().int(),
    /** Null for a guest without an account. */
    sender_id: z.number().int().nullable().describe('Null for a guest without an account'),
    sender_name: z.string(),
    recipient_id: z.number().int(),
    recipient_name: z.string(),
    recipient_username: z.string(),
    brand: z.string(),
    /** Dollars. */
    value: dollarAmount(),
    message: z.string(),
    direction: z.enum(GIFT_DIRECTIONS),
    created_at: isoDateTime(),
  })
  .describe('A gift card given, seen by its sender or its recipient');
export type GiftTransaction = z.infer<typeof giftTransactionSchema>;

/** A consumer asking another for a gift, as the one asked sees it. */
export const giftRequestSchema = z
  .object({
    id: z.number().int(),
    requester: z.object({
      ...personFields,
    }),
    brand: z.string().nullable(),
    /** Dollars, or null when the requester left it open. */
    amount: dollarAmount().nullable().describe('Dollars, or null when the requester left it open'),
    message: z.string(),
    status: z.enum(GIFT_REQUEST_STATUSES),
    created_at: isoDateTime(),
  })
  .describe('A request for a gift card from another consumer');
export type GiftRequest = z.infer<typeof giftRequestSchema>;

/** A card issued from a business's pins, with who claimed it ("Manage Gift Cards"). */
export const issuedGiftCardSchema = z
  .object({
    id: z.number().int(),
    consumer_name: z.string(),
    consumer_username: z.string(),
    brand: z.string(),
    /** Dollars. */
    value: dollarAmount(),
    /** Dollars left to spend. */
    balance: dollarAmount('Dollars left to spend'),
    status: z.enum(GIFT_CARD_STATUSES),
    expires: isoDateTime(),
    created_at: isoDateTime(),
  })
  .describe("A gift card issued from the business's pins, with the consumer who claimed it");
export type IssuedGiftCard = z.infer<typeof issuedGiftCardSchema>;

/** A leaderboard entry as received; total_value is dollars of gifts sent in the period. */
export const leaderboardEntrySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    profile_picture: z.string().nullable(),
    total_value: dollarAmount('Dollars of gifts sent in the period'),
  })
  .describe('A consumer on the leaderboard, with the dollars of gifts they sent in the period');
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** The signed-in consumer's place on the leaderboard for a period. */
export const leaderboardStandingSchema = z
  .object({
    period: z.enum(LEADERBOARD_PERIODS),
    /** 1-based; null until the consumer has sent a gift in the period. */
    rank: z
      .number()
      .int()
      .nullable()
      .describe('1-based; null until the consumer has sent a gift in the period'),
    /** Whole dollars of gifts sent in the period. */
    points: z.number().int().describe('Whole dollars of gifts sent in the period'),
    /** How many consumers sent gifts in the period. */
    rankedUsers: z.number().int().describe('How many consumers sent gifts in the period'),
    /** Points needed to move up one place; 0 at rank 1 or when unranked. */
    pointsToNextRank: z
      .number()
      .int()
      .describe('Points needed to move up one place; 0 at rank 1 or when unranked'),
  })
  .describe("The signed-in consumer's place on the leaderboard for a period");
export type LeaderboardStanding = z.infer<typeof leaderboardStandingSchema>;

/** A user search result, with the searcher's friendship to them. */
export const userSearchResultSchema = z
  .object({
    ...personFields,
    verified: z.boolean(),
    type: z.enum(USER_TYPES),
    /** A rejected request reads as 'none': the searcher may ask again. */
    friendshipStatus: z
      .enum(SEARCH_FRIENDSHIP_STATUSES)
      .describe("The searcher's friendship with them; a rejected request reads as 'none'"),
  })
  .describe("A user search result, with the searcher's friendship to them");
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

// ---------------------------------------------------------------------------------------------
// Spending a card at a business's counter
// ---------------------------------------------------------------------------------------------

/**
 * The code a holder shows at the counter, as text and as a QR code. Eight characters of
 * Crockford's base32 (no I, L, O or U, so a code read aloud or typed cannot be misread) carry 40
 * random bits; a code works once, for a minute and a half, and unknown codes count against the
 * business's and the address's allowance, so guessing one is hopeless.
 */
export const REDEMPTION_CODE = {
  alphabet: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
  length: 8,
  /** How long a code works after it is made. */
  validSeconds: 90,
  /** How often the holder's screen fetches a new one (well inside its validity). */
  refreshSeconds: 60,
  /** The longest text a cashier may type or a scan may hold (the code with spaces or a link). */
  typedMax: 200,
} as const;

export const REDEMPTION_MESSAGES = {
  codeInvalid: 'Enter the 8-character code shown on the card, e.g. K3QF-8ZT2',
  notFound: 'No card has this code. Check the code and try again.',
  expired: 'This code has expired. Ask the customer to show the card again for a new code.',
  used: 'This code has already been used. Ask the customer to show the card again for a new code.',
  otherBrand: (brandName: string) =>
    `Your business does not accept ${brandName} gift cards. Add ${brandName} to the brands you accept in Settings to redeem them.`,
  promotionElsewhere: (businessName: string) =>
    `This card is a promotion from ${businessName} and can be used only at ${businessName}.`,
  storeUnknown: 'Choose one of your stores of this brand',
  rateLimited: 'Too many codes that match no card. Please wait a few minutes and try again.',
  keyReused: 'This Idempotency-Key was already used for another request',
  overBalance: GIFT_CARD_MESSAGES.overBalance,
  amountTooHigh: `Amount must be at most $${GIFT_LIMITS.amountMax}`,
} as const;

/** Crockford's reading of a typed code: any case, spaces and dashes ignored, O read as 0, I and L as 1. */
export function normalizeRedemptionCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

const CODE_PATTERN = new RegExp(`^[${REDEMPTION_CODE.alphabet}]{${REDEMPTION_CODE.length}}$`);

export function isRedemptionCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** A code as people read it: two groups of four, e.g. 'K3QF-8ZT2'. */
export function formatRedemptionCode(code: string): string {
  const half = REDEMPTION_CODE.length / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/**
 * The code in what a scan read: the QR holds a link to the Redeem screen (`/redeem?code=…`), so a
 * phone's own camera opens it too; anything else is taken as the code itself.
 */
export function redemptionCodeFromScan(text: string): string {
  try {
    const code = new URL(text).searchParams.get('code');
    if (code) return code;
  } catch {
    // Not a link: the code itself.
  }
  return text;
}

/** A code as typed or scanned, normalised; anything that cannot be a code is refused here. */
export const redemptionCodeField = z
  .string({ error: REDEMPTION_MESSAGES.codeInvalid })
  .max(REDEMPTION_CODE.typedMax, REDEMPTION_MESSAGES.codeInvalid)
  .transform((text) => normalizeRedemptionCode(redemptionCodeFromScan(text.trim())))
  .refine(isRedemptionCode, REDEMPTION_MESSAGES.codeInvalid);

/** POST /api/redemptions/lookup: what the card behind a code is. */
export const redemptionLookupSchema = z.object({ code: redemptionCodeField });
export type RedemptionLookupInput = z.input<typeof redemptionLookupSchema>;

/** The amount spent: at least a cent, at most the largest card there can be, in cents. */
export const redemptionAmountField = positiveDollars('Amount').refine(
  (cents) => cents <= GIFT_LIMITS.amountMax * 100,
  REDEMPTION_MESSAGES.amountTooHigh,
);

/** POST /api/redemptions: spend `amount` dollars of the card behind `code`, at `storeId` if given. */
export const redeemCardSchema = z.object({
  code: redemptionCodeField,
  amount: redemptionAmountField,
  storeId: z
    .number({ error: REDEMPTION_MESSAGES.storeUnknown })
    .int(REDEMPTION_MESSAGES.storeUnknown)
    .min(1, REDEMPTION_MESSAGES.storeUnknown)
    .max(ID_MAX, REDEMPTION_MESSAGES.storeUnknown)
    .nullish(),
});
export type RedeemCardInput = z.input<typeof redeemCardSchema>;

/** What the counter and the holder see of the card. */
const redemptionCardFields = {
  brand: z.string(),
  /** Dollars left to spend. */
  balance: dollarAmount('Dollars left to spend'),
  expires: isoDateTime(),
  /** Issued by a business's pin (not paid for with money). */
  promotional: z.boolean().describe("Issued by a business's pin, not paid for with money"),
};

/** POST /api/gift-cards/:id/redemption-code: a new code for the counter, and the card. */
export const redemptionCodeSchema = z
  .object({
    /** As people read it, e.g. 'K3QF-8ZT2'. */
    code: z.string().describe("As people read it, e.g. 'K3QF-8ZT2'"),
    /** The code as a QR image (an SVG data URL), holding a link to the Redeem screen. */
    qrCode: z.string().describe('The code as a QR image: an SVG data URL'),
    expiresAt: isoDateTime(),
    card: z.object({
      id: z.number().int(),
      ...redemptionCardFields,
      status: z.enum(GIFT_CARD_STATUSES),
    }),
  })
  .describe('A short-lived, single-use code for spending the card at a counter');
export type RedemptionCode = z.infer<typeof redemptionCodeSchema>;

/** One of the business's stores of the card's brand (a store its pins name). */
export const redemptionStoreSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
  })
  .describe("One of the business's stores of the card's brand");
export type RedemptionStore = z.infer<typeof redemptionStoreSchema>;

/** POST /api/redemptions/lookup: the card behind a code, as the cashier sees it. */
export const redemptionLookupResultSchema = z
  .object({
    code: z.string(),
    /** When the code stops working. */
    expiresAt: isoDateTime('When the code stops working'),
    card: z.object(redemptionCardFields),
    holderFirstName: z.string(),
    /** Where it may be spent: the business's stores of the brand (empty when it has none). */
    stores: z
      .array(redemptionStoreSchema)
      .describe("The business's stores of the brand (empty when it has none)"),
  })
  .describe('The card behind a redemption code, as the cashier sees it');
export type RedemptionLookup = z.infer<typeof redemptionLookupResultSchema>;

/** POST /api/redemptions: what was spent and what the card has left. */
export const redemptionResultSchema = z
  .object({
    /** The movement's id (a retry with the same Idempotency-Key answers the same one). */
    id: z.number().int().describe('The movement; a retry with the same Idempotency-Key answers it'),
    /** Dollars spent. */
    amount: dollarAmount('Dollars spent'),
    /** Dollars the card has left. */
    balance: dollarAmount('Dollars the card has left'),
    brand: z.string(),
    promotional: z.boolean(),
    holderFirstName: z.string(),
    store: redemptionStoreSchema.nullable(),
    createdAt: isoDateTime(),
  })
  .describe('A card spent at the counter: the amount and what the card has left');
export type RedemptionResult = z.infer<typeof redemptionResultSchema>;

// ---------------------------------------------------------------------------------------------
// A card's history
// ---------------------------------------------------------------------------------------------

/**
 * One event of a card's history, as its holder or a business that issued or redeemed it reads
 * it: the description is worded for the reader (a business never sees who gave a card to whom).
 */
export const giftCardActivitySchema = z
  .object({
    id: z
      .string()
      .describe("'a<id>' for a recorded event, 'c<card id>' for the issue of a card older than it"),
    kind: z.enum(GIFT_CARD_ACTIVITY_KINDS),
    date: isoDateTime(),
    /** Dollars the event moved: 0 when none moved (a card given on, an expiry, a reissue). */
    amount: dollarAmount('Dollars the event moved: 0 when none moved (a transfer, an expiry)'),
    /** What the card held after the event, in dollars. */
    balanceAfter: dollarAmount('What the card held after the event, in dollars'),
    /** A sentence, e.g. 'Spent $4.50 at Starbucks – Main St'. */
    description: z.string().describe("A sentence, e.g. 'Spent $4.50 at Starbucks – Main St'"),
  })
  .describe("An event of a gift card's history");
export type GiftCardActivity = z.infer<typeof giftCardActivitySchema>;
