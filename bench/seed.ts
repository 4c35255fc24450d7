/**
 * The benchmark's data: every table filled with set-based SQL (INSERT … SELECT over
 * generate_series), never row by row from Node, on Postgres 15+ and on PGlite.
 *
 * Everything is derived from the row numbers by arithmetic, so that no statement needs a
 * correlated lookup: ids are given explicitly (user n is id n, card c is id c, and every ledger
 * account, transaction and entry id is a formula of the row it belongs to), and the spread of
 * values comes from `hashint8` of the row number. The unique indexes hold by construction: a
 * pin's claimants are distinct slots of its business's pool of customers, a friendship is a
 * consumer and the one a fixed offset away, a post's likers are distinct steps of a stride
 * coprime with the consumer count.
 */
import { BRAND_ROWS, IDENTIFIER_ROWS } from '../server/db/reference-data';
import { hashPassword } from '../server/auth/password';
import { TEST_CARD_SUCCESS } from '../server/services/payments/payment-provider';
import { REDEMPTION_CODE_KEPT_AFTER_EXPIRY } from '../server/services/redemptions/prune-redemption-codes';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
import { LEAD_STATUSES, PAID_CARD_EXPIRY_YEARS, PIN_LIMITS } from '@shared/constants';
import { type BenchScale, type BenchScaleName, resolveBenchScale } from './scales';

/** Runs one SQL statement; a pg Client, a pg Pool or PGlite's `exec` all fit. */
export type SqlExec = (sql: string) => Promise<unknown>;

/** Every benchmark account signs in with this password. */
export const BENCH_PASSWORD = 'bench-markit-2024';

const CONSUMER_PREFIX = 'bench_consumer_';
const BUSINESS_PREFIX = 'bench_business_';

/** The n-th consumer (1-based); its user id is n. */
export const benchConsumerUsername = (n: number) => `${CONSUMER_PREFIX}${n}`;
/** The n-th business (1-based); its user id is the consumer count + n. */
export const benchBusinessUsername = (n: number) => `${BUSINESS_PREFIX}${n}`;

export function benchUserCounts(scale: BenchScaleName | BenchScale): {
  consumers: number;
  businesses: number;
} {
  const { consumers, businesses } = resolveBenchScale(scale);
  return { consumers, businesses };
}

export type SeedProgress = {
  /** The step that starts now ('done' at the end). */
  step: string;
  /** Weighted rows of the steps already finished, out of `total`. */
  completed: number;
  total: number;
};

export type SeedStepTiming = { step: string; ms: number };

export type SeedOptions = {
  /**
   * Drop the seeded tables' secondary indexes and foreign keys during the load and rebuild them
   * after it (same names, same definitions, and the rebuild validates every row). Default true:
   * building an index once is much faster than maintaining it row by row.
   */
  deferIndexes?: boolean;
  /** Finish with VACUUM ANALYZE instead of ANALYZE (sets the visibility map). Default true. */
  vacuum?: boolean;
};

/** `weight`: about the milliseconds the step takes at full scale, for the progress bar. */
type Step = { name: string; weight: number; statements: string[] };

// ---------------------------------------------------------------------------------------------
// SQL helpers
// ---------------------------------------------------------------------------------------------

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const sqlArray = (items: readonly (string | number)[]) =>
  `ARRAY[${items.map((item) => (typeof item === 'number' ? String(item) : quote(item))).join(', ')}]`;
/** items[index] for a 0-based SQL index expression. */
const pick = (items: readonly (string | number)[], index: string) =>
  `(${sqlArray(items)})[1 + (${index})]`;

/**
 * Salts for the hash, one per purpose, so that two attributes of a row never move together.
 * The hash input is `n * 128 + salt`: salts stay below 128.
 */
const S = {
  nameFirst: 1,
  nameLast: 2,
  bizAdjective: 3,
  bizNoun: 4,
  bizSuffix: 5,
  phoneArea: 6,
  phoneLine: 7,
  verified: 8,
  seen: 9,
  seenAgo: 10,
  userAge: 11,
  brandCount: 12,
  identifierCount: 13,
  pinValue: 14,
  pinPair: 15,
  pinStatus: 16,
  pinQuantity: 17,
  pinRadius: 18,
  pinPromo: 19,
  pinShow: 20,
  pinTarget: 21,
  pinSlot: 22,
  pinAge: 23,
  pinCancel: 24,
  codeHigh: 25,
  codeLow: 26,
  gift: 27,
  giftFriend: 28,
  giftSide: 29,
  giftAt: 30,
  giftMessage: 31,
  redeem: 32,
  redeemAt: 33,
  redeemShare: 34,
  guestTo: 35,
  guestBrand: 36,
  guestValue: 37,
  guestAge: 38,
  guestHandle: 39,
  topUp: 40,
  topUpAt: 41,
  friendStatus: 42,
  friendSide: 43,
  friendAge: 44,
  friendReply: 45,
  postAuthorKind: 46,
  postAuthor: 47,
  postBoard: 48,
  postText: 49,
  postAge: 50,
  likePair: 51,
  liker: 52,
  likeAt: 53,
  comments: 54,
  commenter: 55,
  leadStatus: 56,
  leadText: 57,
  leadAge: 58,
  read: 59,
  readAt: 60,
  postRank: 61,
  postRanked: 62,
  postPoints: 63,
  postCloser: 64,
  commentCount: 65,
  commentText: 66,
  commentAt: 67,
  leadNotes: 68,
  redeemer: 69,
  conversation: 70,
  messageLong: 71,
  messageCount: 72,
  messageEnd: 73,
  messageSender: 74,
  messageText: 75,
  messageDeleted: 76,
  messageUnread: 77,
  messageUnreadCount: 78,
  savedCards: 79,
  savedCardBrand: 80,
  savedCardExpiry: 81,
  staleCode: 82,
} as const;

/** A well-spread non-negative int from an integer expression. */
const hash = (expr: string, salt: number) =>
  `(hashint8((${expr})::bigint * 128 + ${salt}) & 2147483647)`;
const hashMod = (expr: string, salt: number, modulus: number | string) =>
  `(${hash(expr, salt)} % ${modulus})`;
/** A fraction in [0, 1). */
const fraction = (expr: string, salt: number) => `(${hashMod(expr, salt, 10_000)} / 10000.0)`;

/** `formatDollars` (shared/money): '$1,234.50'. */
const formatDollars = (cents: string) => `('$' || to_char((${cents}) / 100.0, 'FM999,999,990.00'))`;
/** `$${(cents / 100).toFixed(2)}`, as the claim, pin and notification texts write it. */
const fixedDollars = (cents: string) => `('$' || to_char((${cents}) / 100.0, 'FM999999990.00'))`;

const brandName = (brandId: string) =>
  `(case ${brandId} ${BRAND_ROWS.map((brand) => `when ${quote(brand.id)} then ${quote(brand.name)}`).join(' ')} else ${brandId} end)`;

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/** A list written as 'a, b, c'. */
const list = (items: string) => items.split(', ');

const FIRST_NAMES = list(
  'Ava, Liam, Maya, Noah, Emma, Lucas, Olivia, Ethan, Sophia, Mason, Isabella, Logan, ' +
    'Mia, James, Amelia, Elijah, Harper, Benjamin, Evelyn, Henry, Abigail, Daniel, ' +
    'Emily, Jack, Ella, Owen, Grace, Samuel, Chloe, David, Zoe, Carter, Nora, Wyatt, ' +
    'Lily, Julian, Hannah, Leo, Aria, Isaac, Priya, Mateo, Aisha, Kenji, Fatima, Diego, ' +
    'Mei, Omar',
);
const LAST_NAMES = list(
  'Thompson, Carter, Rodriguez, Nguyen, Smith, Johnson, Williams, Brown, Jones, ' +
    'Garcia, Miller, Davis, Martinez, Hernandez, Lopez, Gonzalez, Wilson, Anderson, ' +
    'Thomas, Taylor, Moore, Jackson, Martin, Lee, Perez, White, Harris, Sanchez, Clark, ' +
    'Ramirez, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Torres, Hill, ' +
    "Flores, Green, Adams, Nelson, Baker, Patel, Kim, O'Brien",
);
const BUSINESS_ADJECTIVES = list(
  'Bean Street, Corner, Sunrise, Harbor, Maple, Golden, Riverside, Union, Oak, ' +
    'Lakeside, Summit, Main Street, Cedar, Bluebird, Northside, Brightside',
);
const BUSINESS_NOUNS = list(
  'Coffee, Market, Bakery, Fitness, Books, Dental, Realty, Auto, Pet Care, Florist, ' +
    'Salon, Hardware, Insurance, Tutoring, Cleaners, Pharmacy',
);
const BUSINESS_SUFFIXES = [
  'Co.',
  'Partners',
  'Group',
  'LLC',
  '& Sons',
  'Collective',
  'Studio',
  'Inc.',
];
const PROMOTIONS = [
  'Your morning coffee is on us.',
  'A doughnut break, courtesy of the neighbourhood.',
  'Groceries for the week ahead.',
  'Thanks for shopping local!',
  'A little treat for our favourite customers.',
  'Celebrating our anniversary with you.',
  '',
  'Stop by and say hi on your way to work.',
  'For the commute: a warm drink on us.',
  '',
];
const GIFT_MESSAGES = [
  'Doughnuts on me!',
  'Thanks for the help moving!',
  'Happy birthday!',
  'Coffee catch-up soon?',
  '',
  'You earned this one.',
  'For the study session ☕',
  '',
  'Congrats on the new job!',
  'Just because.',
];
const GUEST_HANDLES = list(
  'grandma.rose, uncle.joe, aunt.maria, coach.dan, neighbor.sam, auntie.li, papa.ray, ' +
    'mrs.kowalski',
);
/** Guest gifts are usually round amounts (LIMITS.giftAmountMin…Max). */
const GUEST_VALUES = [500, 1000, 1500, 2000, 2500, 5000, 10000];
const POST_OPENERS = [
  'Best latte in town this morning!',
  'Just claimed a gift card on my way to work.',
  'Who else is grabbing doughnuts today?',
  'Weekly grocery run done, and it was on someone else.',
  'Someone sent me a card out of the blue today.',
  'Found a new pin right next to the office.',
  'Saturday coffee with the crew.',
  'That cold brew hit different.',
  'Shoutout to the local businesses dropping pins this week.',
  'Gift cards make the best thank-you notes.',
  'Trying the seasonal drink finally.',
  'Stocked up for the week.',
];
const POST_CLOSERS = [
  'This app is lovely.',
  'Who is joining me?',
  '☕',
  '🍩🍩',
  'Highly recommend.',
  'Thanks, mark.it!',
  'Pay it forward, friends.',
  '',
  'Same time next week?',
  'Small joys.',
];
const COMMENTS = [
  'Count me in for Saturday ☕',
  'Love this!',
  'Where is this one?',
  'Jealous 😄',
  'Thanks for the tip!',
  'Same here!',
  'Saving this for later.',
  'Congrats!',
];
const MESSAGE_TEXTS = [
  'Hey! Are you around this weekend?',
  'Thanks so much for the gift card ☕',
  'Just used it, the latte was great',
  'Ha, see you there',
  'Did you see the new pin near the park?',
  'On my way, 10 minutes',
  'Happy birthday!! 🎉',
  'Sure, what time works for you?',
  'Sounds good to me',
  'Can you send me the address?',
  'Lunch tomorrow?',
  'I owe you one',
];
/** Saved cards: a brand and last four digits, by position (the test provider's cards). */
const SAVED_CARD_BRANDS = ['visa', 'mastercard', 'amex', 'visa'];
const SAVED_CARD_LAST4 = ['4242', '4444', '8431', '1881'];
const MANUAL_LEAD_SOURCES = ['Direct', 'Referral', 'Walk-in', 'Event', 'Website', 'Instagram'];
const LEAD_NOTES = [
  '',
  'Asked about catering for the office.',
  'Prefers e-mail.',
  'Comes in every Friday morning.',
  '',
  'Interested in a loyalty offer.',
  'Follow up after the holidays.',
  '',
];
const LEADERBOARD_PERIOD_WORDS = ['this week', 'this month', 'this year', 'of all time'];

// ---------------------------------------------------------------------------------------------
// The shape of the data, from the scale
// ---------------------------------------------------------------------------------------------

// Seeded pins: $5–$50 in whole dollars, 10–200 cards.
const PIN_VALUE_MAX_CENTS = 5000;
const PIN_QUANTITY_MAX = 200;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const STRIDE_PRIMES = [7919, 7927, 7933, 7937, 7949, 7951, 7963];

/** Every number the statements share, worked out once from the scale. */
function deriveShape(scale: BenchScale) {
  const C = scale.consumers;
  const B = scale.businesses;
  const P = scale.pins;
  const G = scale.giftCards;
  const F = scale.friendships;
  const NI = IDENTIFIER_ROWS.length;
  const K = scale.leads / B;
  const problems: string[] = [];
  if (!Number.isInteger(K)) problems.push('leads must be a whole number per business');
  // The claimants of a targeted pin are the pool slots whose consumer has the target identifier
  // as its first one (consumer n has identifier (n - 1) mod NI): that needs C to be a multiple
  // of NI, and two such slots per identifier in the pool.
  if (C % NI !== 0) problems.push(`consumers must be a multiple of ${NI}`);
  if (K < 2 * NI || K > C) problems.push(`leads per business must be between ${2 * NI} and C`);
  if (P < 10 || B < 1 || F < 1 || scale.posts < 2) problems.push('scale too small');
  if (Math.ceil(F / C) > C / 8) problems.push('too many friendships per consumer');
  if (problems.length > 0) throw new Error(`Bad benchmark scale: ${problems.join('; ')}`);

  const identifierStep = [5, 3, 7, 11, 13].find((step) => gcd(step, NI) === 1) ?? 1;
  const stride = STRIDE_PRIMES.find((prime) => gcd(prime, C) === 1)!;

  // 10% of the pins are older than their 90 days (expired, or cancelled or sold out before),
  // the rest live: about 85% of all pins active.
  const oldPins = Math.max(1, Math.round(P * 0.1));

  // Claims per pin. Every fifth pin targets 1–3 identifiers and is claimed by at most two
  // consumers per identifier; the others by a + (0 or 1) ± w, w cancelling in pairs of pins,
  // so that the total is exact: 98% of the cards come from pins, the rest from guests.
  const claimTarget = Math.round(G * 0.98);
  const targetedCap = Math.max(1, Math.round(claimTarget / P));
  let targetedClaims = 0;
  for (let pin = 5; pin <= P; pin += 5) {
    targetedClaims += Math.min(2 * (1 + (Math.floor(pin / 5) % 3)), targetedCap);
  }
  const untargeted = P - Math.floor(P / 5);
  const untargetedClaims = Math.max(0, claimTarget - targetedClaims);
  const claimBase = Math.floor(untargetedClaims / untargeted);
  const claimExtra = untargetedClaims - claimBase * untargeted;
  const claimSpread = Math.max(0, Math.min(claimBase, K - 2 - claimBase));
  if (claimBase + 1 > K - 1) throw new Error('Bad benchmark scale: too many cards per pin');
  const claimedCards = targetedClaims + untargetedClaims;

  // Likes per post, the same way: base + (0 or 1) ± w in pairs of posts.
  const likeBase = Math.floor(scale.postLikes / scale.posts);
  const likeExtra = scale.postLikes - likeBase * scale.posts;
  const likeSpread = Math.max(0, Math.min(likeBase, C - 2 - likeBase));
  if (likeBase + 1 + likeSpread > C)
    throw new Error('Bad benchmark scale: too many likes per post');

  // Friendship rounds: in round j every consumer befriends the one offsets[j] further on. The
  // offsets are distinct and below C / 2, so that no pair comes up twice.
  const rounds = Math.ceil(F / C);
  const offsets: number[] = [];
  for (let round = 0; offsets.length < rounds; round++) {
    const candidate = 1 + Math.floor((((round + 1) * 0.6180339887) % 1) * (C / 2 - 2));
    if (!offsets.includes(candidate)) offsets.push(candidate);
  }
  // Gifts go to a friend of a full round.
  const giftRounds = Math.max(1, Math.floor(F / C));

  // A business adds its pins' funds in `fundingChunks` payments of at most $10,000 (the wallet's
  // limit), then one top-up.
  const pinsPerBusiness = Math.ceil(P / B);
  const maxReserveCents = pinsPerBusiness * PIN_VALUE_MAX_CENTS * PIN_QUANTITY_MAX;
  const fundingChunks = Math.max(1, Math.ceil(maxReserveCents / 1_000_000));

  // Ledger ids: accounts, then transactions, each kind in its own range.
  const fundsAccount = (business: string) => `(3 + (${business}) - ${C})`;
  const reserveAccount = (pin: string) => `(${3 + B} + (${pin}))`;
  const cardAccount = (card: string) => `(${3 + B + P} + (${card}))`;
  const addFundsTxBase = 0;
  const reserveTxBase = B * (fundingChunks + 1);
  const issueTxBase = reserveTxBase + P;
  const refundTxBase = issueTxBase + G;
  const redeemTxBase = refundTxBase + P;
  const expiryTxBase = redeemTxBase + G;

  return {
    C,
    B,
    P,
    G,
    F,
    K,
    NI,
    posts: scale.posts,
    postLikes: scale.postLikes,
    notifications: scale.notifications,
    identifierStep,
    stride,
    oldPins,
    targetedCap,
    untargeted,
    claimBase,
    claimExtra,
    claimSpread,
    claimedCards,
    likeBase,
    likeExtra,
    likeSpread,
    offsets,
    giftRounds,
    fundingChunks,
    fundsAccount,
    reserveAccount,
    cardAccount,
    addFundsTxBase,
    reserveTxBase,
    issueTxBase,
    refundTxBase,
    redeemTxBase,
    expiryTxBase,
  };
}

// The tables the seed fills; their secondary indexes and foreign keys are rebuilt after the load.
export const SEEDED_TABLES = [
  'users',
  'user_brands',
  'user_identifiers',
  'pins',
  'pin_identifiers',
  'gift_cards',
  'gifts',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'friendships',
  'posts',
  'post_comments',
  'post_likes',
  'leads',
  'notifications',
  'gift_card_activities',
  'redemption_codes',
  'test_payment_tokens',
  'payment_methods',
  'conversations',
  'conversation_participants',
  'messages',
  // Filled by the triggers on gifts (migration 0008), not by the seed itself.
  'leaderboard_totals',
  'leaderboard_total_counts',
  // Filled by the triggers on gift_card_activities (migrations 0027 and 0030).
  'business_card_days',
  'pin_redeemed_cards',
  // Filled by the triggers on ledger_transactions (migration 0033).
  'wallet_ledger_months',
  // Filled after the load (see cardMovements below), then by the triggers on gifts and
  // gift_card_activities (migration 0035).
  'wallet_card_movements',
];

// ---------------------------------------------------------------------------------------------
// The statements
// ---------------------------------------------------------------------------------------------

function buildSteps(
  scale: BenchScale,
  passwordHash: string,
  now: Date,
  options: SeedOptions,
): Step[] {
  const x = deriveShape(scale);
  const { C, B, P, G, F, K, NI } = x;
  // One fixed "now" for every statement, so that times computed twice agree.
  const NOW = `timestamptz '${now.toISOString()}'`;
  const brandIds = BRAND_ROWS.map((brand) => brand.id);
  const identifierIds = IDENTIFIER_ROWS.map((identifier) => identifier.id);
  const NB = brandIds.length;

  // --- users ----------------------------------------------------------------------------------
  const consumerName = (id: string) =>
    `(${pick(FIRST_NAMES, hashMod(id, S.nameFirst, FIRST_NAMES.length))} || ' ' || ${pick(LAST_NAMES, hashMod(id, S.nameLast, LAST_NAMES.length))})`;
  const businessName = (id: string) =>
    `(${pick(BUSINESS_ADJECTIVES, hashMod(id, S.bizAdjective, BUSINESS_ADJECTIVES.length))} || ' ' || ${pick(BUSINESS_NOUNS, hashMod(id, S.bizNoun, BUSINESS_NOUNS.length))} || ' ' || ${pick(BUSINESS_SUFFIXES, hashMod(id, S.bizSuffix, BUSINESS_SUFFIXES.length))})`;
  const consumerEmail = (id: string) => `('bench.consumer.' || (${id}) || '@example.com')`;
  // normalizePhone's form: +1 and ten digits.
  const consumerPhone = (id: string) =>
    `('+1' || (201 + ${hashMod(id, S.phoneArea, 798)}) || '555' || lpad(${hashMod(id, S.phoneLine, 10_000)}::text, 4, '0'))`;
  const lastSeen = (id: string) => `case
      when ${hashMod(id, S.seen, 100)} < 5 then ${NOW} - ${hashMod(id, S.seenAgo, 240)} * interval '1 second'
      when ${hashMod(id, S.seen, 100)} < 65 then ${NOW} - ${hashMod(id, S.seenAgo, 43_200)} * interval '1 minute'
    end`;
  // Businesses joined 420–730 days ago, before their first pin; consumers over two years.
  const businessCreatedAt = (n: string) =>
    `(${NOW} - interval '1 day' * (420 + 310.0 * (${B} - (${n}) + ${fraction(n, S.userAge)}) / ${B}))`;

  const users: Step = {
    name: 'users',
    weight: C * 14,
    statements: [
      `insert into users (id, type, email, username, password_hash, name, phone, verified, last_seen_at, created_at)
       overriding system value
       select n, 'consumer', ${consumerEmail('n')}, ${quote(CONSUMER_PREFIX)} || n, ${quote(passwordHash)},
         ${consumerName('n')}, ${consumerPhone('n')}, ${hashMod('n', S.verified, 100)} < 5, ${lastSeen('n')},
         ${NOW} - interval '1 day' * (30 + 700.0 * (${C} - n + ${fraction('n', S.userAge)}) / ${C})
       from generate_series(1, ${C}) as n`,
      `insert into users (id, type, email, username, password_hash, name, phone, verified, last_seen_at, created_at)
       overriding system value
       select ${C} + n, 'business', 'bench.business.' || n || '@example.com', ${quote(BUSINESS_PREFIX)} || n,
         ${quote(passwordHash)}, ${businessName(`${C} + n`)}, null, ${hashMod('n', S.verified, 100)} < 40,
         ${lastSeen(`${C} + n`)}, ${businessCreatedAt('n')}
       from generate_series(1, ${B}) as n`,
      // 1–3 favourite brands.
      `insert into user_brands (user_id, brand_id)
       select n, ${pick(brandIds, `(n + j) % ${NB}`)}
       from generate_series(1, ${C}) as n cross join generate_series(0, ${NB - 1}) as j
       where j <= ${hashMod('n', S.brandCount, Math.min(3, NB))}`,
      // 2–4 identifiers; the first is always identifier (n - 1) mod NI, which targeted pins rely on.
      `insert into user_identifiers (user_id, identifier_id)
       select n, ${pick(identifierIds, `((n - 1) % ${NI} + ${x.identifierStep} * j) % ${NI}`)}
       from generate_series(1, ${C}) as n cross join generate_series(0, 3) as j
       where j < 2 + ${hashMod('n', S.identifierCount, 3)}`,
    ],
  };

  // --- pins -----------------------------------------------------------------------------------
  const targetCount = (pin: string) => `(1 + ((${pin}) / 5) % 3)`;
  const firstTarget = (pin: string) => hashMod(pin, S.pinTarget, NI);
  // When a cancelled pin was cancelled: between its creation and its end.
  const cancelledAt = (p: string) =>
    `(${p}.created_at + (least(${p}.expires_at, ${NOW}) - ${p}.created_at) * (0.2 + 0.7 * ${fraction(`${p}.id`, S.pinCancel)}))`;

  const pins: Step = {
    name: 'pins',
    weight: P * 30,
    statements: [
      `insert into pins (id, business_id, brand_id, location_id, value_cents, quantity, remaining, radius_miles,
         lat, lng, promotion_message, show_business_info, status, expires_at, created_at)
       overriding system value
       with catalogue as (
         select id, brand_id, lat, lng, row_number() over (order by id) - 1 as position from stores
       ),
       shaped as (
         select i, i % 5 = 0 as targeted, i <= ${x.oldPins} as old,
           case when i % 5 = 0 then least(2 * ${targetCount('i')}, ${x.targetedCap})
             else ${x.claimBase} + (case when rank <= ${x.claimExtra} then 1 else 0 end)
               + (case when rank % 2 = 0 then -w when rank = ${x.untargeted} then 0 else w end)
           end as claims,
           case when i <= ${x.oldPins}
             then interval '1 day' * (90.5 + 309.5 * (${x.oldPins} - i + ${fraction('i', S.pinAge)}) / ${x.oldPins})
             else interval '1 hour' + interval '1 day' * 89.4 * (${P} - i + ${fraction('i', S.pinAge)}) / ${P - x.oldPins}
           end as age
         from generate_series(1, ${P}) as i
         cross join lateral (select i - i / 5 as rank) as ranked
         cross join lateral (select ${hashMod('(rank + 1) / 2', S.pinPair, x.claimSpread + 1)} as w) as paired
       ),
       statused as (
         select shaped.*, case
             when old and ${hashMod('i', S.pinStatus, 100)} < 10 then 'cancelled'
             when old and ${hashMod('i', S.pinStatus, 100)} < 18 and not targeted and claims >= 10 then 'exhausted'
             when old then 'expired'
             when ${hashMod('i', S.pinStatus, 100)} < 2 then 'cancelled'
             when ${hashMod('i', S.pinStatus, 100)} < 5 and not targeted and claims >= 10 then 'exhausted'
             else 'active'
           end as status
         from shaped
       ),
       sized as (
         select statused.*, case when status = 'exhausted' then claims
             else greatest(10, claims + 1 + ${hashMod('i', S.pinQuantity, `(${PIN_QUANTITY_MAX} - claims)`)})
           end as quantity
         from statused
       )
       select i, ${C} + 1 + (i - 1) % ${B}, catalogue.brand_id, catalogue.id,
         500 + 100 * ${hashMod('i', S.pinValue, (PIN_VALUE_MAX_CENTS - 500) / 100 + 1)}, quantity, quantity - claims,
         1 + ${hashMod('i', S.pinRadius, 50)}, catalogue.lat, catalogue.lng,
         ${pick(PROMOTIONS, hashMod('i', S.pinPromo, PROMOTIONS.length))}, ${hashMod('i', S.pinShow, 100)} < 85,
         status, ${NOW} - age + interval '${PIN_LIMITS.expiryDays} days', ${NOW} - age
       from sized
       join catalogue on catalogue.position = ((i - 1)::bigint * 7919) % (select count(*) from stores)`,
      // The triggers on pin_identifiers (migration 0015) copy each pin's targets into
      // pins.target_identifier_ids in this same statement.
      `insert into pin_identifiers (pin_id, identifier_id)
       select i, ${pick(identifierIds, `(${firstTarget('i')} + ${x.identifierStep} * e) % ${NI}`)}
       from generate_series(5, ${P}, 5) as i cross join generate_series(0, 2) as e
       where e < ${targetCount('i')}`,
    ],
  };

  // --- gift cards -----------------------------------------------------------------------------
  // A card's story, from its id and its row: maybe given to a friend, maybe spent in part or in
  // full, each at a time between its issue and its end (expiry, or now).
  const cardEnd = (c: string) => `least(${c}.expires_at, ${NOW})`;
  const giftedAt = (c: string) =>
    `(${c}.created_at + (${cardEnd(c)} - ${c}.created_at) * (0.05 + 0.45 * ${fraction(`${c}.id`, S.giftAt)}))`;
  const redeemRoll = (c: string) => hashMod(`${c}.id`, S.redeem, 100);
  const fullyRedeemed = (c: string) => `(${redeemRoll(c)} < 15)`;
  const redeemed = (c: string) => `(${redeemRoll(c)} < 25)`;
  const redeemedAt = (c: string, gifted: string) => {
    const start = `(case when ${gifted} then ${giftedAt(c)} else ${c}.created_at end)`;
    return `(${start} + (${cardEnd(c)} - ${start}) * (0.1 + 0.85 * ${fraction(`${c}.id`, S.redeemAt)}))`;
  };
  // Where a card was spent: at the counter of the business whose pin issued it, or (a guest's
  // card) of some business.
  const redeemer = (c: string) =>
    `coalesce(${c}.business_id, ${C} + 1 + ${hashMod(`${c}.id`, S.redeemer, B)})`;
  const redeemedCents = (c: string) => `(case
      when ${fullyRedeemed(c)} then ${c}.value_cents
      when ${redeemed(c)} then greatest(100, ${c}.value_cents * (20 + ${hashMod(`${c}.id`, S.redeemShare, 61)}) / 100 / 50 * 50)
      else 0 end)`;
  const cardStatus = (c: string) =>
    `(case when ${fullyRedeemed(c)} then 'redeemed' when ${c}.expires_at <= ${NOW} then 'expired' else 'active' end)`;
  // A card from a pin that reached its expiry with value on it, settled as the app's expiry sweep
  // settles one: what was left went back to the pin's business (so the sweep finds nothing to do).
  const expiredWithValue = (c: string) =>
    `(${c}.pin_id is not null and not ${fullyRedeemed(c)} and ${c}.expires_at <= ${NOW})`;
  const cardBalance = (c: string) =>
    `(case when ${expiredWithValue(c)} then 0 else ${c}.value_cents - ${redeemedCents(c)} end)`;
  const cardUpdatedAt = (c: string, gifted: string) => `(case
      when ${fullyRedeemed(c)} then ${redeemedAt(c, gifted)}
      when ${c}.expires_at <= ${NOW} then ${c}.expires_at
      when ${redeemed(c)} then ${redeemedAt(c, gifted)}
      when ${gifted} then ${giftedAt(c)}
      else ${c}.created_at end)`;
  // The app's code format (Crockford base32, 4 × 4): the last eight characters are a bijection
  // of the id (an odd multiplier modulo 2^40), so codes are unique; the first eight are noise.
  const ALPHABET = quote('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
  const base32 = (value: string, from: number, count: number) =>
    Array.from(
      { length: count },
      (_, index) =>
        `substr(${ALPHABET}, ((${value} >> ${5 * (from + count - 1 - index)}) & 31)::int + 1, 1)`,
    ).join(' || ');
  const cardCode = (id: string) => {
    const high = `(((${hash(id, S.codeHigh)}::bigint & 1048575) << 20) | (${hash(id, S.codeLow)}::bigint & 1048575))`;
    const low = `(((${id})::bigint * 2654435761) & 1099511627775)`;
    return `(${base32(high, 4, 4)} || '-' || ${base32(high, 0, 4)} || '-' || ${base32(low, 4, 4)} || '-' || ${base32(low, 0, 4)})`;
  };
  // Claimant k of a pin: a slot of its business's pool of K customers (consumers b·K … b·K+K-1,
  // modulo C). A targeted pin takes the slots whose first identifier is one of its targets.
  const claimant = (pin: string, business: string, k: string) => {
    const b = `((${business}) - ${C + 1})`;
    const nT = targetCount(pin);
    const target = `((${firstTarget(pin)} + ${x.identifierStep} * ((${k}) % ${nT})) % ${NI})`;
    const targetedSlot = `((${target} - (${b} * ${K}) % ${NI} + ${NI}) % ${NI} + ${NI} * ((${k}) / ${nT}))`;
    const openSlot = `((${hashMod(pin, S.pinSlot, K)} + (${k})) % ${K})`;
    return `(1 + (${b} * ${K} + case when (${pin}) % 5 = 0 then ${targetedSlot} else ${openSlot} end) % ${C})`;
  };
  // A gift goes to a friend: the consumer a full round's offset away, either side.
  const friendOf = (consumer: string, seed: string) => {
    const offset = pick(x.offsets, hashMod(seed, S.giftFriend, x.giftRounds));
    return `(1 + ((${consumer}) - 1 + case when ${hashMod(seed, S.giftSide, 2)} = 0 then ${offset} else ${C} - ${offset} end) % ${C})`;
  };
  const guestEmail = (id: string) =>
    `(${pick(GUEST_HANDLES, hashMod(id, S.guestHandle, GUEST_HANDLES.length))} || ((${id}) % 97) || '@example.org')`;

  const giftCards: Step = {
    name: 'gift cards',
    weight: G * 8,
    statements: [
      `insert into gift_cards (id, owner_id, brand_id, value_cents, code, status, source, sender_name, pin_id,
         claimed_by, business_id, expires_at, created_at, updated_at)
       overriding system value
       with claimable as (
         select pins.*, quantity - remaining as claims,
           sum(quantity - remaining) over (order by id) - (quantity - remaining) as first_card,
           case when status = 'cancelled' then ${cancelledAt('pins')} else least(expires_at, ${NOW}) end as closed_at
         from pins
       ),
       claimed as (
         select p.first_card + k + 1 as id, p.id as pin_id, p.business_id, p.brand_id, p.value_cents, p.expires_at,
           ${claimant('p.id', 'p.business_id', 'k')} as claimed_by,
           p.created_at + (p.closed_at - p.created_at) * ((k + 0.5) / p.claims) as created_at,
           p.id <= ${x.oldPins} as old
         from claimable as p cross join lateral generate_series(0, p.claims - 1) as k
       ),
       c as (
         select claimed.*, ${hashMod('id', S.gift, 100)} < case when old then 40 else 18 end as gifted
         from claimed
       )
       select c.id, case when c.gifted then ${friendOf('c.claimed_by', 'c.id')} else c.claimed_by end,
         c.brand_id, c.value_cents, ${cardCode('c.id')}, ${cardStatus('c')},
         case when c.gifted then 'friend_gift' else 'pin_claim' end,
         case when c.gifted then ${consumerName('c.claimed_by')} else ${businessName('c.business_id')} end,
         c.pin_id, c.claimed_by, c.business_id, c.expires_at, c.created_at, ${cardUpdatedAt('c', 'c.gifted')}
       from c`,
      `insert into gift_cards (id, owner_id, brand_id, value_cents, code, status, source, sender_name, pin_id,
         claimed_by, business_id, expires_at, created_at, updated_at)
       overriding system value
       with issued as (
         select id, ${NOW} - interval '1 day' * 400 * ${fraction('id', S.guestAge)} - interval '1 minute' as created_at
         from generate_series(${x.claimedCards + 1}, ${G}) as id
       ),
       c as (
         select id, created_at, created_at + interval '${PAID_CARD_EXPIRY_YEARS} years' as expires_at,
           ${pick(GUEST_VALUES, hashMod('id', S.guestValue, GUEST_VALUES.length))} as value_cents
         from issued
       )
       select c.id, 1 + ${hashMod('c.id', S.guestTo, C)}, ${pick(brandIds, hashMod('c.id', S.guestBrand, NB))},
         c.value_cents, ${cardCode('c.id')}, ${cardStatus('c')}, 'guest_gift',
         split_part(${guestEmail('c.id')}, '@', 1), null, null, null, c.expires_at, c.created_at,
         ${cardUpdatedAt('c', 'false')}
       from c`,
    ],
  };

  // Gifts in time order, so that their ids grow with time as the app's do.
  const gifts: Step = {
    name: 'gifts',
    weight: G * 5,
    statements: [
      `insert into gifts (kind, sender_id, sender_email, sender_name, recipient_id, gift_card_id, value_cents,
         message, created_at)
       select kind, sender_id, sender_email, sender_name, recipient_id, gift_card_id, value_cents, message, created_at
       from (
         select 'friend' as kind, g.claimed_by as sender_id, null as sender_email, g.sender_name,
           g.owner_id as recipient_id, g.id as gift_card_id, g.value_cents,
           ${pick(GIFT_MESSAGES, hashMod('g.id', S.giftMessage, GIFT_MESSAGES.length))} as message,
           ${giftedAt('g')} as created_at
         from gift_cards as g where g.source = 'friend_gift'
         union all
         select 'guest', null, ${guestEmail('g.id')}, g.sender_name, g.owner_id, g.id, g.value_cents,
           ${pick(GIFT_MESSAGES, hashMod('g.id', S.giftMessage, GIFT_MESSAGES.length))}, g.created_at
         from gift_cards as g where g.source = 'guest_gift'
       ) as given
       order by created_at`,
    ],
  };

  // --- ledger ---------------------------------------------------------------------------------
  // What each business reserved for its pins and got back from the ended ones, and the funds it
  // added: its reserves rounded up to $100, in equal chunks, then a $100–$2,000 top-up.
  const funding = `funding as (
      select n, ${C} + n as business_id, ${businessCreatedAt('n')} as joined_at,
        coalesce(reserved, 0) as reserved, coalesce(refunded, 0) as refunded,
        (coalesce(reserved, 0) + 9999) / 10000 * 100 as chunk_dollars,
        (100 + ${hashMod('n', S.topUp, 1901)}) * 100 as top_up
      from generate_series(1, ${B}) as n
      left join (
        select business_id, sum(value_cents::bigint * quantity)::bigint as reserved,
          sum(case when status in ('cancelled', 'expired') then value_cents::bigint * remaining else 0 end)::bigint
            as refunded
        from pins group by business_id
      ) as pinned on pinned.business_id = ${C} + n
    )`;
  const chunkCents = `((chunk_dollars / ${x.fundingChunks} + case when j < chunk_dollars % ${x.fundingChunks} then 1 else 0 end) * 100)`;
  const cardLast4 = TEST_CARD_SUCCESS.slice(-4);

  const ledgerAccounts: Step = {
    name: 'ledger accounts',
    weight: G * 2,
    statements: [
      `insert into ledger_accounts (id, kind, system_code, balance_cents, created_at)
       overriding system value
       values
         (1, 'system', ${quote(SYSTEM_ACCOUNTS.paymentClearing)}, 0, ${NOW} - interval '800 days')`,
      `insert into ledger_accounts (id, kind, user_id, balance_cents, created_at)
       overriding system value
       with ${funding}, spent as (
         select ${redeemer('g')} as business_id, sum(${redeemedCents('g')})::bigint as cents
         from gift_cards as g where ${redeemed('g')} group by 1
       ), returned as (
         select g.business_id, sum(g.value_cents - ${redeemedCents('g')})::bigint as cents
         from gift_cards as g where ${expiredWithValue('g')} group by 1
       )
       select ${x.fundsAccount('business_id')}, 'user_funds', business_id,
         chunk_dollars * 100 + top_up - reserved + refunded + coalesce(spent.cents, 0)
           + coalesce(returned.cents, 0),
         joined_at + interval '1 hour'
       from funding left join spent using (business_id) left join returned using (business_id)`,
      `insert into ledger_accounts (id, kind, pin_id, balance_cents, created_at)
       overriding system value
       select ${x.reserveAccount('id')}, 'pin_reserve', id,
         case when status in ('active', 'exhausted') then value_cents::bigint * remaining else 0 end, created_at
       from pins`,
      `insert into ledger_accounts (id, kind, gift_card_id, balance_cents, created_at)
       overriding system value
       select ${x.cardAccount('g.id')}, 'gift_card', g.id, ${cardBalance('g')}, g.created_at
       from gift_cards as g`,
    ],
  };

  const txColumns = `(id, kind, user_id, amount_cents, description, status, pin_id, gift_card_id, provider_reference, created_at)`;
  const ledgerTransactions: Step = {
    name: 'ledger transactions',
    weight: G * 4,
    statements: [
      `insert into ledger_transactions ${txColumns}
       overriding system value
       with ${funding}
       select ${x.addFundsTxBase} + (n - 1) * ${x.fundingChunks + 1} + j + 1, 'add_funds', business_id,
         case when j < ${x.fundingChunks} then ${chunkCents} else top_up end,
         ${quote(`Added funds with card ending ${cardLast4} (test mode)`)}, 'completed', null, null,
         'test_ch_' || md5('bench-funds-' || n || '-' || j)::uuid,
         case when j < ${x.fundingChunks} then joined_at + interval '1 hour' * (j + 2)
           else ${NOW} - interval '1 day' * (1 + 29 * ${fraction('n', S.topUpAt)}) end
       from funding cross join generate_series(0, ${x.fundingChunks}) as j
       where j = ${x.fundingChunks} or ${chunkCents} > 0`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.reserveTxBase} + p.id, 'pin_reserve', p.business_id, p.value_cents::bigint * p.quantity,
         'Funded pin #' || p.id || ': ' || p.quantity || ' × ' || ${fixedDollars('p.value_cents')} || ' at ' || s.name,
         'completed', p.id, null, null, p.created_at
       from pins as p join stores as s on s.id = p.location_id`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.issueTxBase} + g.id, 'claim', g.claimed_by, g.value_cents,
         'Claimed a ' || ${fixedDollars('g.value_cents')} || ' gift card from ' || ${businessName('g.business_id')},
         'completed', g.pin_id, g.id, null, g.created_at
       from gift_cards as g where g.pin_id is not null`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.issueTxBase} + g.id, 'guest_gift', null, g.value_cents,
         ${formatDollars('g.value_cents')} || ' ' || ${brandName('g.brand_id')} || ' gift card from ' || g.sender_name
           || ' to ' || ${consumerName('g.owner_id')} || ${quote(`, paid with card ending ${cardLast4} (test mode)`)},
         'completed', null, g.id, 'test_ch_' || md5('bench-guest-gift-' || g.id)::uuid, g.created_at
       from gift_cards as g where g.source = 'guest_gift'`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.refundTxBase} + p.id, 'pin_refund', p.business_id, p.value_cents::bigint * p.remaining,
         'Refund of unclaimed cards: pin #' || p.id || ' ' || p.status, 'completed', p.id, null, null,
         case when p.status = 'cancelled' then ${cancelledAt('p')} else p.expires_at end
       from pins as p where p.status in ('cancelled', 'expired') and p.remaining > 0`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.redeemTxBase} + g.id, 'redeem', ${redeemer('g')}, ${redeemedCents('g')},
         ${brandName('g.brand_id')} || ' gift card spent at ' || ${businessName(redeemer('g'))},
         'completed', null, g.id, null, ${redeemedAt('g', "g.source = 'friend_gift'")}
       from gift_cards as g where ${redeemed('g')}`,
      `insert into ledger_transactions ${txColumns}
       overriding system value
       select ${x.expiryTxBase} + g.id, 'card_expiry', g.business_id, g.value_cents - ${redeemedCents('g')},
         'Returned from an expired ' || ${brandName('g.brand_id')} || ' gift card',
         'completed', g.pin_id, g.id, null, g.expires_at
       from gift_cards as g where ${expiredWithValue('g')}`,
    ],
  };

  // Two entries per transaction, read off the transaction itself: the debit (id 2t - 1) and the
  // credit (id 2t), in the order postTransaction writes them.
  const debit = `case t.kind
      when 'add_funds' then 1
      when 'pin_reserve' then ${x.fundsAccount('t.user_id')}
      when 'claim' then ${x.reserveAccount('t.pin_id')}
      when 'guest_gift' then 1
      when 'pin_refund' then ${x.reserveAccount('t.pin_id')}
      when 'redeem' then ${x.cardAccount('t.gift_card_id')}
      when 'card_expiry' then ${x.cardAccount('t.gift_card_id')}
    end`;
  const credit = `case t.kind
      when 'add_funds' then ${x.fundsAccount('t.user_id')}
      when 'pin_reserve' then ${x.reserveAccount('t.pin_id')}
      when 'claim' then ${x.cardAccount('t.gift_card_id')}
      when 'guest_gift' then ${x.cardAccount('t.gift_card_id')}
      when 'pin_refund' then ${x.fundsAccount('t.user_id')}
      when 'redeem' then ${x.fundsAccount('t.user_id')}
      when 'card_expiry' then ${x.fundsAccount('t.user_id')}
    end`;
  const entryRanges = splitRange(1, x.expiryTxBase + G, 4);
  const ledgerEntries: Step = {
    name: 'ledger entries',
    weight: Math.round(G * 4.5),
    statements: entryRanges.map(
      ([
        from,
        to,
      ]) => `insert into ledger_entries (id, transaction_id, account_id, amount_cents, created_at)
       overriding system value
       select 2 * t.id - 1 + side.credit, t.id,
         case when side.credit = 0 then ${debit} else ${credit} end,
         case when side.credit = 0 then -t.amount_cents else t.amount_cents end, t.created_at
       from ledger_transactions as t cross join (values (0), (1)) as side (credit)
       where t.id between ${from} and ${to}`,
    ),
  };

  // --- social ---------------------------------------------------------------------------------
  const friendships: Step = {
    name: 'friendships',
    weight: F * 3,
    statements: [
      `insert into friendships (id, requester_id, addressee_id, status, created_at, responded_at)
       overriding system value
       with pairs as (
         select f, 1 + f % ${C} as one, 1 + (f % ${C} + ${pick(x.offsets, `f / ${C}`)}) % ${C} as other,
           ${hashMod('f', S.friendStatus, 100)} as roll,
           ${NOW} - interval '1 day' * (2 + 700.0 * (${F} - f - ${fraction('f', S.friendAge)}) / ${F}) as created_at
         from generate_series(0, ${F - 1}) as f
       )
       select f + 1,
         case when ${hashMod('f', S.friendSide, 2)} = 0 then one else other end,
         case when ${hashMod('f', S.friendSide, 2)} = 0 then other else one end,
         case when roll < 88 then 'accepted' when roll < 98 then 'pending' else 'rejected' end,
         created_at,
         case when roll < 88 or roll >= 98
           then least(${NOW}, created_at + interval '1 minute' * (5 + ${hashMod('f', S.friendReply, 4320)})) end
       from pairs`,
    ],
  };

  const likes = `(${x.likeBase} + (case when p <= ${x.likeExtra} then 1 else 0 end)
      + (case when p % 2 = 0 then -w when p = ${x.posts} then 0 else w end))`;
  const leaderboardPost = `(${hashMod('p', S.postBoard, 50)} = 0)`;
  const leaderboardText = `'I''m #' || (1 + ${hashMod('p', S.postRank, 50)}) || ' of ' || (200 + ${hashMod('p', S.postRanked, 2000)})
      || ' on the mark.it gifting leaderboard ' || ${pick(LEADERBOARD_PERIOD_WORDS, hashMod('p', S.postText, LEADERBOARD_PERIOD_WORDS.length))}
      || ' with ' || (2 + ${hashMod('p', S.postPoints, 400)}) || ' points! 🎁'`;
  const postText = `rtrim(${pick(POST_OPENERS, hashMod('p', S.postText, POST_OPENERS.length))} || ' ' || ${pick(POST_CLOSERS, hashMod('p', S.postCloser, POST_CLOSERS.length))})`;
  const posts: Step = {
    name: 'posts',
    weight: x.posts * 4,
    statements: [
      `insert into posts (id, user_id, content, is_pinned, is_leaderboard_post, like_count, comment_count, created_at)
       overriding system value
       select p,
         case when not ${leaderboardPost} and ${hashMod('p', S.postAuthorKind, 100)} < 5
           then ${C} + 1 + ${hashMod('p', S.postAuthor, B)} else 1 + ${hashMod('p', S.postAuthor, C)} end,
         case when ${leaderboardPost} then ${leaderboardText} else ${postText} end,
         p % 100003 = 0, ${leaderboardPost}, ${likes},
         case when ${hashMod('p', S.comments, 100)} < 20 then 1 + ${hashMod('p', S.commentCount, 3)} else 0 end,
         ${NOW} - interval '1 day' * 365 * (${x.posts} - p + ${fraction('p', S.postAge)}) / ${x.posts}
       from generate_series(1, ${x.posts}) as p
       cross join lateral (select ${hashMod('(p + 1) / 2', S.likePair, x.likeSpread + 1)} as w) as paired`,
      `insert into post_comments (post_id, user_id, content, created_at)
       select p.id, 1 + ${hashMod('p.id * 4 + k', S.commenter, C)},
         ${pick(COMMENTS, hashMod('p.id * 4 + k', S.commentText, COMMENTS.length))},
         least(${NOW}, p.created_at + interval '1 minute' * (k * 37 + ${hashMod('p.id * 4 + k', S.commentAt, 600)}))
       from posts as p cross join lateral generate_series(1, p.comment_count) as k`,
    ],
  };

  const postLikes: Step = {
    name: 'post likes',
    weight: Math.round(x.postLikes * 1.7),
    statements: splitRange(1, x.posts, 2).map(
      ([from, to]) => `insert into post_likes (post_id, user_id, created_at)
       select p.id, 1 + (${hashMod('p.id', S.liker, C)} + k * ${x.stride}) % ${C},
         least(${NOW}, p.created_at + interval '1 minute' * (1 + ${hashMod('p.id::bigint * 1024 + k', S.likeAt, 2880)}))
       from posts as p cross join lateral generate_series(0, p.like_count - 1) as k
       where p.id between ${from} and ${to}`,
    ),
  };

  // --- leads ----------------------------------------------------------------------------------
  // Lead b·K + r + 1 is slot r of business b: the consumer of that slot when they claimed one of
  // its pins (as upsertLeadFromClaim records it), otherwise a lead the business added by hand.
  const leadId = (business: string, consumer: string) => {
    const b = `((${business}) - ${C + 1})`;
    return `(${b} * ${K} + ((${consumer}) - 1 - (${b} * ${K}) % ${C} + ${C}) % ${C} + 1)`;
  };
  const leadStatus = `${pick(LEAD_STATUSES, `case when roll < 40 then 0 when roll < 70 then 1 when roll < 90 then 2 else 3 end`)}`;
  const leads: Step = {
    name: 'leads',
    weight: scale.leads * 8,
    statements: [
      `insert into leads (id, business_id, consumer_id, name, email, phone, status, source, notes, last_contacted,
         created_at, updated_at)
       overriding system value
       with claimed as (
         select business_id, claimed_by, min(created_at) as first_claim, max(created_at) as last_claim,
           max(pin_id) as last_pin
         from gift_cards where pin_id is not null group by business_id, claimed_by
       ),
       slots as (
         select b * ${K} + r + 1 as id, ${C + 1} + b as business_id,
           ${hashMod(`b * ${K} + r`, S.leadStatus, 100)} as roll,
           ${NOW} - interval '1 day' * (1 + 399 * ${fraction(`b * ${K} + r`, S.leadAge)}) as added_at
         from generate_series(0, ${B - 1}) as b cross join generate_series(0, ${K - 1}) as r
       ),
       joined as (
         select slots.*, claimed.claimed_by, coalesce(claimed.first_claim, slots.added_at) as created_at,
           coalesce(claimed.last_claim, slots.added_at) as updated_at,
           'Pin: ' || ${brandName('pins.brand_id')} || ' ' || ${formatDollars('pins.value_cents')} || ' at ' || stores.name as pin_source
         from slots
         left join claimed on claimed.business_id = slots.business_id
           and ${leadId('claimed.business_id', 'claimed.claimed_by')} = slots.id
         left join pins on pins.id = claimed.last_pin
         left join stores on stores.id = pins.location_id
       )
       select id, business_id, claimed_by,
         case when claimed_by is null then ${consumerName(`id + ${C * 7}`)} else ${consumerName('claimed_by')} end,
         case when claimed_by is null
           then case when roll % 3 = 0 then '' else 'lead' || id || '@example.net' end
           else ${consumerEmail('claimed_by')} end,
         case when claimed_by is null
           then case when roll % 2 = 0 then '' else ${consumerPhone(`id + ${C * 7}`)} end
           else ${consumerPhone('claimed_by')} end,
         ${leadStatus},
         coalesce(pin_source, ${pick(MANUAL_LEAD_SOURCES, hashMod('id', S.leadText, MANUAL_LEAD_SOURCES.length))}),
         ${pick(LEAD_NOTES, hashMod('id', S.leadNotes, LEAD_NOTES.length))},
         case when roll >= 40 then least(${NOW}, updated_at + interval '1 hour' * (1 + roll * 5)) end,
         created_at, greatest(updated_at, case when roll >= 40 then least(${NOW}, updated_at + interval '1 hour' * (1 + roll * 5)) end)
       from joined`,
    ],
  };

  // --- notifications --------------------------------------------------------------------------
  // What the app writes for the events above, newest first: the consumers' side (welcome,
  // friend requests, gifts received) up to the scale's count, then the businesses' (new leads,
  // cards used) for the most recent claims until the count is reached.
  const readAt = (created: string, key: string) =>
    `case when ${hashMod(key, S.read, 100)} < 70
      then least(${NOW}, ${created} + interval '1 minute' * (1 + ${hashMod(key, S.readAt, 2880)})) end`;
  const notificationColumns = `(recipient_id, type, actor_id, actor_name, amount_cents, message, reference_type,
      reference_id, read_at, created_at)`;
  const remaining = `greatest(0, ${x.notifications} - (select count(*) from notifications))`;
  const notifications: Step = {
    name: 'notifications',
    weight: x.notifications * 4,
    statements: [
      `insert into notifications ${notificationColumns}
       select recipient_id, type, actor_id, actor_name, amount_cents, message, reference_type, reference_id,
         ${readAt('created_at', 'recipient_id::bigint * 7919 + reference_id + length(type)')}, created_at
       from (
         select * from (
           select u.id as recipient_id, 'system' as type, null::integer as actor_id, null::text as actor_name,
             null::integer as amount_cents,
             case when u.type = 'business'
               then 'Welcome to mark.it! Complete your profile so customers know who is behind your pins.'
               else 'Welcome to mark.it! Complete your profile so friends can find you.' end as message,
             'profile' as reference_type, u.id as reference_id, u.created_at
           from users as u
           union all
           select f.addressee_id, 'friend_request_received', f.requester_id, null, null,
             ${consumerName('f.requester_id')} || ' sent you a friend request', 'friendship', f.id, f.created_at
           from friendships as f
           union all
           select f.requester_id, 'friend_request_accepted', f.addressee_id, null, null,
             ${consumerName('f.addressee_id')} || ' accepted your friend request', 'friendship', f.id, f.responded_at
           from friendships as f where f.status = 'accepted'
           union all
           select g.recipient_id, 'gift_received', g.sender_id, case when g.kind = 'guest' then g.sender_name end,
             g.value_cents, 'You received a ' || ${fixedDollars('g.value_cents')} || ' gift card from ' || g.sender_name,
             'gift_card', g.gift_card_id, g.created_at
           from gifts as g
         ) as events
         order by created_at desc
         limit ${x.notifications}
       ) as newest
       order by created_at`,
      `insert into notifications ${notificationColumns}
       select g.business_id, 'lead_created', g.claimed_by, null, g.value_cents,
         ${consumerName('g.claimed_by')} || ' claimed your ' || ${formatDollars('g.value_cents')} || ' '
           || ${brandName('g.brand_id')} || ' pin at ' || s.name,
         'lead', ${leadId('g.business_id', 'g.claimed_by')},
         ${readAt('g.created_at', 'g.id')}, g.created_at
       from (
         select * from gift_cards where pin_id is not null order by id desc limit ${remaining} * 3 / 4
       ) as g
       join pins as p on p.id = g.pin_id join stores as s on s.id = p.location_id
       order by g.created_at`,
      `insert into notifications ${notificationColumns}
       select g.business_id, 'gift_redeemed', g.owner_id, null, ${redeemedCents('g')},
         ${consumerName('g.owner_id')} || ' used ' || ${formatDollars(redeemedCents('g'))} || ' of a '
           || ${brandName('g.brand_id')} || ' gift card from your pin',
         'gift_card', g.id, ${readAt(redeemedAt('g', "g.source = 'friend_gift'"), 'g.id + 1')},
         ${redeemedAt('g', "g.source = 'friend_gift'")}
       from (
         select * from gift_cards as g where business_id is not null and ${redeemed('g')}
         order by id desc limit ${remaining}
       ) as g`,
    ],
  };

  // --- card histories and counter codes ------------------------------------------------------
  // Each card's events as the app records them in the transaction that made them: its issue (the
  // claim from a pin, or a guest's purchase), the gift to a friend, the spend at a counter. The
  // last event's balance is the card's ledger balance.
  const spentAt = (c: string) => redeemedAt(c, `${c}.source = 'friend_gift'`);
  const giftMessage = (c: string) =>
    pick(GIFT_MESSAGES, hashMod(`${c}.id`, S.giftMessage, GIFT_MESSAGES.length));
  const activityColumns = `(gift_card_id, kind, amount_cents, balance_after_cents, actor_id, actor_name,
      recipient_id, business_id, store_id, message, ledger_transaction_id, created_at)`;
  const cardHistories: Step = {
    name: 'card histories',
    weight: G * 4,
    statements: [
      `insert into gift_card_activities ${activityColumns}
       select g.id, 'issued', g.value_cents, g.value_cents, g.business_id, ${businessName('g.business_id')},
         g.claimed_by, g.business_id, p.location_id, '', ${x.issueTxBase} + g.id, g.created_at
       from gift_cards as g join pins as p on p.id = g.pin_id
       union all
       select g.id, 'issued', g.value_cents, g.value_cents, null, g.sender_name, g.owner_id, null, null,
         ${giftMessage('g')}, ${x.issueTxBase} + g.id, g.created_at
       from gift_cards as g where g.source = 'guest_gift'
       union all
       select g.id, 'transferred', 0, g.value_cents, g.claimed_by, ${consumerName('g.claimed_by')}, g.owner_id,
         null, null, ${giftMessage('g')}, null, ${giftedAt('g')}
       from gift_cards as g where g.source = 'friend_gift'
       union all
       select g.id, 'spent', ${redeemedCents('g')}, g.value_cents - ${redeemedCents('g')}, ${redeemer('g')},
         ${businessName(redeemer('g'))}, null, ${redeemer('g')},
         case when g.business_id is not null then p.location_id end, '', ${x.redeemTxBase} + g.id, ${spentAt('g')}
       from gift_cards as g left join pins as p on p.id = g.pin_id where ${redeemed('g')}
       union all
       select g.id, 'expired', 0, g.value_cents - ${redeemedCents('g')}, null, '', null, null, null, '', null,
         g.expires_at
       from gift_cards as g where ${expiredWithValue('g')}`,
      // After the 'expired' rows, so that each card's refund comes second at the same moment.
      `insert into gift_card_activities ${activityColumns}
       select g.id, 'refunded', g.value_cents - ${redeemedCents('g')}, 0, null, '', null, g.business_id, null, '',
         ${x.expiryTxBase} + g.id, g.expires_at
       from gift_cards as g where ${expiredWithValue('g')}`,
      // The code shown at the counter for each spend (used a minute after it was made), and a
      // code that lapsed unused for some of the cards still held: those the app still keeps, as
      // its pruning leaves them (a day past their expiry), so its next prune has nothing to do.
      `insert into redemption_codes (code, gift_card_id, owner_id, expires_at, used_at, created_at)
       select ${base32('(((n)::bigint * 2654435761) & 1099511627775)', 0, 8)}, g.id, g.owner_id,
         made + interval '90 seconds', case when used then made + interval '1 minute' end, made
       from (
         select g.*, g.id as n, ${spentAt('g')} - interval '1 minute' as made, true as used
         from gift_cards as g where ${redeemed('g')}
         union all
         select g.*, ${G} + g.id, g.created_at + (${cardEnd('g')} - g.created_at) * ${fraction('g.id', S.staleCode)}, false
         from gift_cards as g where ${hashMod('g.id', S.staleCode, 10)} = 0
       ) as g
       where made + interval '90 seconds' >= ${NOW} - interval '${REDEMPTION_CODE_KEPT_AFTER_EXPIRY}'`,
    ],
  };

  // --- saved payment cards --------------------------------------------------------------------
  // Every business saved the card it adds funds with; three consumers in ten saved one to three
  // (the first is the default). Each token is one the test provider knows.
  const savedCards = `saved as (
      select u.id as user_id, k, u.created_at + interval '1 day' * (k + 1) as created_at
      from users as u
      cross join lateral generate_series(0, case when u.type = 'business' then 0
        else ${hashMod('u.id', S.savedCards, 10)} - 7 end) as k
    )`;
  const savedToken = `'tok_test_' || md5('bench-saved-' || user_id || '-' || k)`;
  const savedExpiryYear = `(${now.getUTCFullYear() + 1} + ${hashMod('user_id * 4 + k', S.savedCardExpiry, 4)})`;
  const savedCardSteps: Step = {
    name: 'saved cards',
    weight: C,
    statements: [
      // A saved card keeps a reusable token (a token from the card form pays once).
      `insert into test_payment_tokens (token, brand, last4, exp_month, exp_year, declines, reusable, created_at)
       with ${savedCards}
       select ${savedToken}, ${pick(SAVED_CARD_BRANDS, 'k')}, ${pick(SAVED_CARD_LAST4, 'k')},
         1 + (user_id + k) % 12, ${savedExpiryYear}, false, true, created_at
       from saved`,
      `insert into payment_methods (user_id, provider_token, brand, last4, exp_month, exp_year, is_default, created_at)
       with ${savedCards}
       select user_id, ${savedToken}, ${pick(SAVED_CARD_BRANDS, 'k')}, ${pick(SAVED_CARD_LAST4, 'k')},
         1 + (user_id + k) % 12, ${savedExpiryYear}, k = 0, created_at
       from saved order by created_at`,
    ],
  };

  // --- direct messages ------------------------------------------------------------------------
  // Six accepted friendships in ten have a conversation (its id is the friendship's): 2–12
  // messages, or 30–80 for one in twenty, from soon after the friendship until a last message
  // that is recent more often than not. Message ids are numbered per conversation in order, so
  // a thread reads newest first by id as the app's do; the rows are written in time order.
  const conversationRows = `conv as (
      select f.id, least(f.requester_id, f.addressee_id) as low, greatest(f.requester_id, f.addressee_id) as high,
        f.responded_at as start_at,
        least(${NOW}, greatest(f.responded_at + interval '2 hours',
          ${NOW} - interval '1 day' * 120 * power(${fraction('f.id', S.messageEnd)}, 3))) as end_at,
        case when ${hashMod('f.id', S.messageLong, 20)} = 0 then 30 + ${hashMod('f.id', S.messageCount, 51)}
          else 2 + ${hashMod('f.id', S.messageCount, 11)} end as n
      from friendships as f
      where f.status = 'accepted' and ${hashMod('f.id', S.conversation, 10)} < 6
    ),
    placed as (select conv.*, sum(n) over (order by id) - n as base from conv)`;
  const messageAt = (k: string) => `(start_at + (end_at - start_at) * ((${k} + 1)::float8 / n))`;
  const messageKey = (k: string) => `(id::bigint * 128 + ${k})`;
  const directMessages: Step = {
    name: 'messages',
    weight: Math.round(F * 12),
    statements: [
      `insert into conversations (id, user_low_id, user_high_id, created_at)
       overriding system value
       with ${conversationRows}
       select id, low, high, ${messageAt('0')} from placed`,
      `insert into messages (id, conversation_id, sender_id, client_id, text, created_at, deleted_at)
       overriding system value
       with ${conversationRows}
       select base + k + 1, id,
         case when ${hashMod(messageKey('k'), S.messageSender, 2)} = 0 then low else high end,
         'bench-' || id || '-' || k,
         case when ${hashMod(messageKey('k'), S.messageDeleted, 100)} = 0 then ''
           else ${pick(MESSAGE_TEXTS, hashMod(messageKey('k'), S.messageText, MESSAGE_TEXTS.length))} end,
         ${messageAt('k')},
         case when ${hashMod(messageKey('k'), S.messageDeleted, 100)} = 0 then ${messageAt('k')} + interval '1 minute' end
       from placed cross join lateral generate_series(0, n - 1) as k
       order by ${messageAt('k')}`,
      // Seven in ten have read everything; the rest have the last one to four unread.
      `insert into conversation_participants (conversation_id, user_id, other_user_id, last_read_message_id,
         last_activity_at)
       with ${conversationRows}
       select id, case when side = 0 then low else high end, case when side = 0 then high else low end,
         base + n - case when ${hashMod('id * 2 + side', S.messageUnread, 10)} < 7 then 0
           else least(n, 1 + ${hashMod('id * 2 + side', S.messageUnreadCount, 4)}) end,
         end_at
       from placed cross join (values (0), (1)) as sides (side)`,
    ],
  };

  // --- before and after -----------------------------------------------------------------------
  const seededTables = sqlArray(SEEDED_TABLES);
  const prepare: Step = {
    name: 'prepare',
    weight: 1000,
    statements: [
      `do $$ begin
         if exists (select 1 from users) then
           raise exception 'The benchmark seed needs a freshly migrated database, but users is not empty';
         end if;
         if (select count(*) from stores) < 100 then
           raise exception 'Load the store catalogue before seeding (seedStoreCatalogue)';
         end if;
         if (select count(*) from identifiers where id = any(${sqlArray(identifierIds)})) <> ${NI}
           or (select count(*) from brands where id = any(${sqlArray(brandIds)})) <> ${NB} then
           raise exception 'Load the reference data before seeding (seedReferenceData)';
         end if;
       end $$`,
      // The wallets' card movements need each spend's holder, an index probe per event: with the
      // histories' indexes dropped for the load, each would read the whole table. They are made
      // once the indexes are back (cardMovements).
      `alter table gifts disable trigger gifts_wallet_movements_insert`,
      `alter table gift_card_activities disable trigger gift_card_activities_wallet_movements_insert`,
      `drop table if exists bench_deferred_ddl`,
      `create table bench_deferred_ddl (position integer generated always as identity, kind text, table_name text,
         name text, definition text)`,
      ...(options.deferIndexes === false
        ? []
        : [
            `insert into bench_deferred_ddl (kind, table_name, name, definition)
             select 'foreign key', conrelid::regclass::text, conname, pg_get_constraintdef(oid)
             from pg_constraint
             where contype = 'f' and connamespace = 'public'::regnamespace
               and conrelid::regclass::text = any(${seededTables})
             order by conrelid::regclass::text, conname`,
            `insert into bench_deferred_ddl (kind, table_name, name, definition)
             select 'index', i.indrelid::regclass::text, c.relname, pg_get_indexdef(i.indexrelid)
             from pg_index as i join pg_class as c on c.oid = i.indexrelid
             where i.indrelid::regclass::text = any(${seededTables}) and not i.indisprimary
               and not exists (
                 select 1 from pg_constraint as k where k.conindid = i.indexrelid and k.conrelid = i.indrelid
               )
             order by 2, 3`,
            `do $$ declare r record; begin
               for r in select * from bench_deferred_ddl where kind = 'foreign key' loop
                 execute format('alter table %s drop constraint %I', r.table_name, r.name);
               end loop;
               for r in select * from bench_deferred_ddl where kind = 'index' loop
                 execute format('drop index %I', r.name);
               end loop;
             end $$`,
          ]),
    ],
  };

  // Memory for the index sorts and the validating joins, for this transaction only: `exec` may
  // be a pool whose connections the app uses afterwards.
  const restore = (kind: 'index' | 'foreign key', tables: readonly string[], verb: string) =>
    `do $$ declare r record; begin
       perform set_config('maintenance_work_mem', '512MB', true);
       perform set_config('work_mem', '64MB', true);
       for r in select * from bench_deferred_ddl where kind = '${kind}' and table_name = any(${sqlArray(tables)})
         order by position loop
         execute ${verb};
       end loop;
     end $$`;
  // Table, and the weight of its indexes (about the milliseconds they take at full scale).
  const heavyTables: [string, number][] = [
    ['users', C * 4.5],
    ['pins', P * 2],
    ['gift_cards', G * 3.6],
    ['gifts', G * 0.3],
    ['ledger_accounts', G * 0.5],
    ['ledger_transactions', G * 1.4],
    ['ledger_entries', G * 1.8],
    ['friendships', F],
    ['posts', x.posts],
    ['post_comments', x.posts * 0.2],
    ['post_likes', x.postLikes * 0.4],
    ['leads', scale.leads * 1.8],
    ['notifications', x.notifications * 0.75],
    ['gift_card_activities', G * 2],
    ['messages', F * 4],
  ];
  const lightTables = SEEDED_TABLES.filter(
    (table) => !heavyTables.some(([name]) => name === table),
  );
  const indexSteps: Step[] =
    options.deferIndexes === false
      ? []
      : [
          ...heavyTables.map(([table, rows]) => ({
            name: `indexes: ${table}`,
            weight: Math.round(rows),
            statements: [restore('index', [table], 'r.definition')],
          })),
          {
            name: 'indexes: the rest',
            weight: C * 12,
            statements: [restore('index', lightTables, 'r.definition')],
          },
          {
            name: 'foreign keys',
            weight: G * 6,
            statements: [
              restore(
                'foreign key',
                SEEDED_TABLES,
                `format('alter table %s add constraint %I %s', r.table_name, r.name, r.definition)`,
              ),
            ],
          },
        ];

  const cardMovements: Step = {
    name: 'wallet card movements',
    weight: Math.round(G * 2),
    statements: [
      `select wallet_card_movements_backfill()`,
      `alter table gifts enable trigger gifts_wallet_movements_insert`,
      `alter table gift_card_activities enable trigger gift_card_activities_wallet_movements_insert`,
    ],
  };

  const finish: Step[] = [
    {
      name: 'sequences',
      weight: 1000,
      statements: [
        // The app inserts after the seed: every identity continues after the highest id.
        `do $$ declare r record; begin
           for r in
             select c.relname as table_name, a.attname as column_name
             from pg_attribute as a join pg_class as c on c.oid = a.attrelid
             where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attidentity <> ''
               and not a.attisdropped
           loop
             execute format('select setval(pg_get_serial_sequence(%L, %L), coalesce((select max(%I) from %I), 0) + 1, false)',
               r.table_name, r.column_name, r.column_name, r.table_name);
           end loop;
         end $$`,
        `drop table bench_deferred_ddl`,
      ],
    },
    {
      name: options.vacuum === false ? 'analyze' : 'vacuum analyze',
      weight: Math.round(G * 3.5),
      statements: [options.vacuum === false ? 'analyze' : 'vacuum analyze'],
    },
  ];

  return [
    prepare,
    users,
    pins,
    giftCards,
    gifts,
    ledgerAccounts,
    ledgerTransactions,
    ledgerEntries,
    friendships,
    posts,
    postLikes,
    leads,
    notifications,
    cardHistories,
    savedCardSteps,
    directMessages,
    ...indexSteps,
    cardMovements,
    ...finish,
  ];
}

/** [from, to] ranges that cover from…to in `parts` nearly equal pieces. */
function splitRange(from: number, to: number, parts: number): [number, number][] {
  const size = Math.ceil((to - from + 1) / parts);
  const ranges: [number, number][] = [];
  for (let start = from; start <= to; start += size)
    ranges.push([start, Math.min(to, start + size - 1)]);
  return ranges;
}

/** The statements the seed runs, in order (for inspection and tests). */
export function benchSeedStatements(
  scale: BenchScaleName | BenchScale,
  passwordHash = 'not-a-hash',
  now = new Date(),
  options: SeedOptions = {},
): { step: string; statements: string[] }[] {
  return buildSteps(resolveBenchScale(scale), passwordHash, now, options).map((step) => ({
    step: step.name,
    statements: step.statements,
  }));
}

/**
 * Fills a freshly migrated database that holds the reference data and the store catalogue.
 * `exec` may be a pool: no statement relies on the session of another, and none changes a
 * session setting.
 */
export async function seedBenchData(
  exec: SqlExec,
  scale: BenchScaleName | BenchScale,
  onProgress?: (progress: SeedProgress) => void,
  options: SeedOptions = {},
): Promise<SeedStepTiming[]> {
  // One scrypt hash for every account: computing 105,000 of them would take hours.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const steps = buildSteps(resolveBenchScale(scale), passwordHash, new Date(), options);
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  const timings: SeedStepTiming[] = [];
  let completed = 0;
  for (const step of steps) {
    onProgress?.({ step: step.name, completed, total });
    const started = performance.now();
    for (const statement of step.statements) {
      try {
        await exec(statement);
      } catch (error) {
        throw new Error(`Bench seed failed at step "${step.name}": ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    timings.push({ step: step.name, ms: Math.round(performance.now() - started) });
    completed += step.weight;
  }
  onProgress?.({ step: 'done', completed: total, total });
  return timings;
}
