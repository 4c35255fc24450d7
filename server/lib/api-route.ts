import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type z } from 'zod';
import {
  type Access,
  type Answer,
  type AnyContract,
  type Contract,
  type RateLimit,
  type RateLimitInput,
  type RateLimitSetting,
  type StepUpInput,
  type SuccessStatus,
} from '@shared/contract';
import { requireRole, requireSession, requireUser } from '../auth/guards';
import { assertRecentProof } from '../auth/step-up';
import { pendingSignIn } from '../auth/two-factor-sign-in';
import { type RateLimitConfig } from '../config';
import { type Database } from '../db/client';
import {
  ADDRESS_ALLOWANCE_FACTOR,
  clearRateLimit,
  consumeRateLimit,
  type RateLimitRule,
} from '../services/rate-limit/rate-limit';
import { AppError } from './errors';
export type { Access, Answer, HttpMethod, SuccessStatus } from '@shared/contract';
import { type JsonText, sendJsonText } from './json-text';
import { type Page, sendCursorPage, sendPage } from './list-answer';
import { parseInput } from './validate';

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A extends Access> = A extends 'public' ? Express.User | undefined : Express.User;

export type RouteInput<A extends Access, P extends Schema, Q extends Schema, B extends Schema> = {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The signed-in user (always there unless the route is public). */
  user: UserOf<A>;
  request: Request;
  response: Response;
};

/** A success answer with a status other than the contract's first one (its `otherStatuses`). */
export class Reply {
  constructor(
    readonly status: SuccessStatus,
    readonly body: unknown,
  ) {}
}
export const reply = (status: SuccessStatus, body: unknown) => new Reply(status, body);

type CursorPage = {
  items: unknown[] | JsonText<unknown[]>;
  nextCursor: string | null;
  limit: number;
};

/**
 * What a handler returns for its contract's answer: the JSON value (or JSON text already
 * serialised, or a `Reply` with another listed status), a `Page` for a paged list, the items and
 * next cursor for a cursor list, nothing for 204 or for an answer it wrote itself.
 */
type HandlerResult<R extends Answer> = R extends { kind: 'json' }
  ? unknown
  : R extends { kind: 'page' }
    ? Page<unknown>
    : R extends { kind: 'cursor' }
      ? CursorPage
      : unknown;

type Handler<
  A extends Access,
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends Answer,
> = (input: RouteInput<A, P, Q, B>) => HandlerResult<R> | Promise<HandlerResult<R>>;

/** A contract with the server's handler bound to it: what the router mounts. */
export type ApiRoute = AnyContract & {
  handle: (input: RouteInput<Access, Schema, Schema, Schema>) => unknown;
  /** Middleware between the access check (and the contract's limits) and the handler. */
  before?: RequestHandler[];
};

/** Binds the server's handler to a contract; the handler's input is typed from the contract. */
export function implement<
  A extends Access,
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends Answer,
>(
  contract: Contract<A, P, Q, B, R>,
  handle: Handler<A, P, Q, B, R>,
  options: { before?: RequestHandler[] } = {},
): ApiRoute {
  return { ...contract, ...options, handle } as unknown as ApiRoute;
}

const guardOf = (access: Access): RequestHandler[] =>
  access === 'public' ? [] : access === 'signed-in' ? [requireSession] : [requireRole(access)];

function send(route: ApiRoute, request: Request, response: Response, result: unknown): void {
  if (response.headersSent || response.writableEnded) return;
  const { answer } = route;
  switch (answer.kind) {
    case 'json':
      if (result instanceof Reply) response.status(result.status).json(result.body);
      else if (typeof result === 'string') sendJsonText(response.status(answer.status), result);
      else response.status(answer.status).json(result);
      return;
    case 'page':
      sendPage(request, response, result as Page<unknown>);
      return;
    case 'cursor':
      sendCursorPage(request, response, result as CursorPage);
      return;
    case 'empty':
      response.status(204).end();
      return;
    case 'raw':
      throw new Error(`${route.method} ${route.path} answered nothing`);
  }
}

type CallInput = StepUpInput<Schema, Schema, Schema>;

/**
 * A request's params, query and body, parsed by the route's schemas (400 when they break a rule);
 * without the body when `withBody` is false (an upload's form, not read yet).
 */
function parsedInput(route: ApiRoute, request: Request, withBody = true): CallInput {
  return {
    signedIn: request.user !== undefined,
    params: route.params ? parseInput(route.params, request.params) : undefined,
    query: route.query ? parseInput(route.query, request.query) : undefined,
    body: route.body && withBody ? parseInput(route.body, request.body) : undefined,
  };
}

/** Asks for a recent proof where the route does (its `stepUp`, read on the input). */
function checkStepUp(route: ApiRoute, request: Request, input: CallInput, options: RouterOptions) {
  const { stepUp } = route;
  if (stepUp === true || (stepUp !== undefined && stepUp.when(input))) {
    assertRecentProof(request, options.stepUpMaxAgeSeconds, {
      walletPinProves: route.walletPinProves === true,
    });
  }
}

/** The status a call ended with: a thrown refusal's, or 500 for any other error. */
const statusOfError = (error: unknown): number => (error instanceof AppError ? error.status : 500);

/** The status a handler's result is answered with (see `send`). */
function statusOfResult(route: ApiRoute, response: Response, result: unknown): number {
  if (result instanceof Reply) return result.status;
  switch (route.answer.kind) {
    case 'json':
      return route.answer.status;
    case 'empty':
      return 204;
    case 'raw':
      return response.statusCode;
    default:
      return 200;
  }
}

/**
 * What settles a call's limits once its outcome is known (see `rateLimitsOf`), per request: set
 * when the slots are taken, used once, by whichever step ends the call.
 */
const settlements = new WeakMap<Request, (status: number) => Promise<void>>();

/**
 * Settles the request's limits with the call's status, once. A failure to give a slot back (the
 * database gone meanwhile) must not change what the call answers: the slot then stays taken,
 * which can only refuse a later call early, never let one past a limit.
 */
async function settle(request: Request, status: number): Promise<void> {
  const settlement = settlements.get(request);
  if (!settlement) return;
  settlements.delete(request);
  await settlement(status).catch(() => undefined);
}

/**
 * The handler Express runs for a route: parse params, query and body, ask for a recent proof
 * where the route does, handle, settle the limits with the outcome, answer. The input is checked
 * first, so a request that could never succeed answers its 400 rather than asking who is there.
 * The limits are settled before the answer goes out, so a client's next call finds them settled;
 * a thrown error goes on to the error handler as it was thrown.
 */
function handlerOf(route: ApiRoute, options: RouterOptions): RequestHandler {
  return async (request, response) => {
    let result: unknown;
    try {
      const input = parsedInput(route, request);
      checkStepUp(route, request, input, options);
      const { params, query, body } = input;
      const routeInput = { params, query, body, user: request.user, request, response };
      result = await route.handle(routeInput as RouteInput<Access, Schema, Schema, Schema>);
    } catch (error) {
      await settle(request, statusOfError(error));
      throw error;
    }
    await settle(request, statusOfResult(route, response, result));
    send(route, request, response, result);
  };
}

/**
 * A route's own middleware (`before`), settling the limits when it refuses the call (a 403 for
 * an account without two-factor) rather than passing it on to the handler.
 */
const settlingOnRefusal =
  (middleware: RequestHandler): RequestHandler =>
  async (request, response, next) => {
    try {
      await middleware(request, response, (error?: unknown) => {
        // Passing the call on ('route' and 'router' skip ahead) is no outcome yet.
        if (!error || error === 'route' || error === 'router') return next(error);
        void settle(request, statusOfError(error)).then(() => next(error));
      });
    } catch (error) {
      await settle(request, statusOfError(error));
      throw error;
    }
  };

type AnyRateLimit = RateLimit<Access, Schema, Schema, Schema>;

/** The caller as a limit reads it: the parsed input and the signed-in account. */
const limitInputOf = (
  request: Request,
  input: CallInput,
): RateLimitInput<Schema, Schema, Schema> => ({
  ...input,
  userId: request.user?.id,
});

/**
 * The counters one limit takes a slot of for a call, keyed `<name>:user:<id>`,
 * `<name>:address:<ip>` or `<name>:<what the input names>` (then `:<ip>` for `here`). The client
 * address is the one Express reads (through TRUST_PROXY). None for a limit whose `when` leaves the
 * call out, or per `signing-in-account` without a sign-in waiting for its second step (the
 * endpoint then refuses the call without checking anything).
 */
function rulesOf(
  limit: AnyRateLimit,
  request: Request,
  input: CallInput,
  allowances: RouterOptions['rateLimits'],
): RateLimitRule[] {
  const { name, per, windowSeconds, message } = limit;
  if (limit.when && !limit.when(limitInputOf(request, input))) return [];
  const rule = { limit: allowances[limit.setting], windowSeconds, message };
  const ip = request.ip ?? 'unknown';
  const account = () => ({ ...rule, key: `${name}:user:${requireUser(request).id}` });
  const address = (factor = 1) => ({
    ...rule,
    key: `${name}:address:${ip}`,
    limit: rule.limit * factor,
  });
  switch (per) {
    case 'account':
      return [account()];
    case 'address':
      return [address()];
    case 'account-and-address':
      // Neither one account from many addresses nor many accounts from one address gets past.
      return [account(), address(ADDRESS_ALLOWANCE_FACTOR)];
    case 'signing-in-account': {
      const pending = pendingSignIn(request);
      return pending ? [{ ...rule, key: `${name}:user:${pending.userId}` }] : [];
    }
    default: {
      const named = `${name}:${per.input(limitInputOf(request, input))}`;
      const key = per.here ? `${named}:${ip}` : named;
      return [{ ...rule, key }, ...(per.andAddress ? [address(ADDRESS_ALLOWANCE_FACTOR)] : [])];
    }
  }
}

/** Whether a route's limits do anything once the call's outcome is known. */
const settlesLimits = (route: ApiRoute) =>
  (route.rateLimits ?? []).some(
    (limit) => limit.keepOn !== undefined || limit.clearOnSuccess !== undefined,
  );

/** Whether a limit keeps a call's slot for this outcome (see `RateLimit.keepOn`). */
function keeps(limit: AnyRateLimit, status: number): boolean {
  const { keepOn } = limit;
  if (keepOn === undefined) return true;
  if (keepOn === 'success') return status < 400;
  return (keepOn as readonly number[]).includes(status);
}

/**
 * The route's `rateLimits`, as one middleware between the access check and the route's own
 * middleware: an upload is refused before its body is read. A request whose input breaks a rule
 * (400) or whose proof is too old (403, which the client answers by confirming and sending the
 * request again) takes no slot; every other call takes one of each limit, in order, or is
 * refused with 429 and takes none (`consumeRateLimit`). The handler reads the input again, as on
 * every route: parsing has no effects.
 *
 * Once the call's outcome is known (the handler's answer or refusal, or a refusal of the route's
 * own middleware), each limit keeps its slots on the outcomes of its `keepOn` and gives them back
 * on the others; a success clears the counters of a `clearOnSuccess` limit. Only then is the
 * answer sent.
 */
function rateLimitsOf(route: ApiRoute, options: RouterOptions): RequestHandler[] {
  const limits = route.rateLimits ?? [];
  if (limits.length === 0) return [];
  const upload = route.upload === true;
  if (
    upload &&
    (route.stepUp !== undefined ||
      limits.some(
        (limit) =>
          typeof limit.per === 'object' ||
          limit.when !== undefined ||
          limit.keepOn !== undefined ||
          limit.clearOnSuccess !== undefined,
      ))
  ) {
    throw new Error(
      `${route.method} ${route.path}: an upload's limits are taken before its form is read and kept whatever the outcome, so neither they nor a step-up can read it`,
    );
  }
  return [
    async (request, response, next) => {
      const input = parsedInput(route, request, !upload);
      checkStepUp(route, request, input, options);
      const taken = limits.map((limit) => ({
        limit,
        rules: rulesOf(limit, request, input, options.rateLimits),
      }));
      const slots = await consumeRateLimit(options.db, ...taken.flatMap(({ rules }) => rules));
      const settled = taken.filter(
        ({ limit }) => limit.keepOn !== undefined || limit.clearOnSuccess !== undefined,
      );
      if (settlesLimits(route)) {
        settlements.set(request, async (status) => {
          const giveBack = settled
            .filter(({ limit }) => !keeps(limit, status))
            .flatMap(({ rules }) => rules.map((rule) => rule.key));
          if (giveBack.length > 0) await slots.giveBack(...giveBack);
          if (status >= 400) return;
          for (const { limit, rules } of settled) {
            if (limit.clearOnSuccess) {
              for (const rule of rules) await clearRateLimit(options.db, rule.key);
            }
          }
        });
        // A call that ends some other way (a middleware that answers itself, a client gone away)
        // is settled with what it answered, after the fact.
        response.once('close', () => void settle(request, response.statusCode));
      }
      next();
    },
  ];
}

export type RouterOptions = {
  /** How old the last proof of who is asking may be on a `stepUp` route, in seconds. */
  stepUpMaxAgeSeconds: number;
  /**
   * The configured allowance of each limit a contract names: a setting the configuration lacks
   * fails the type check where the configuration is passed, so no limit goes unconfigured.
   */
  rateLimits: Pick<RateLimitConfig, RateLimitSetting>;
  /** Where the limits' counters are kept (the database, so every instance sees one count). */
  db: Database;
};

/** One Express router with every route, in order, each behind its access check and limits. */
export function routerOf(routes: readonly ApiRoute[], options: RouterOptions): Router {
  const router = Router();
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new Error(`Route ${key} is defined twice`);
    seen.add(key);
    router[route.method](
      route.path,
      ...guardOf(route.access),
      ...rateLimitsOf(route, options),
      ...(route.before ?? []).map((middleware) =>
        settlesLimits(route) ? settlingOnRefusal(middleware) : middleware,
      ),
      handlerOf(route, options),
    );
  }
  return router;
}

/**
 * Every contract has exactly one handler, and every handler a contract: a contract left without
 * one would be documented and typed for the client but answer 404, and a route mounted without
 * one would be an endpoint nobody described. Checked when the app starts (and by a test), with
 * every problem named.
 */
export function assertContractsBound(
  routes: readonly ApiRoute[],
  contracts: readonly AnyContract[],
): void {
  const problems: string[] = [];
  const known = new Map(contracts.map((contract) => [contract.id, contract]));
  const bound = new Map<string, number>();
  for (const route of routes) {
    const contract = known.get(route.id);
    if (!contract) {
      problems.push(
        `${route.method.toUpperCase()} ${route.path} has no contract in shared/contracts`,
      );
      continue;
    }
    if (contract.method !== route.method || contract.path !== route.path) {
      problems.push(`${route.id} is mounted at ${route.method} ${route.path}, not its own path`);
    }
    bound.set(route.id, (bound.get(route.id) ?? 0) + 1);
  }
  for (const contract of contracts) {
    const count = bound.get(contract.id) ?? 0;
    if (count === 0)
      problems.push(`${contract.id} (${contract.method} ${contract.path}) has no handler`);
    if (count > 1) problems.push(`${contract.id} has ${count} handlers`);
  }
  if (problems.length > 0) {
    throw new Error(`The API's contracts and handlers differ:\n- ${problems.join('\n- ')}`);
  }
}
