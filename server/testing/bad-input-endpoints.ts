import fc from 'fast-check';
import {
  BRAND_IDS,
  FRIEND_RESPONSE_ACTIONS,
  ID_MAX,
  LEAD_STATUSES,
  LEADERBOARD_PERIODS,
  NOTIFICATION_FILTERS,
  NOTIFICATION_TYPES,
  PIN_STATUSES,
  REPORT_REASONS,
  SHARE_PLATFORMS,
} from '@shared/constants';
import { isGuessableWalletPin } from '@shared/schema/wallet-pin';
import { IDENTIFIER_ROWS } from '../db/reference-data';
import { isStorableText } from '../lib/validate';
import { guessablePasswordError } from '../services/auth/password-policy';
import {
  TEST_ACCOUNT_NUMBER,
  TEST_CARD_DECLINED,
  TEST_CARD_SUCCESS,
  TEST_ROUTING_NUMBER,
} from '../services/payments/payment-provider';
import {
  type Entries,
  type FieldLimits,
  jsonOf,
  jsonString,
  type JsonText,
  oddIdSegment,
  oddString,
  raw,
  repeatTo,
  wellFormed,
} from './bad-input-arbitraries';
import { TEST_PASSWORD } from './factories';

/**
 * The endpoint tables of the bad-input properties (bad-input.ts): every write endpoint with valid
 * bodies built field by field, values for its path parameter and the answers a valid request may
 * get; every read route with values for its query. What each route accepts (its params, query and
 * body schemas, whether it takes an upload) is read from its definition, not written here.
 */

// ---------------------------------------------------------------------------------------------
// The world the requests act on
// ---------------------------------------------------------------------------------------------

export type Person = { id: number; username: string; email: string };

export type World = {
  /** A consumer: the caller of the consumer routes, owner of the cards, posts, requests below. */
  consumer: Person;
  /** A business: the caller of the business routes, owner of the pins and leads below. */
  business: Person;
  /** Other consumers: A's friend, people who asked A, and so on. */
  others: Person[];
  /** The test stores, with their brands. */
  stores: Array<{ id: number; brand: string }>;
  /** A's cards: each may show a counter code; the second half are sent away. */
  cards: number[];
  pins: number[];
  posts: number[];
  /** A post of another consumer (A may like and comment on it, not pin or delete it). */
  foreignPost: number;
  notifications: number[];
  /** Friend requests sent to A, pending. */
  friendRequests: number[];
  /** A's accepted friendships. */
  friendships: number[];
  /** Gift requests sent to A, pending. */
  giftRequests: number[];
  leads: number[];
  /** Messages between A and a friend of A's. */
  messages: number[];
  /** Test-mode card tokens to pay with: one the provider approves, one it declines. */
  cardTokens: { approved: string; declined: string };
  /** Cards saved in Payment Settings by A (A makes them the default, removes them) and by X. */
  savedCards: { consumer: number[]; business: number[] };
  cookies: { consumer: string; business: string };
};

// ---------------------------------------------------------------------------------------------
// Valid values, built from each field's contract
// ---------------------------------------------------------------------------------------------

/** Percent-encoded as a client puts text in a URL. */
export const encoded = (text: string) => encodeURIComponent(wellFormed(text));

/**
 * Text of at most `max` code points after trimming (as the schemas count): mostly short
 * unicode, sometimes exactly at the limit; non-blank when `required`.
 */
function text(max: number, options: { required?: boolean; trimmed?: boolean } = {}) {
  const { required = false, trimmed = true } = options;
  const measure = (value: string) => [...(trimmed ? value.trim() : value)].length;
  return fc
    .oneof(
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(30, max) }), weight: 4 },
      {
        arbitrary: fc.constantFrom(
          repeatTo('a', max),
          trimmed ? ` ${repeatTo('é', max)}\n` : repeatTo('é', max),
          repeatTo('😀', max),
        ),
        weight: 1,
      },
      {
        arbitrary: fc.constantFrom(
          '😀 party',
          'مرحبا',
          '\u202eevil',
          'e\u0301',
          '<b>hi</b>',
          "'; drop table users; --",
          '__proto__',
          '%00',
        ),
        weight: 1,
      },
    )
    .filter(
      (value) =>
        isStorableText(value) && measure(value) <= max && (!required || measure(value) > 0),
    );
}

const str = (values: fc.Arbitrary<string>) => values.map(jsonString);

/** A whole number as JSON text, in any notation that parses to it (`7`, `7.0`, `7e0`, `70e-1`). */
const wholeNumber = (values: fc.Arbitrary<number>) =>
  values
    .chain((value) => fc.constantFrom(`${value}`, `${value}.0`, `${value}e0`, `${value * 10}e-1`))
    .map(raw);

const integerIn = (min: number, max: number) => wholeNumber(fc.integer({ min, max }));

/** Dollars between min and max with at most two decimals, in any notation (`12.5`, `1250e-2`). */
const dollars = (min: number, max: number) =>
  fc
    .integer({ min: Math.round(min * 100), max: Math.round(max * 100) })
    .chain((cents) =>
      fc.constantFrom(
        String(cents / 100),
        (cents / 100).toFixed(2),
        `${cents}e-2`,
        `${cents / 100}E0`,
      ),
    )
    .map(raw);

const bool = fc.boolean().map((value) => raw(String(value)));

const optional = <T>(values: fc.Arbitrary<T>) => fc.option(values, { nil: undefined });

/** A valid email, as typed: any case, spaces around it. */
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}([._+-][a-z0-9]{1,6})?$/),
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    fc.constantFrom('com', 'org', 'io', 'example'),
    fc.constantFrom('', ' ', '\t'),
    fc.boolean(),
  )
  .map(([local, domain, top, space, upper]) => {
    const address = `${local}@${domain}.${top}`;
    return `${space}${upper ? address.toUpperCase() : address}${space}`;
  });

/** Someone's username as a client sends it: a real one in any case, or one nobody has. */
const username = (world: World) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            world.consumer.username,
            world.business.username,
            ...world.others.map((other) => other.username),
          ),
          fc.constantFrom('plain', 'upper', 'spaced'),
        )
        .map(([name, form]) =>
          form === 'upper' ? name.toUpperCase() : form === 'spaced' ? ` ${name} ` : name,
        ),
      weight: 3,
    },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{1,30}$/), weight: 1 },
    { arbitrary: text(60, { required: true }), weight: 1 },
  );

/** Ids from the world, or any id the database can hold (most name nothing). */
const someId = (ids: number[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ids), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: ID_MAX }), weight: 1 },
  );

/** A pin's brand and store: mostly a store with its own brand, sometimes anything. */
const storeAndBrand = (world: World): fc.Arbitrary<Entries> =>
  fc
    .oneof(
      { arbitrary: fc.constantFrom(...world.stores), weight: 3 },
      {
        arbitrary: fc.record({
          brand: fc.oneof(fc.constantFrom(...BRAND_IDS), text(40, { required: true })),
          id: someId(world.stores.map((store) => store.id)),
        }),
        weight: 1,
      },
    )
    .map(({ brand, id }) => [
      ['brand', jsonString(brand)],
      ['locationId', raw(String(id))],
    ]);

const identifierIds = fc.subarray(
  IDENTIFIER_ROWS.map((row) => row.id),
  { maxLength: 5 },
);

const record = (
  fields: Record<string, fc.Arbitrary<JsonText | undefined>>,
): fc.Arbitrary<Entries> =>
  fc
    .record(fields)
    .map((values) =>
      Object.entries(values).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, value] as const],
      ),
    );

// ---------------------------------------------------------------------------------------------
// The write endpoints
// ---------------------------------------------------------------------------------------------

export type Caller = 'none' | 'consumer' | 'business';

/** A route's path parameter: what names something, and what the route's own schema takes. */
export type Parameter = {
  valid: (world: World) => fc.Arbitrary<string>;
  odd: fc.Arbitrary<string>;
};

/** `:id`: ids of the world's objects, or any id (most name nothing). */
const idParameter = (ids: (world: World) => number[]): Parameter => ({
  valid: (world) => someId(ids(world)).map(String),
  odd: oddIdSegment,
});

/** `:username`: the world's people in any case, or names nobody has. */
const usernameParameter: Parameter = {
  valid: (world) => username(world).map(encoded),
  odd: fc
    .oneof(oddString.map(encoded), oddIdSegment)
    .filter((segment) => segment.length > 0 && segment.length < 4_000),
};

/** `:username/:id` of a message: the world's people with an id, or either part odd. */
const messageParameter: Parameter = {
  valid: (world) =>
    fc
      .tuple(usernameParameter.valid(world), someId(world.messages).map(String))
      .map(([name, id]) => `${name}/${id}`),
  odd: fc
    .oneof(
      fc.tuple(usernameParameter.odd, fc.integer({ min: 1, max: ID_MAX }).map(String)),
      fc.tuple(fc.constant('someone'), oddIdSegment),
    )
    .filter(([name, id]) => name.length > 0 && id.length > 0 && !`${name}${id}`.includes('/'))
    .map(([name, id]) => `${name}/${id}`),
};

export type WriteEndpoint = {
  /** As the app registers it. */
  route: string;
  caller: Caller;
  parameter?: Parameter;
  /** Valid bodies, field by field. */
  body?: (world: World) => fc.Arbitrary<Entries>;
  /** String fields' limits, to go past them. */
  limits?: FieldLimits;
  /** What a valid request may be answered: its success, or a refusal the API documents. */
  answers: readonly number[];
  /** Weight of valid requests among the mixed ones (3 of 6 unless said). */
  validWeight?: number;
  /**
   * Share of the endpoint's requests that go to the mixed property (0.6 unless said); the rest
   * are invalid ones, in batches. Where a valid request hashes a password, most are invalid.
   */
  mixedShare?: number;
  /** The route reads an Idempotency-Key header. */
  idempotencyKey?: boolean;
};

/** 6 to 128 characters, kept as typed (passwords are not trimmed). */
const password = text(128, { trimmed: false }).map(
  (value) => value + '*'.repeat(Math.max(0, 6 - [...value].length)),
);

/** The string a field of a body being built holds ('' when it has none or it is not a string). */
function stringField(entries: Entries, key: string): string {
  const value = entries.find(([name]) => name === key)?.[1];
  if (!value || !('raw' in value)) return '';
  const parsed: unknown = JSON.parse(value.raw);
  return typeof parsed === 'string' ? parsed : '';
}

/**
 * Whether the server takes the registration's password: one on the list of common passwords, or
 * made of the username, e-mail or name it comes with, is refused with a 400 a valid body must not
 * get (random text is rarely either, but 'aaaaaa' and a username 'aaa' are both generated).
 */
const passwordTaken = (entries: Entries) =>
  guessablePasswordError(stringField(entries, 'password'), {
    username: stringField(entries, 'username'),
    email: stringField(entries, 'email'),
    name: stringField(entries, 'name'),
  }) === null;

const consumerRegistration = record({
  type: fc.constant(jsonString('consumer')),
  email: str(email),
  phoneNumber: str(
    fc.constantFrom(
      '(555) 123-4567',
      '+1 555 123 4567',
      '5551234567',
      ' 555.123.4567 ',
      '+44 20 7946 0958',
    ),
  ),
  username: str(fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/)),
  password: str(password),
  name: str(text(100, { required: true })),
  brands: fc
    .uniqueArray(fc.constantFrom(...BRAND_IDS), { minLength: 1, maxLength: 3 })
    .map((brands) => jsonOf(brands)),
  identifiers: optional(identifierIds.map((ids) => jsonOf(ids))),
  phone: optional(str(fc.constantFrom('+15551234567', ''))),
}).filter(passwordTaken);

const businessRegistration = record({
  type: fc.constant(jsonString('business')),
  email: str(email),
  username: str(fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/)),
  password: str(password),
  name: str(text(100, { required: true })),
}).filter(passwordTaken);

/** The account's password as typed to confirm it: mostly right, sometimes anything. */
const currentPassword = fc.oneof(
  fc.constant(TEST_PASSWORD),
  text(128, { trimmed: false, required: true }),
);

/** An authenticator app's code as typed: six digits, sometimes in two groups. */
const authenticationCode = fc
  .tuple(fc.stringMatching(/^\d{6}$/), fc.boolean())
  .map(([code, spaced]) => (spaced ? `${code.slice(0, 3)} ${code.slice(3)}` : code));

/** A wallet PIN as typed to prove who you are: any six digits. */
const walletPin = fc.oneof(
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom('111111', '123456', '654321'),
);

/** A new wallet PIN: six digits, not one of those too easily guessed to be set. */
const newWalletPin = fc.stringMatching(/^\d{6}$/).filter((pin) => !isGuessableWalletPin(pin));

/** A card token: the world's approved or declined one, or one the provider never made. */
const paymentToken = (world: World) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(world.cardTokens.approved, world.cardTokens.declined), weight: 3 },
    { arbitrary: fc.constant('tok_test_unknown'), weight: 1 },
    { arbitrary: text(100, { required: true }), weight: 1 },
  );

/** A routing number with a valid checksum, as typed: plain, spaced or with dashes. */
const routingNumber = fc
  .tuple(
    fc.constantFrom(TEST_ROUTING_NUMBER, '011000015', '021000021'),
    fc.constantFrom('', ' ', '-'),
  )
  .map(
    ([digits, gap]) => `${digits.slice(0, 3)}${gap}${digits.slice(3, 6)}${gap}${digits.slice(6)}`,
  );

/** A bank account number: 4 to 17 digits, sometimes spaced. */
const accountNumber = fc.oneof(
  fc.constant(TEST_ACCOUNT_NUMBER),
  fc.stringMatching(/^\d{4,17}$/),
  fc.stringMatching(/^\d{4} \d{4}$/),
);

/** A recovery code as typed: any case, with or without its dash. */
const recoveryCode = fc
  .tuple(fc.stringMatching(/^[a-hjkmnp-z2-9]{10}$/), fc.boolean(), fc.boolean())
  .map(([code, dashed, upper]) => {
    const typed = dashed ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
    return upper ? typed.toUpperCase() : typed;
  });

/** A counter code as a cashier types it: any case, with a dash or a space, or scanned as a link. */
const counterCode = fc
  .tuple(
    fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    fc.constantFrom('plain', 'dashed', 'spaced', 'lower', 'link'),
  )
  .map(([code, form]) => {
    const half = `${code.slice(0, 4)}-${code.slice(4)}`;
    if (form === 'dashed') return half;
    if (form === 'spaced') return ` ${code.slice(0, 4)} ${code.slice(4)} `;
    if (form === 'lower') return code.toLowerCase();
    if (form === 'link') return `https://markit.example.com/redeem?code=${half}`;
    return code;
  });

/** The second step of a sign-in: a code or a recovery code, one of them. */
const secondFactor = fc.oneof(
  record({ code: str(authenticationCode) }),
  record({ recoveryCode: str(recoveryCode) }),
);
const secondFactorLimits: FieldLimits = { code: 20, recoveryCode: 40 };

const leadFields = {
  email: optional(str(fc.oneof(email, fc.constant('')))),
  phone: optional(str(text(32))),
  status: optional(str(fc.constantFrom(...LEAD_STATUSES))),
  source: optional(str(text(200))),
  notes: optional(str(text(1000))),
  lastContacted: optional(
    fc.oneof(
      fc.constant(raw('null')),
      str(fc.constantFrom('', '2026-01-15', '2025-12-31T23:59:59Z', 'March 3, 2025')),
      fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => jsonString(date.toISOString())),
    ),
  ),
};

const leadLimits: FieldLimits = { name: 100, email: 254, phone: 32, source: 200, notes: 1000 };

/**
 * Every write endpoint, in the order the properties run: the ones that end their objects (send,
 * cancel, delete) last, so that the others still find something to act on.
 */
export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    route: 'POST /api/register',
    caller: 'none',
    body: () => fc.oneof(consumerRegistration, businessRegistration),
    limits: { email: 254, password: 128, username: 30, name: 100, phoneNumber: 32 },
    answers: [201, 409],
    // Each valid one hashes a password (scrypt, 100 ms and more).
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/login',
    caller: 'none',
    body: (world) =>
      record({
        identifier: str(
          fc.oneof(
            username(world),
            fc.constantFrom(world.consumer.email, world.business.email.toUpperCase()),
            email,
          ),
        ),
        password: str(
          fc.oneof(fc.constant(TEST_PASSWORD), text(128, { trimmed: false, required: true })),
        ),
        remember: optional(bool),
      }),
    limits: { identifier: 254, password: 128 },
    // 202: the business has two-factor on, so its right password asks for a code next.
    answers: [200, 202, 401, 429],
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/login/two-factor',
    caller: 'none',
    body: () => secondFactor,
    limits: secondFactorLimits,
    // No password step came first.
    answers: [401],
  },
  {
    route: 'POST /api/user/two-factor/setup',
    caller: 'consumer',
    body: () => record({ password: str(currentPassword) }),
    limits: { password: 128 },
    // 400: a wrong password; 429: too many of them.
    answers: [200, 400, 429],
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/user/two-factor/enable',
    caller: 'consumer',
    body: () => record({ code: str(authenticationCode) }),
    limits: { code: 20 },
    // 400: a wrong code; 409: no setup yet (or two-factor already on); 429: too many wrong codes.
    answers: [200, 400, 409, 429],
  },
  {
    route: 'POST /api/user/two-factor/disable',
    caller: 'consumer',
    body: () =>
      fc
        .tuple(record({ password: str(currentPassword) }), secondFactor)
        .map(([password, factor]) => [...password, ...factor]),
    limits: { ...secondFactorLimits, password: 128 },
    // 409: two-factor is off; 400: a wrong password or code; 429: too many of them.
    answers: [200, 400, 409, 429],
  },
  {
    route: 'POST /api/user/two-factor/recovery-codes',
    caller: 'consumer',
    body: () =>
      fc
        .tuple(record({ password: str(currentPassword) }), secondFactor)
        .map(([password, factor]) => [...password, ...factor]),
    limits: { ...secondFactorLimits, password: 128 },
    answers: [200, 400, 409, 429],
  },
  {
    route: 'POST /api/user/confirm-identity',
    caller: 'consumer',
    body: () =>
      fc.oneof(
        record({ password: str(currentPassword) }),
        record({ code: str(authenticationCode) }),
        record({ pin: str(walletPin) }),
      ),
    limits: { password: 128, code: 20, pin: 6 },
    // 400: a wrong password, code or PIN; 403: the PIN is locked by wrong tries; 409: a code
    // while two-factor is off, or a PIN while none is set; 429: too many.
    answers: [200, 400, 403, 409, 429],
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/user/delete',
    caller: 'consumer',
    // Never the right password: the account the other requests act on must stay.
    body: () =>
      record({
        password: str(
          text(128, { trimmed: false, required: true }).filter((value) => value !== TEST_PASSWORD),
        ),
      }),
    limits: { password: 128 },
    // A wrong password, or 429 once the wrong ones reach the limit of failed sign-ins.
    answers: [400, 429],
    // Each valid one checks a password (scrypt).
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/analytics/share',
    caller: 'none',
    body: (world) =>
      record({
        platform: str(fc.constantFrom(...SHARE_PLATFORMS)),
        profileUsername: str(username(world)),
      }),
    limits: { profileUsername: 60 },
    answers: [201, 404, 429],
  },
  {
    route: 'POST /api/gift-cards/guest',
    caller: 'none',
    body: (world) =>
      record({
        recipientUsername: str(username(world)),
        brand: str(fc.constantFrom(...BRAND_IDS)),
        value: dollars(5, 500),
        senderEmail: str(email),
        message: optional(str(text(200))),
        paymentToken: optional(
          str(
            fc.constantFrom(
              world.cardTokens.approved,
              world.cardTokens.declined,
              'tok_test_unknown',
            ),
          ),
        ),
        paymentMethodId: optional(wholeNumber(fc.integer({ min: 1, max: ID_MAX }))),
      }),
    limits: { recipientUsername: 60, senderEmail: 254, message: 200, paymentToken: 100 },
    // 400: a business or yourself as the recipient, an unknown card token, or both a token and a
    // saved card; 402: no payment, or a declined card; 404: no such recipient or saved card (a
    // guest has none); 409: an Idempotency-Key used for another gift.
    answers: [200, 201, 400, 402, 404, 409, 429],
    idempotencyKey: true,
  },
  {
    route: 'POST /api/test-payments/tokens',
    caller: 'none',
    body: () =>
      record({
        number: str(
          fc.oneof(
            fc.constantFrom(TEST_CARD_SUCCESS, '4242 4242 4242 4242', '4242-4242-4242-4242'),
            fc.constantFrom(TEST_CARD_DECLINED, '4000 0000 0000 0002', '5555555555554444'),
          ),
        ),
        expiry: str(
          fc
            .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 40, max: 99 }))
            .map(([month, year]) => `${String(month).padStart(2, '0')}/${year}`),
        ),
        cvc: str(fc.stringMatching(/^\d{3,4}$/)),
      }),
    limits: { number: 32, expiry: 10 },
    // 400: a valid card that is not one of the provider's test cards; 429: too many cards tried.
    answers: [201, 400, 429],
  },
  {
    route: 'POST /api/wallet/add-funds',
    caller: 'business',
    body: (world) =>
      record({
        amount: dollars(1, 10_000),
        paymentToken: optional(str(paymentToken(world))),
        paymentMethodId: optional(wholeNumber(someId(world.savedCards.business))),
      }),
    limits: { paymentToken: 100 },
    // 200: a retry with an Idempotency-Key already used; 400: a token the provider does not know,
    // or both a token and a saved card; 402: no payment, or a declined card; 404: a saved card
    // that is not the business's.
    answers: [200, 201, 400, 402, 404],
    idempotencyKey: true,
  },
  {
    route: 'POST /api/pins',
    caller: 'business',
    body: (world) =>
      fc
        .tuple(
          storeAndBrand(world),
          record({
            value: dollars(5, 500),
            quantity: wholeNumber(
              fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 })),
            ),
            radius: integerIn(1, 100),
            lat: optional(
              fc
                .double({ noNaN: true, noDefaultInfinity: true })
                .map((value) => raw(String(value))),
            ),
            lng: optional(
              fc.double({ min: -180, max: 180, noNaN: true }).map((value) => raw(String(value))),
            ),
            promotionMessage: optional(str(text(200, { trimmed: false }))),
            targetIdentifiers: optional(identifierIds.map((ids) => jsonOf(ids))),
            showBusinessInfo: optional(bool),
          }),
        )
        .map(([store, rest]) => [...store, ...rest]),
    limits: { brand: 40, promotionMessage: 200 },
    // 400: an unknown brand or store, or a store of another brand; 409: not enough funds.
    answers: [201, 400, 404, 409],
  },
  {
    route: 'POST /api/wallet/withdraw',
    caller: 'business',
    // Mostly small amounts, so that the pins after it still find funds.
    body: () =>
      record({
        amount: fc.oneof(
          { arbitrary: dollars(1, 20), weight: 4 },
          { arbitrary: dollars(1, 10_000), weight: 1 },
        ),
      }),
    answers: [200, 201, 409],
    idempotencyKey: true,
  },
  {
    route: 'POST /api/payments/cards',
    caller: 'consumer',
    body: (world) =>
      record({ paymentToken: str(paymentToken(world)), makeDefault: optional(bool) }),
    limits: { paymentToken: 100 },
    // 200: that token is saved already; 400: a token the provider does not know; 409: ten cards
    // saved already; 429: too many cards saved this hour.
    answers: [200, 201, 400, 409, 429],
  },
  {
    route: 'POST /api/payments/cards/:id/default',
    caller: 'consumer',
    parameter: idParameter((world) => world.savedCards.consumer),
    answers: [200, 404],
  },
  {
    route: 'DELETE /api/payments/cards/:id',
    caller: 'consumer',
    parameter: idParameter((world) => world.savedCards.consumer),
    answers: [204, 404],
  },
  {
    route: 'PUT /api/payments/payout-account',
    caller: 'business',
    body: () =>
      record({
        holderName: str(text(100, { required: true })),
        routingNumber: str(routingNumber),
        accountNumber: str(accountNumber),
        code: str(authenticationCode),
      }),
    limits: { holderName: 100, routingNumber: 20, accountNumber: 30, code: 20 },
    // 400: a wrong authentication code (a fuzzer cannot know the current one); 429: too many.
    answers: [200, 400, 429],
  },
  {
    route: 'DELETE /api/payments/payout-account',
    caller: 'business',
    body: () => record({ code: str(authenticationCode) }),
    limits: { code: 20 },
    // 400: a wrong authentication code; 404: no account on file; 429: too many wrong codes.
    answers: [204, 400, 404, 429],
  },
  {
    route: 'POST /api/business/leads',
    caller: 'business',
    body: () => record({ name: str(text(100, { required: true })), ...leadFields }),
    limits: leadLimits,
    answers: [201],
  },
  {
    route: 'PATCH /api/business/leads/:id',
    caller: 'business',
    parameter: idParameter((world) => world.leads),
    body: () => record({ name: optional(str(text(100, { required: true }))), ...leadFields }),
    limits: leadLimits,
    answers: [200, 404],
  },
  {
    route: 'POST /api/posts',
    caller: 'consumer',
    body: (world) =>
      record({
        content: str(text(2000, { required: true })),
        attachmentUrl: optional(
          fc.oneof(
            fc.constant(raw('null')),
            str(fc.constantFrom('/uploads/nothing.png', 'https://evil.example/x.png')),
          ),
        ),
        attachmentType: optional(fc.constantFrom(raw('null'), jsonString('image'))),
        mentionedUserIds: optional(
          fc
            .uniqueArray(someId(world.others.map((other) => other.id)), { maxLength: 3 })
            .map((ids) => jsonOf(ids)),
        ),
      }),
    limits: { content: 2000, attachmentUrl: 300 },
    // 400: an image that is not the author's upload, a mentioned user who does not exist.
    answers: [201, 400],
  },
  {
    route: 'POST /api/posts/:id/comments',
    caller: 'consumer',
    parameter: idParameter((world) => [...world.posts, world.foreignPost]),
    body: () => record({ content: str(text(1000, { required: true })) }),
    limits: { content: 1000 },
    answers: [201, 404],
  },
  {
    route: 'POST /api/posts/:id/like',
    caller: 'consumer',
    parameter: idParameter((world) => [...world.posts, world.foreignPost]),
    answers: [200, 404],
  },
  {
    route: 'DELETE /api/posts/:id/like',
    caller: 'consumer',
    parameter: idParameter((world) => [...world.posts, world.foreignPost]),
    answers: [200, 404],
  },
  {
    route: 'POST /api/posts/:id/pin',
    caller: 'consumer',
    parameter: idParameter((world) => [...world.posts, world.foreignPost]),
    body: () => record({ pinned: bool }),
    answers: [200, 403, 404],
  },
  {
    route: 'POST /api/posts/leaderboard',
    caller: 'consumer',
    body: () => record({ period: optional(str(fc.constantFrom(...LEADERBOARD_PERIODS))) }),
    // 409: not ranked in that period.
    answers: [201, 409],
  },
  {
    route: 'PUT /api/notifications/preferences',
    caller: 'consumer',
    body: () =>
      record({
        preferences: fc
          .uniqueArray(
            fc.record({ type: fc.constantFrom(...NOTIFICATION_TYPES), inApp: fc.boolean() }),
            { selector: (preference) => preference.type, maxLength: NOTIFICATION_TYPES.length },
          )
          .map((preferences) => jsonOf(preferences)),
      }),
    answers: [200],
  },
  {
    route: 'PATCH /api/notifications/:id/read',
    caller: 'consumer',
    parameter: idParameter((world) => world.notifications),
    answers: [200, 404],
  },
  { route: 'POST /api/notifications/read-all', caller: 'consumer', answers: [200] },
  {
    route: 'POST /api/gift-cards/request',
    caller: 'consumer',
    body: (world) =>
      record({
        username: str(username(world)),
        brand: optional(str(fc.oneof(fc.constantFrom(...BRAND_IDS, ''), text(40)))),
        amount: optional(dollars(5, 500)),
        message: optional(str(text(200))),
      }),
    limits: { username: 60, brand: 40, message: 200 },
    // 400: yourself, a business or an unknown brand; 409: a request to them is pending.
    answers: [201, 400, 404, 409],
  },
  {
    route: 'POST /api/friends/request',
    caller: 'consumer',
    body: (world) => record({ username: str(username(world)) }),
    limits: { username: 60 },
    // 200: they had asked you, so this accepts; 400: yourself; 409: friends or pending already.
    answers: [200, 201, 400, 404, 409],
  },
  {
    route: 'POST /api/messages/:username',
    caller: 'consumer',
    parameter: usernameParameter,
    body: () =>
      record({
        clientId: str(fc.uuid({ version: 4 })),
        text: str(text(2000, { required: true })),
        imageUrl: optional(
          fc.oneof(
            fc.constant(raw('null')),
            str(fc.constantFrom('/uploads/nothing.webp', 'https://evil.example/x.png')),
          ),
        ),
      }),
    limits: { clientId: 36, text: 2000, imageUrl: 300 },
    // 200: a clientId sent before; 400: an image that is not the sender's upload; 403: not a
    // friend; 404: no such person; 409: a clientId used for a message to someone else.
    answers: [200, 201, 400, 403, 404, 409],
  },
  {
    route: 'POST /api/messages/:username/read',
    caller: 'consumer',
    parameter: usernameParameter,
    body: (world) => record({ upTo: someId(world.messages).map(String).map(raw) }),
    answers: [204, 404],
  },
  {
    route: 'POST /api/messages/:username/typing',
    caller: 'consumer',
    parameter: usernameParameter,
    answers: [204, 403, 404],
  },
  {
    route: 'DELETE /api/messages/:username/:id',
    caller: 'consumer',
    parameter: messageParameter,
    // 403: someone else's message, or older than 15 minutes.
    answers: [204, 403, 404],
  },
  {
    route: 'POST /api/messages/:username/:id/report',
    caller: 'consumer',
    parameter: messageParameter,
    body: () =>
      record({
        reason: str(fc.constantFrom(...REPORT_REASONS)),
        details: optional(str(text(500))),
      }),
    limits: { details: 500 },
    // 400: your own message; 409: your earlier report is still open.
    answers: [201, 400, 404, 409],
  },
  {
    route: 'POST /api/users/:username/block',
    caller: 'consumer',
    parameter: usernameParameter,
    // 400: yourself.
    answers: [204, 400, 404],
  },
  {
    route: 'DELETE /api/users/:username/block',
    caller: 'consumer',
    parameter: usernameParameter,
    answers: [204, 404],
  },
  {
    route: 'POST /api/users/:username/report',
    caller: 'consumer',
    parameter: usernameParameter,
    body: () =>
      record({
        reason: str(fc.constantFrom(...REPORT_REASONS)),
        details: optional(str(text(500))),
      }),
    limits: { details: 500 },
    // 400: your own profile; 409: your earlier report is still open.
    answers: [201, 400, 404, 409],
  },
  {
    route: 'POST /api/gift-cards/:id/redemption-code',
    caller: 'consumer',
    parameter: idParameter((world) => world.cards),
    // 409: spent; 410: expired.
    answers: [201, 404, 409, 410],
  },
  {
    route: 'POST /api/redemptions/lookup',
    caller: 'business',
    body: () => record({ code: str(counterCode) }),
    limits: { code: 200 },
    // No code the properties type is one a card has: 404, then 429 once the misses add up.
    answers: [404, 429],
  },
  {
    route: 'POST /api/redemptions',
    caller: 'business',
    body: (world) =>
      record({
        code: str(counterCode),
        amount: fc.oneof(
          { arbitrary: dollars(0.01, 3), weight: 3 },
          { arbitrary: dollars(0.01, 500), weight: 1 },
        ),
        storeId: optional(
          fc.oneof(
            fc.constant(raw('null')),
            wholeNumber(someId(world.stores.map((store) => store.id))),
          ),
        ),
      }),
    limits: { code: 200 },
    answers: [404, 429],
    idempotencyKey: true,
  },
  {
    route: 'POST /api/pins/:id/claim',
    caller: 'consumer',
    parameter: idParameter((world) => world.pins),
    // No body at all is a claim that does not share the phone.
    body: () => record({ sharePhone: optional(bool) }),
    // 403: not offered to you; 409: claimed already or sold out; 410: cancelled or expired.
    answers: [201, 403, 404, 409, 410],
  },
  {
    route: 'POST /api/gift-cards/:id/send',
    caller: 'consumer',
    parameter: idParameter((world) => world.cards.slice(world.cards.length / 2)),
    body: (world) =>
      record({
        recipientUsername: str(username(world)),
        message: optional(str(text(200))),
      }),
    limits: { recipientUsername: 60, message: 200 },
    // 400: yourself or a business; 409: partly used; 410: expired.
    answers: [201, 400, 404, 409, 410],
  },
  {
    route: 'POST /api/gift-cards/requests/:id/decline',
    caller: 'consumer',
    parameter: idParameter((world) => world.giftRequests),
    answers: [200, 404, 409],
  },
  {
    route: 'POST /api/friends/respond',
    caller: 'consumer',
    body: (world) =>
      record({
        friendshipId: wholeNumber(someId(world.friendRequests)),
        action: str(fc.constantFrom(...FRIEND_RESPONSE_ACTIONS)),
      }),
    answers: [200, 404, 409],
  },
  {
    route: 'DELETE /api/friends/:id',
    caller: 'consumer',
    parameter: idParameter((world) => world.friendships),
    answers: [204, 404],
  },
  {
    route: 'POST /api/pins/:id/pause',
    caller: 'business',
    parameter: idParameter((world) => world.pins),
    // 409: not active (paused already, sold out, cancelled or expired).
    answers: [200, 404, 409],
  },
  {
    route: 'POST /api/pins/:id/resume',
    caller: 'business',
    parameter: idParameter((world) => world.pins),
    // 409: not paused, or ended.
    answers: [200, 404, 409],
  },
  {
    route: 'POST /api/pins/:id/extend',
    caller: 'business',
    parameter: idParameter((world) => world.pins),
    body: () => record({ days: integerIn(1, 365) }),
    // 400: past a year from today; 409: ended.
    answers: [200, 400, 404, 409],
  },
  {
    route: 'POST /api/pins/:id/top-up',
    caller: 'business',
    parameter: idParameter((world) => world.pins),
    body: () =>
      record({
        quantity: wholeNumber(
          fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 })),
        ),
      }),
    // 400: past 1,000 cards; 409: ended, or not enough funds.
    answers: [200, 400, 404, 409],
  },
  {
    route: 'POST /api/pins/:id/cancel',
    caller: 'business',
    parameter: idParameter((world) => world.pins),
    answers: [200, 404, 409],
  },
  {
    route: 'DELETE /api/business/leads/:id',
    caller: 'business',
    parameter: idParameter((world) => world.leads),
    answers: [204, 404],
  },
  {
    route: 'DELETE /api/posts/:id',
    caller: 'consumer',
    parameter: idParameter((world) => [...world.posts, world.foreignPost]),
    answers: [204, 403, 404],
  },
  {
    route: 'POST /api/uploads',
    caller: 'consumer',
    // Without a body: 400 (choose an image), or 429 past the hourly upload limit.
    answers: [400, 429],
  },
  {
    route: 'PATCH /api/user/settings',
    caller: 'consumer',
    // The consumer's own username (another's would be a 409, a new one would rename the world).
    body: (world) =>
      record({
        name: optional(str(text(100, { required: true }))),
        username: optional(str(fc.constant(world.consumer.username))),
        phone: optional(
          str(fc.constantFrom('(555) 123-4567', '+44 20 7946 0958', ' 555.123.4567 ', '')),
        ),
        brands: optional(
          fc
            .uniqueArray(fc.constantFrom(...BRAND_IDS), { minLength: 1, maxLength: 3 })
            .map((brands) => jsonOf(brands)),
        ),
        identifiers: optional(identifierIds.map((ids) => jsonOf(ids))),
        profilePicture: optional(fc.constantFrom(raw('null'), jsonString('/uploads/nothing.webp'))),
      }),
    limits: { name: 100, username: 30, phone: 32, profilePicture: 300 },
    // 400: a picture that is not the user's upload, or a consumer's phone cleared.
    answers: [200, 400],
  },
  {
    route: 'POST /api/user/email',
    caller: 'consumer',
    body: () =>
      record({
        newEmail: str(email),
        currentPassword: str(
          fc.oneof(fc.constant(TEST_PASSWORD), text(128, { trimmed: false, required: true })),
        ),
      }),
    limits: { newEmail: 254, currentPassword: 128 },
    // 400: a wrong password, or the address is already the account's; 429: the hourly allowance.
    answers: [202, 400, 429],
    // Each valid one checks a password (scrypt).
    validWeight: 1,
    mixedShare: 0.1,
  },
  {
    route: 'POST /api/user/email/confirm',
    caller: 'none',
    body: () => record({ token: str(fc.base64String({ minLength: 1, maxLength: 60 })) }),
    limits: { token: 200 },
    // No token is ever right here: 400.
    answers: [400],
  },
  {
    route: 'POST /api/password-reset',
    caller: 'none',
    body: (world) =>
      record({
        email: str(fc.oneof(fc.constantFrom(world.consumer.email, world.business.email), email)),
      }),
    limits: { email: 254 },
    // 429: past the hourly reset requests of the address or the e-mail.
    answers: [202, 429],
  },
  {
    route: 'POST /api/password-reset/confirm',
    caller: 'none',
    body: () =>
      record({
        token: str(
          fc.oneof(fc.base64String({ minLength: 4, maxLength: 60 }), text(200, { required: true })),
        ),
        password: str(password),
      }),
    limits: { token: 200, password: 128 },
    // No link was sent: every token is refused as one that does not work.
    answers: [400],
  },
  {
    route: 'PUT /api/user/password',
    caller: 'consumer',
    body: () =>
      record({
        currentPassword: str(
          fc.oneof(fc.constant(TEST_PASSWORD), text(128, { trimmed: false, required: true })),
        ),
        // The same password again: later properties still sign in with it.
        newPassword: str(fc.constant(TEST_PASSWORD)),
      }),
    limits: { currentPassword: 128, newPassword: 128 },
    // 400: a wrong current password; 429: too many of them.
    answers: [200, 400, 429],
    validWeight: 1,
    mixedShare: 0.1,
  },
  { route: 'POST /api/user/sessions/sign-out-others', caller: 'consumer', answers: [200] },
  {
    route: 'PUT /api/user/wallet-pin',
    caller: 'consumer',
    body: () => record({ pin: str(newWalletPin) }),
    limits: { pin: 6 },
    answers: [200],
    mixedShare: 0.1,
  },
  { route: 'DELETE /api/user/wallet-pin', caller: 'consumer', answers: [200] },
  {
    route: 'DELETE /api/user/sessions/:id',
    caller: 'consumer',
    parameter: {
      // The ids of a list: none of these is one of the consumer's sessions.
      valid: () => fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      odd: oddIdSegment,
    },
    answers: [404],
  },
  // Last: it ends the session it is sent with (the properties send it with none).
  { route: 'POST /api/logout', caller: 'none', answers: [200] },
];

// ---------------------------------------------------------------------------------------------
// The read routes: their query strings and path parameters
// ---------------------------------------------------------------------------------------------

export type ReadRoute = {
  route: string;
  caller: Caller;
  parameter?: Parameter;
  /** Its parameters' names, for generated query strings. */
  names?: readonly string[];
  answers: readonly number[];
};

const QUERY_VALUES: Record<string, fc.Arbitrary<string>> = {
  page: fc.integer({ min: 1, max: 4 }).map(String),
  limit: fc.integer({ min: 1, max: 100 }).map(String),
  status: fc.constantFrom(...PIN_STATUSES, ...LEAD_STATUSES),
  filter: fc.constantFrom(...NOTIFICATION_FILTERS),
  period: fc.constantFrom(...LEADERBOARD_PERIODS),
  brand: fc.constantFrom(...BRAND_IDS, 'Starbucks', 'nope'),
  state: fc.constantFrom('MA', 'ma', 'CA', 'XX'),
  city: fc.constantFrom('Boston', 'Danvers', 'Nowhere', encoded('Saint-Étienne')),
  lat: fc.double({ min: -90, max: 90, noNaN: true }).map(String),
  lng: fc.double({ min: -180, max: 180, noNaN: true }).map(String),
  type: fc.constantFrom('consumer', 'business'),
  cursor: fc.constantFrom('abc', '2026-01-01T00:00:00.000Z_1', encoded('😀')),
};
export const queryValue = (name: string) =>
  QUERY_VALUES[name] ?? text(60, { required: true }).map(encoded);

const pageNames = ['page', 'limit'] as const;

export const READ_ROUTES: ReadRoute[] = [
  { route: 'GET /api/health', caller: 'none', answers: [200] },
  { route: 'GET /api/payments/config', caller: 'none', answers: [200] },
  { route: 'GET /api/map/config', caller: 'none', answers: [200] },
  { route: 'GET /api/brands', caller: 'none', answers: [200] },
  { route: 'GET /api/identifiers', caller: 'none', answers: [200] },
  { route: 'GET /api/openapi.json', caller: 'none', answers: [200] },
  { route: 'GET /api/docs', caller: 'none', answers: [200] },
  { route: 'GET /api/docs/start.js', caller: 'none', answers: [200] },
  {
    route: 'GET /api/user/profile/:username',
    caller: 'none',
    parameter: usernameParameter,
    answers: [200, 404],
  },
  {
    route: 'GET /api/user/qr-code/:username',
    caller: 'none',
    parameter: usernameParameter,
    answers: [200, 404],
  },
  {
    route: 'GET /api/user/:username/friends',
    caller: 'none',
    parameter: usernameParameter,
    answers: [200, 404],
  },
  { route: 'GET /api/session', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user/settings', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user/export', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user/sessions', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user/two-factor', caller: 'consumer', answers: [200] },
  { route: 'GET /api/user/wallet-pin', caller: 'consumer', answers: [200] },
  { route: 'GET /api/locations/brands', caller: 'business', answers: [200] },
  // 400 also for a brand the catalogue does not have.
  {
    route: 'GET /api/locations/states',
    caller: 'business',
    names: ['brand'],
    answers: [200, 400],
  },
  {
    route: 'GET /api/locations/cities',
    caller: 'business',
    names: ['brand', 'state'],
    answers: [200, 400],
  },
  {
    route: 'GET /api/locations/stores',
    caller: 'business',
    names: ['brand', 'state', 'city'],
    answers: [200, 400],
  },
  { route: 'GET /api/wallet', caller: 'business', answers: [200] },
  { route: 'GET /api/payments/cards', caller: 'consumer', answers: [200] },
  { route: 'GET /api/payments/payout-account', caller: 'business', answers: [200] },
  {
    route: 'GET /api/wallet/transactions',
    caller: 'business',
    names: pageNames,
    answers: [200],
  },
  {
    route: 'GET /api/pins/mine',
    caller: 'business',
    names: ['status', ...pageNames],
    answers: [200],
  },
  { route: 'GET /api/business/dashboard', caller: 'business', answers: [200] },
  { route: 'GET /api/business/charts/activity', caller: 'business', answers: [200] },
  { route: 'GET /api/business/charts/value', caller: 'business', answers: [200] },
  { route: 'GET /api/business/charts/top-stores', caller: 'business', answers: [200] },
  { route: 'GET /api/wallet/charts/gifts', caller: 'consumer', answers: [200] },
  {
    route: 'GET /api/gift-cards/issued',
    caller: 'business',
    names: pageNames,
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/marketplace',
    caller: 'consumer',
    names: ['lat', 'lng', 'brand', 'search', ...pageNames],
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/marketplace/brands',
    caller: 'consumer',
    names: ['lat', 'lng'],
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/consumer/wallet',
    caller: 'consumer',
    names: pageNames,
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/gift-cards',
    caller: 'consumer',
    names: pageNames,
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/leaderboard',
    caller: 'consumer',
    names: ['period', 'limit'],
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/leaderboard/me',
    caller: 'consumer',
    names: ['period'],
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/requests',
    caller: 'consumer',
    names: pageNames,
    answers: [200],
  },
  {
    route: 'GET /api/gift-cards/:id/history',
    caller: 'consumer',
    parameter: idParameter((world) => world.cards),
    names: pageNames,
    answers: [200, 404],
  },
  { route: 'GET /api/friends', caller: 'consumer', answers: [200] },
  { route: 'GET /api/friends/requests', caller: 'consumer', answers: [200] },
  { route: 'GET /api/messages', caller: 'consumer', names: pageNames, answers: [200] },
  { route: 'GET /api/messages/unread-count', caller: 'consumer', answers: [200] },
  {
    route: 'GET /api/messages/:username',
    caller: 'consumer',
    parameter: usernameParameter,
    names: ['before', 'limit'],
    answers: [200, 404],
  },
  {
    route: 'GET /api/messages/:username/info',
    caller: 'consumer',
    parameter: usernameParameter,
    answers: [200, 404],
  },
  { route: 'GET /api/users/blocked', caller: 'consumer', answers: [200] },
  {
    route: 'GET /api/friends/suggested',
    caller: 'consumer',
    names: ['limit'],
    answers: [200, 400],
  },
  {
    route: 'GET /api/friends/search',
    caller: 'consumer',
    names: ['query'],
    answers: [200],
  },
  {
    route: 'GET /api/users/search',
    caller: 'consumer',
    names: ['q', 'type'],
    answers: [200],
  },
  // 400 also for a cursor that is not one the feed gave.
  {
    route: 'GET /api/posts',
    caller: 'consumer',
    names: ['cursor', 'limit'],
    answers: [200, 400],
  },
  {
    route: 'GET /api/consumer/notifications',
    caller: 'consumer',
    names: ['filter', ...pageNames],
    answers: [200],
  },
  {
    route: 'GET /api/business/notifications',
    caller: 'business',
    names: ['filter', ...pageNames],
    answers: [200],
  },
  { route: 'GET /api/notifications/unread-count', caller: 'consumer', answers: [200] },
  { route: 'GET /api/notifications/preferences', caller: 'consumer', answers: [200] },
  {
    route: 'GET /api/business/leads',
    caller: 'business',
    names: ['search', 'status', 'page', 'limit'],
    answers: [200],
  },
  {
    route: 'GET /api/business/leads/export',
    caller: 'business',
    names: ['search', 'status'],
    answers: [200],
  },
];

/** The one read left out: a stream that never ends (its query is ignored). */
export const UNFUZZED_READS = ['GET /api/notifications/stream'];
