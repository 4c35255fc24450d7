import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * Generators of hostile input for the bad-input properties: JSON bodies as
 * text, path segments, query strings and headers. Nothing here knows an endpoint; the endpoint
 * tables (bad-input-endpoints.ts) build their requests from these.
 */

// ---------------------------------------------------------------------------------------------
// JSON as text
// ---------------------------------------------------------------------------------------------

/**
 * A JSON document as a client writes it. JSON.stringify cannot write what a hostile client sends:
 * an object literal's `__proto__` key sets its prototype instead of making a key, a key cannot
 * appear twice, and 1e309, -0 or 5.001 are not kept as typed. So bodies are built as this tree
 * and written out by `jsonText`; the server's parser sees them exactly as sent.
 */
export type JsonText =
  | { raw: string }
  | { entries: ReadonlyArray<readonly [string, JsonText]> }
  | { items: readonly JsonText[] };

/** Literal JSON text, written as given (a number such as `1e309`, or anything at all). */
export const raw = (text: string): JsonText => ({ raw: text });

/** A JSON string (escapes as JSON.stringify writes them: a lone surrogate becomes `\ud800`). */
export const jsonString = (value: string): JsonText => raw(JSON.stringify(value));

/** An object from its entries, in order: keys may repeat and may be `__proto__`. */
export const jsonObject = (entries: ReadonlyArray<readonly [string, JsonText]>): JsonText => ({
  entries,
});

export function jsonText(node: JsonText): string {
  if ('raw' in node) return node.raw;
  if ('items' in node) return `[${node.items.map(jsonText).join(',')}]`;
  return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
}

/** A plain value as JSON text (its own enumerable keys; numbers as JavaScript writes them). */
export function jsonOf(value: unknown): JsonText {
  if (Array.isArray(value)) return { items: value.map(jsonOf) };
  if (value !== null && typeof value === 'object') {
    return jsonObject(Object.entries(value).map(([key, item]) => [key, jsonOf(item)] as const));
  }
  return raw(JSON.stringify(value) ?? 'null');
}

// ---------------------------------------------------------------------------------------------
// Odd values
// ---------------------------------------------------------------------------------------------

/** Text a client may send in any string field; some of it is fine, some of it is not. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u00a0',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '😀',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '\u202eevil',
  'مرحبا بالعالم',
  'שלום',
  '\u200b',
  '\ufeff',
  '\u2028',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '5.001',
] as const;

/**
 * `unit` repeated to `length` code points (zod measures strings in code points: an emoji is one,
 * a family emoji several, a lone surrogate one).
 */
export function repeatTo(unit: string, length: number): string {
  const points = [...unit];
  return Array.from({ length }, (_, index) => points[index % points.length]).join('');
}

/** Long text of many kinds: up to 80 kB as UTF-8, escaped NULs and surrogates past the 100 kB limit. */
export const hugeString = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', '\u0000', ' ', '\ud800'),
    fc.integer({ min: 300, max: 20_000 }),
  )
  .map(([unit, length]) => repeatTo(unit, length));

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);

/**
 * Numbers as JSON text: the ones a money or id field must refuse or round-trip, the ones JSON
 * cannot hold (1e309 parses to Infinity), and any double.
 */
export const ODD_NUMBERS = [
  '5.001',
  '1e309',
  '-1e309',
  '-0',
  '0',
  '-1',
  '0.1',
  '0.001',
  '4.999',
  '5.005',
  '500.01',
  '10000.01',
  '1e-7',
  '5e-324',
  '1.7976931348623157e308',
  '9007199254740993',
  '99999999999999999999',
  '2147483647',
  '2147483648',
  '-2147483649',
  '1e21',
  '1E2',
  '0.30000000000000004',
  '1.0',
  '5.00',
] as const;

export const oddNumberText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 4 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), weight: 1 },
  { arbitrary: fc.integer().map(String), weight: 1 },
);

/**
 * Keys that reach the prototype chain or name a field a client must never set: mass assignment
 * (`id`, `userId`, `balance` …) and prototype pollution (`__proto__`, `constructor`).
 */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const SUSPICIOUS_KEYS = [
  ...PROTOTYPE_KEYS,
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'id',
  'userId',
  'ownerId',
  'businessId',
  'balance',
  'type',
  'verified',
  'status',
  'isAdmin',
] as const;

/** What a polluted prototype would carry: the property checks it never appears on `{}`. */
export const POLLUTION_MARKER = 'badInputPolluted';

/** `{"__proto__": {"badInputPolluted": true}}` and its `constructor.prototype` twin. */
export const pollutionPayload: fc.Arbitrary<JsonText> = fc.constantFrom(
  jsonObject([[POLLUTION_MARKER, raw('true')]]),
  jsonObject([['prototype', jsonObject([[POLLUTION_MARKER, raw('true')]])]]),
  jsonObject([['__proto__', jsonObject([[POLLUTION_MARKER, raw('true')]])]]),
);

export const oddKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SUSPICIOUS_KEYS), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);

/** Any JSON value a field might receive instead of its own: wrong types, odd numbers and text. */
export const junkValue: fc.Arbitrary<JsonText> = fc.letrec<{ value: JsonText }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(raw('null'), raw('true'), raw('false'), raw('{}'), raw('[]')),
    oddNumberText.map(raw),
    oddString.map(jsonString),
    pollutionPayload,
    fc.array(tie('value'), { maxLength: 3 }).map((items) => ({ items })),
    fc
      .array(fc.tuple(oddKey, tie('value')), { maxLength: 3 })
      .map((entries) => jsonObject(entries)),
  ),
})).value;

/**
 * Whole bodies that are not a JSON object: other JSON values, text that is not JSON at all, and
 * JSON nested deeper than any parser's recursion.
 */
export const NOT_AN_OBJECT_BODIES = [
  'null',
  '"a string"',
  '5',
  'true',
  '[]',
  '[{}]',
  '[1,2,3]',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '{}{}',
  '{} x',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":0x10}',
  '{"a":"\\x41"}',
  '{"a":"\u0001"}',
  '{"a":"\\ud800"',
  '   ',
  '\u0000',
  '\ufeff{}',
  '\ufeff',
  '<xml/>',
  'a=1&b=2',
] as const;

export const notAnObjectBody: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NOT_AN_OBJECT_BODIES), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 1_000, max: 20_000 }))
      .map(([open, depth]) =>
        open === '['
          ? `${'['.repeat(depth)}${']'.repeat(depth)}`
          : `${open.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
    weight: 1,
  },
  { arbitrary: fc.json({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// Turning a valid body into a broken one
// ---------------------------------------------------------------------------------------------

export type Entries = ReadonlyArray<readonly [string, JsonText]>;

/** How a string field may be broken: its maximum length, in code points as zod counts. */
export type FieldLimits = Record<string, number>;

/**
 * One change to a valid body: a field dropped, given a junk value, made longer than its limit,
 * sent twice, a suspicious key added, the body wrapped in an array or replaced by something that
 * is not an object. Whether the result is still valid is for the endpoint's schema to say.
 */
export function mutatedBody(
  valid: fc.Arbitrary<Entries>,
  limits: FieldLimits = {},
): fc.Arbitrary<string> {
  const overLimit = (field: string): fc.Arbitrary<JsonText> => {
    const max = limits[field] ?? 200;
    return fc
      .tuple(fc.constantFrom('x', 'é', '😀', ' y', 'x\u0000'), fc.constantFrom(1, 2, 10, 1000))
      .map(([unit, extra]) => jsonString(repeatTo(unit, max + extra)));
  };
  return valid.chain((entries) => {
    const fields = entries.map(([key]) => key);
    const anyField = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('field');
    const replace = (field: string, value: JsonText) =>
      entries.some(([key]) => key === field)
        ? entries.map(([key, old]) => [key, key === field ? value : old] as const)
        : [...entries, [field, value] as const];
    const change: fc.Arbitrary<string> = fc.oneof(
      anyField.map((field) => jsonText(jsonObject(entries.filter(([key]) => key !== field)))),
      fc
        .tuple(anyField, junkValue)
        .map(([field, value]) => jsonText(jsonObject(replace(field, value)))),
      fc
        .tuple(anyField, oddNumberText)
        .map(([field, value]) => jsonText(jsonObject(replace(field, raw(value))))),
      fc
        .tuple(anyField, oddString)
        .map(([field, value]) => jsonText(jsonObject(replace(field, jsonString(value))))),
      anyField.chain((field) =>
        overLimit(field).map((value) => jsonText(jsonObject(replace(field, value)))),
      ),
      fc
        .tuple(anyField, junkValue)
        .map(([field, value]) => jsonText(jsonObject([...entries, [field, value]]))),
      fc
        .tuple(oddKey, fc.oneof(junkValue, pollutionPayload))
        .map(([key, value]) => jsonText(jsonObject([[key, value], ...entries]))),
      fc.constant(`[${jsonText(jsonObject(entries))}]`),
      notAnObjectBody,
    );
    return change;
  });
}

// ---------------------------------------------------------------------------------------------
// Path segments
// ---------------------------------------------------------------------------------------------

/**
 * What a client may put where an id goes, as sent on the request line (percent-encoded where a
 * URL must be). Some still name a number (`1e3`, `0x10`, `%201`): the route decides.
 */
export const ODD_ID_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '%201',
  '%20',
  '1%20',
  '99999999999999999999',
  '9007199254740993',
  '2147483647',
  '2147483648',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '%00',
  '1%00',
  '%2F',
  '..',
  '%2e%2e',
  '%F0%9F%98%80',
  '%D9%A1',
  '%E2%80%AE1',
  '1;drop',
  '__proto__',
  'constructor',
  `${'9'.repeat(400)}`,
] as const;

/**
 * Percent-encodings that do not decode (a lone `%`, a cut or overlong UTF-8 sequence, an encoded
 * surrogate): Express's router fails them with an error of status 400 (answered 400).
 */
export const MALFORMED_SEGMENTS = ['%', '%E0%A4%A', '%C0%AF', '%FF', '%ED%A0%80'] as const;

export const oddIdSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_ID_SEGMENTS), weight: 4 },
  {
    arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
    weight: 1,
  },
  {
    arbitrary: fc.double({ noNaN: true }).map((value) => encodeURIComponent(String(value))),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(...MALFORMED_SEGMENTS), weight: 1 },
);

/**
 * The segment as the route sees it: Express decodes a parameter with decodeURIComponent; one
 * that does not decode never reaches the route (null).
 */
export const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------------------------

export type QueryParameter = readonly [name: string, value: string];

/** An unpaired surrogate: valid in a JavaScript string, not in UTF-8. */
export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A lone surrogate cannot be percent-encoded or sent as UTF-8: a client sends U+FFFD. */
export const wellFormed = (text: string) =>
  text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');

const encodeQueryValue = (value: string) => encodeURIComponent(wellFormed(value));

/** Odd values for a query parameter, encoded: text, numbers, nothing, `%00`, a broken escape. */
export const oddQueryValue: fc.Arbitrary<string> = fc.oneof(
  oddString.filter((value) => value.length <= 500).map(encodeQueryValue),
  oddNumberText.map(encodeQueryValue),
  fc.constantFrom('', '%00', '%', '%E0%A4%A', '%ZZ', '+', '%2B', '&', '=', '[]', 'a%5B%5D'),
);

/**
 * A query string for a route from its own parameters (`names`, with `values` that fit them), plus
 * what a client may add: a parameter twice (`?a=1&a=2`, which Express makes an array), odd or
 * huge values, `__proto__[x]=1`, unknown names and stray separators.
 */
export function queryString(
  names: readonly string[],
  values: (name: string) => fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const known = names.length > 0 ? fc.constantFrom(...names) : fc.constant('q');
  const parameter: fc.Arbitrary<QueryParameter> = fc.oneof(
    {
      arbitrary: known.chain((name) => values(name).map((value) => [name, value] as const)),
      weight: 4,
    },
    { arbitrary: fc.tuple(known, oddQueryValue), weight: 3 },
    {
      arbitrary: fc.tuple(
        fc.constantFrom(
          '__proto__',
          '__proto__[x]',
          'constructor[prototype][x]',
          'toString',
          'hasOwnProperty',
          'a[]',
          '',
        ),
        oddQueryValue,
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(known, fc.integer({ min: 1_000, max: 6_000 }))
        .map(([name, length]) => [name, 'x'.repeat(length)] as const),
      weight: 1,
    },
  );
  return fc
    .tuple(fc.array(parameter, { maxLength: 5 }), fc.constantFrom('', '&', '&&', '#frag'))
    .map(([parameters, tail]) => {
      const text = parameters.map(([name, value]) => `${name}=${value}`).join('&');
      return text || tail ? `?${text}${tail}` : '';
    });
}

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

/** What a header variant does to a request the server would otherwise take. */
export type HeaderEffect =
  /** Nothing: the answer is as without it. */
  | 'none'
  /** The request is refused (a 4xx with a message) whatever its body, and nothing is written. */
  | 'refused'
  /** Either: the answer may change (another session, say), but never to a 5xx. */
  | 'either';

/**
 * Extra or replaced headers. Values are Latin-1 strings as Node writes them, so UTF-8 text is
 * given as its bytes (`utf8Bytes`) and reaches the server as a client would send it.
 */
export type HeaderVariant = {
  headers: Record<string, string>;
  effect: HeaderEffect;
  /** Replaces the caller's cookie instead of adding to it. */
  replacesCookie?: boolean;
  /** Sends the body chunked, without a Content-Length. */
  chunked?: boolean;
  /** Sends the body gzip-compressed (with Content-Encoding: gzip). */
  gzip?: boolean;
};

export const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const visibleKey = fc.stringMatching(/^[\x21-\x7e]{1,255}$/);

/** Idempotency-Key values: visible ASCII up to 255 is a key; anything else is refused with 400. */
export const idempotencyKeyVariant: fc.Arbitrary<HeaderVariant> = fc.oneof(
  visibleKey.map((key) => ({ headers: { 'Idempotency-Key': key }, effect: 'none' as const })),
  fc
    .oneof(
      fc.integer({ min: 256, max: 8_000 }).map((length) => 'k'.repeat(length)),
      fc.constantFrom('', ' ', 'a b', '\t', utf8Bytes('ключ'), utf8Bytes('😀'), 'caf\u00e9'),
    )
    .map((key) => ({ headers: { 'Idempotency-Key': key }, effect: 'refused' as const })),
);

/** Content-Type variants of a JSON body. */
export const contentTypeVariant: fc.Arbitrary<HeaderVariant> = fc.oneof(
  fc
    .constantFrom(
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'Application/JSON',
      'application/json; foo=bar',
    )
    .map((type) => ({ headers: { 'Content-Type': type }, effect: 'none' as const })),
  fc
    .constantFrom(
      'application/json; charset=latin1',
      'application/json; charset=koi8-r',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/vnd.api+xml',
      'application/jsonx',
      '*/*',
      'json',
      ';;;',
      utf8Bytes('application/json😀'),
    )
    .map((type) => ({ headers: { 'Content-Type': type }, effect: 'refused' as const })),
  // Decoded as UTF-7, UTF-16 or UTF-32 the body is other text (a short one may decode to nothing, which
  // is `{}`); a parameter twice may or may not be read.
  fc
    .constantFrom(
      'application/json; charset=utf-16',
      'application/json; charset=utf-32',
      'application/json; charset=utf-7',
      'application/json; charset=utf-8; charset=utf-8',
    )
    .map((type) => ({ headers: { 'Content-Type': type }, effect: 'either' as const })),
);

const junkCookie = fc.oneof(
  fc.constantFrom(
    'markit.sid=junk',
    'markit.sid=s%3Anot-a-session.bad-signature',
    'markit.sid=',
    'markit.sid',
    '=;;=;',
    'markit.sid=%E0%A4%A',
    'markit.sid="quoted"',
    utf8Bytes('markit.sid=😀'),
  ),
  fc.integer({ min: 1_000, max: 6_000 }).map((length) => `markit.sid=${'a'.repeat(length)}`),
  fc.string({ maxLength: 40 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
);

/** Cookies: junk beside the caller's session (ignored), or instead of it (another caller). */
export const cookieVariant: fc.Arbitrary<HeaderVariant> = fc.oneof(
  fc
    .constantFrom('theme=dark', 'a=1; b=2', '__proto__=1', 'constructor=x', 'x=%00')
    .map((cookie) => ({ headers: { Cookie: cookie }, effect: 'none' as const })),
  junkCookie.map((cookie) => ({
    headers: { Cookie: cookie },
    effect: 'either' as const,
    replacesCookie: true,
  })),
);

/** Accept and other headers the API answers the same whatever they say. */
export const harmlessHeaderVariant: fc.Arbitrary<HeaderVariant> = fc
  .oneof(
    fc.constantFrom<Record<string, string>>(
      { Accept: 'text/html' },
      { Accept: '*/*' },
      { Accept: 'application/xml;q=0.9, */*;q=0.1' },
      { Accept: 'image/png' },
      { Accept: ';;;,,,' },
      { Accept: 'x'.repeat(4_000) },
      { Accept: utf8Bytes('application/😀') },
      { 'Accept-Language': 'ar-EG, he;q=0.5' },
      { 'Accept-Encoding': 'gzip, br, zstd, x-unknown' },
      { 'X-Forwarded-For': '1.2.3.4, not-an-address, ::1' },
      { 'X-Forwarded-Proto': 'https' },
      { 'X-Requested-With': 'XMLHttpRequest' },
      { 'X-Request-Id': '../../../etc' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Content-Encoding': 'identity' },
      { 'User-Agent': utf8Bytes('mark.it 😀 \u202e') },
    ),
  )
  .map((headers) => ({ headers, effect: 'none' as const }));

/** Headers that make any write a refusal: another site, or a body encoding the server lacks. */
export const refusingHeaderVariant: fc.Arbitrary<HeaderVariant> = fc
  .constantFrom<Record<string, string>>(
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { Origin: 'not a url' },
    { Origin: utf8Bytes('https://😀.example') },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Content-Encoding': 'x-unknown' },
    { 'Content-Encoding': 'compress' },
    // Named but not so: the body does not decode (gzip and deflate streams start with a header
    // no JSON text has; brotli has none, and a short text can be a valid brotli stream).
    { 'Content-Encoding': 'gzip' },
    { 'Content-Encoding': 'deflate' },
  )
  .map((headers) => ({ headers, effect: 'refused' as const }));

/** A body sent chunked or gzip-compressed: the same request for the server. */
export const transferVariant: fc.Arbitrary<HeaderVariant> = fc.constantFrom(
  { headers: {}, effect: 'none' as const, chunked: true },
  { headers: {}, effect: 'none' as const, gzip: true },
  { headers: {}, effect: 'none' as const, gzip: true, chunked: true },
);

/** Any header variant, mostly none at all. */
export const headerVariant = (options: { idempotent: boolean }): fc.Arbitrary<HeaderVariant> =>
  fc.oneof(
    { arbitrary: fc.constant({ headers: {}, effect: 'none' as const }), weight: 6 },
    { arbitrary: harmlessHeaderVariant, weight: 1 },
    { arbitrary: contentTypeVariant, weight: 1 },
    { arbitrary: cookieVariant, weight: 1 },
    { arbitrary: refusingHeaderVariant, weight: 1 },
    { arbitrary: transferVariant, weight: 1 },
    { arbitrary: idempotencyKeyVariant, weight: options.idempotent ? 2 : 1 },
  );

/** The body bytes as a variant sends them. */
export const bodyBytes = (text: string, variant: HeaderVariant) =>
  variant.gzip ? gzipSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
