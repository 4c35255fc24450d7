import { type z } from 'zod';
import { type UserType } from './constants';

/**
 * The API, written once. A contract says everything about one endpoint that its two sides must
 * agree on: the method and path, the input, every answer with its status, who may call it,
 * whether it asks for a recent proof of who is calling and how its list pages.
 * The server binds a handler to each contract (server/lib/api-route.ts), the client calls it
 * without writing a path (client/src/lib/api-client.ts), the OpenAPI document and the tests read
 * it. Nothing here runs on one side only.
 */

/** Who may call an endpoint: anyone, any signed-in user, or one account type (403 for the other). */
export type Access = 'public' | 'signed-in' | UserType;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The statuses a JSON answer may succeed with. */
export type SuccessStatus = 200 | 201 | 202;

/** The statuses a refusal may have; each endpoint lists the ones it can give (see `errors`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429;

/**
 * What an endpoint answers when it succeeds:
 * - `json`: a JSON value matching `schema`, with `status` (the handler may answer one of
 *   `otherStatuses` instead);
 * - `page`: a JSON array of `item`s, paged by `page` and `limit`, with `X-Total-Count` and `Link`
 *   headers;
 * - `cursor`: a JSON array of `item`s, paged by `cursor` and `limit`, with a `Link` to the next
 *   page;
 * - `empty`: 204 with no body;
 * - `raw`: the handler writes the answer itself, as `contentType` (a CSV, an image, an event
 *   stream).
 */
export type Answer =
  | {
      kind: 'json';
      status: SuccessStatus;
      schema: z.ZodType;
      description: string;
      /**
       * Other success statuses (201 created, 200 replayed, 202 a sign-in that waits for its second
       * step), with a schema of their own when their body differs.
       */
      otherStatuses?: ReadonlyArray<{
        status: SuccessStatus;
        description: string;
        schema?: z.ZodType;
      }>;
    }
  | { kind: 'page'; item: z.ZodType; description: string }
  | { kind: 'cursor'; item: z.ZodType; description: string }
  | { kind: 'empty'; description: string }
  | { kind: 'raw'; contentType: string; description: string };

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What a conditional step-up reads: the parsed input, and whether a session is calling. */
export type StepUpInput<P extends Schema, Q extends Schema, B extends Schema> = {
  signedIn: boolean;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

/**
 * An endpoint that lets value leave the account (or hands over what lets it leave: a counter
 * code, the sign-in e-mail, the password) asks again who is calling when the session's last proof
 * is older than the configured window: 403 with `code: 'STEP_UP_REQUIRED'`, after the access
 * check and the input, before the handler. `true` asks on every call; `when` asks only for the
 * inputs it names (a saved card charged), and `description` says which in the reference.
 */
export type StepUp<P extends Schema, Q extends Schema, B extends Schema> =
  true | { when: (input: StepUpInput<P, Q, B>) => boolean; description: string };

/**
 * The configured numbers a limit may name, each a setting of the server's configuration (a
 * `RATE_LIMIT_*` variable); the server's type check fails on a name it does not configure.
 */
export type RateLimitSetting =
  | 'registerPerHour'
  | 'cardTokensPerHour'
  | 'sharesPerHour'
  | 'searchesPerMinute'
  | 'uploadsPerHour'
  | 'messagesPerMinute'
  | 'passwordResetsPerHour'
  | 'emailChangesPerHour'
  | 'cardSavesPerHour'
  | 'loginPerAccount'
  | 'loginPerAccountAnyAddress'
  | 'loginPerAddress'
  | 'twoFactorPerAccount'
  | 'resetLinkMissesPerAddress'
  | 'claimsPerAddressPerDay'
  | 'guestGiftsPerHour'
  | 'codeMissesPerBusiness';

/** What a limit's `input` and `when` read: the parsed input, and the signed-in account's id. */
export type RateLimitInput<P extends Schema, Q extends Schema, B extends Schema> = StepUpInput<
  P,
  Q,
  B
> & { userId: number | undefined };

/**
 * Whose calls a limit counts together: the signed-in account's, the client address's, or both
 * (the address may make several times the account's allowance, as people share addresses); the
 * account a sign-in waiting for its second step is for (`signing-in-account`; a call without one
 * takes no slot); or a value of the input (`input` answers the rest of the counter's key,
 * `description` says what it is for the reference), counted from this address only (`here`:
 * the address ends the key) or also per address with several times the allowance
 * (`andAddress`).
 */
export type RateLimitPer<A extends Access, P extends Schema, Q extends Schema, B extends Schema> =
  | (A extends 'public' ? never : 'account' | 'account-and-address')
  | 'address'
  | 'signing-in-account'
  | {
      input: (input: RateLimitInput<P, Q, B>) => string;
      description: string;
      here?: true;
      andAddress?: true;
    };

/** An outcome a limit may keep its slot on: a success, a refusal, or a fault (500). */
export type RateLimitOutcome = SuccessStatus | ErrorStatus | 500;

/**
 * A limit on calls, counted for every call past the access check whose input is valid (and, on
 * a `stepUp` endpoint, whose proof is recent), before the endpoint does anything: past the
 * configured number within the window, 429 with `message` and Retry-After. An upload's file and
 * form are read only after its limits, so a refused upload costs no bandwidth. The router
 * applies the limits, the reference lists them.
 *
 * A limit on wrong guesses (sign-in, two-factor codes, passwords typed to confirm, reset links,
 * counter codes) or on some outcomes only (cards claimed, gifts bought) is the same mechanism:
 * the slot is still taken before the endpoint checks anything, so of many calls sent at once no
 * more than the allowance are checked, and `keepOn` says which outcomes keep it; the router gives
 * the slot back on every other outcome once the handler is done, before answering.
 */
export type RateLimit<A extends Access, P extends Schema, Q extends Schema, B extends Schema> = {
  /** The counter's name: the first part of its stored key (`search:user:7`). */
  name: string;
  per: RateLimitPer<A, P, Q, B>;
  /** Which configured number is the allowance. */
  setting: RateLimitSetting;
  windowSeconds: number;
  /** What the refused caller reads. */
  message: string;
  /**
   * The outcomes that keep the slot: `success` (any 2xx), or a list of statuses (a wrong
   * guess's 400 or 401; 500, a check that failed midway, may have been checked). Absent, every
   * call keeps its slot.
   */
  keepOn?: 'success' | readonly RateLimitOutcome[];
  /**
   * A success forgets the counter's count (the owner, from this address, proved who they are:
   * their earlier wrong tries no longer count there).
   */
  clearOnSuccess?: true;
  /** The limit applies only to the inputs it names (a PIN is limited elsewhere). */
  when?: (input: RateLimitInput<P, Q, B>) => boolean;
};

export type ContractDefinition<
  A extends Access = Access,
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Answer = Answer,
> = {
  method: HttpMethod;
  /** The path under /api, Express style (`/friends/:id`). */
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** More for the reference, when one line does not say all a caller must know. */
  description?: string;
  /** The reference's section. */
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  /** A JSON body's schema; with `upload`, the schema of the form's fields beside the file. */
  body?: B;
  /** The body is a multipart upload of one file in the field `file` (not JSON). */
  upload?: boolean;
  answer: R;
  /**
   * The refusals this endpoint gives besides the ones every endpoint of its kind gives (400 for
   * bad input or a body that is not JSON, 401 without a session, 403 for the wrong account type,
   * a cross-site write or an old proof, 413 for a large body, 415 for a body of the wrong type,
   * 500, 503), each with when it happens. The 429 of `rateLimits` is listed from them, not here.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** A recent proof of who is asking, before value leaves (see `StepUp`). */
  stepUp?: StepUp<P, Q, B>;
  /**
   * With `stepUp`: a recent wallet PIN also proves who is asking. Only for showing a counter
   * code, where typing the password every time is slow; a PIN (a million values, typed in view
   * of a counter) never lets value be given away or the account be changed.
   */
  walletPinProves?: true;
  /**
   * Limits on calls, each taken in the order written (the narrowest first, see `RateLimit`);
   * their 429 is listed by the reference from these, not in `errors`.
   */
  rateLimits?: ReadonlyArray<RateLimit<A, P, Q, B>>;
};

/** A contract with its name (`friends.sendRequest`), given by the group it is written in. */
export type Contract<
  A extends Access = Access,
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Answer = Answer,
> = ContractDefinition<A, P, Q, B, R> & { readonly id: string };

/** Any contract, whatever its schemas: what the router, the reference and the tests walk. */
// The generic parameters are erased on purpose: a list holds contracts of every shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyContract = Contract<Access, any, any, any, Answer>;

/**
 * One endpoint's contract, with its input and answer types kept for both sides (and its method
 * and path as literal types, so that a test's mock of `GET /api/friends` is typed by it).
 */
export function defineContract<
  A extends Access,
  R extends Answer,
  M extends HttpMethod,
  Path extends string,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  U extends boolean = false,
>(
  definition: ContractDefinition<A, P, Q, B, R> & { method: M; path: Path; upload?: U },
): Contract<A, P, Q, B, R> & { method: M; path: Path; upload?: U } {
  return { ...definition, id: '' };
}

/**
 * A feature's contracts, each named `<group>.<key>`: the name is the operation's id in the
 * reference and the first two parts of every react-query key the client makes for it.
 */
// The constraint names only what the group reads: a wider one (AnyContract) would become the
// contextual type of each `defineContract` call and widen its inferred schemas to `any`.
export function contractGroup<T extends Record<string, { readonly id: string }>>(
  group: string,
  contracts: T,
): T {
  for (const [key, contract] of Object.entries(contracts)) {
    (contract as { id: string }).id = `${group}.${key}`;
  }
  return contracts;
}

/** The input a caller sends, as the client writes it (before the server's defaults and coercion). */
export type ContractInput<C> =
  C extends Contract<Access, infer P, infer Q, infer B, Answer>
    ? (P extends z.ZodType ? { params: z.input<P> } : { params?: undefined }) &
        (Q extends z.ZodType ? { query?: z.input<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: z.input<B> } : { body?: undefined })
    : never;

/** The bodies of a JSON answer's other success statuses that have a schema of their own. */
type OtherAnswers<R> = R extends { otherStatuses?: ReadonlyArray<infer Other> }
  ? Other extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : never
  : never;

/** What a success answers, as JSON: an array's item type for lists, nothing for 204. */
export type ContractAnswer<C> =
  C extends Contract<Access, Schema, Schema, Schema, infer R>
    ? R extends { kind: 'json'; schema: infer S extends z.ZodType }
      ? z.output<S> | OtherAnswers<R>
      : R extends { kind: 'page' | 'cursor'; item: infer S extends z.ZodType }
        ? Array<z.output<S>>
        : R extends { kind: 'empty' }
          ? void
          : unknown
    : never;

/** A list's item type, for a `page` or `cursor` contract. */
export type ContractItem<C> =
  C extends Contract<Access, Schema, Schema, Schema, infer R>
    ? R extends { kind: 'page' | 'cursor'; item: infer S extends z.ZodType }
      ? z.output<S>
      : never
    : never;

/** `/friends/:id` with `{ id: 7 }`: `/friends/7`, each value URL-encoded. */
export function pathOf(contract: Pick<AnyContract, 'path'>, params?: Record<string, unknown>) {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${contract.path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}
