import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type z } from 'zod';
import { type UserType } from '@shared/constants';
import { requireRole, requireSession } from '../auth/guards';
import { assertRecentProof } from '../auth/step-up';
import { type JsonText, sendJsonText } from './json-text';
import { type Page, sendCursorPage, sendPage } from './list-answer';
import { parseInput } from './validate';

/** Who may call a route: anyone, any signed-in user, or one account type (403 for the other). */
export type Access = 'public' | 'signed-in' | UserType;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The statuses a JSON answer may succeed with. */
export type SuccessStatus = 200 | 201 | 202;

/**
 * What a route answers when it succeeds:
 * - `json`: a JSON value matching `schema`, with `status` (a handler may answer another listed
 *   status with `reply`); a handler answering a string answers JSON text already serialised
 *   (`JsonText`, sent as it is);
 * - `page`: a JSON array of `item`s with `X-Total-Count` and `Link` headers (the handler answers a
 *   `Page`); `limitParam` names the page-size parameter the links carry;
 * - `cursor`: a JSON array of `item`s with a `Link` to the next page (the handler answers
 *   `{ items, nextCursor, limit }`);
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
       * Other success statuses the handler may answer with `reply` (201 created, 200 replayed,
       * 202 a sign-in that waits for its second step), with a schema of their own when their body
       * differs.
       */
      otherStatuses?: ReadonlyArray<{
        status: SuccessStatus;
        description: string;
        schema?: z.ZodType;
      }>;
    }
  | { kind: 'page'; item: z.ZodType; description: string; limitParam?: string }
  | {
      kind: 'cursor';
      item: z.ZodType;
      description: string;
      /** The query parameter the next link carries the cursor in (`cursor` unless named). */
      cursorParam?: string;
    }
  | { kind: 'empty'; description: string }
  | { kind: 'raw'; contentType: string; description: string };

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

/** A success answer with a status other than the route's first one (see `otherStatuses`). */
export class Reply {
  constructor(
    readonly status: SuccessStatus,
    readonly body: unknown,
  ) {}
}
export const reply = (status: SuccessStatus, body: unknown) => new Reply(status, body);

/** What a conditional step-up reads: the parsed input and who is asking. */
export type StepUpInput<
  A extends Access,
  P extends Schema,
  Q extends Schema,
  B extends Schema,
> = Pick<RouteInput<A, P, Q, B>, 'params' | 'query' | 'body' | 'user'>;

/**
 * A route that lets value leave the account (or hands over what lets it leave: a counter code,
 * the sign-in e-mail, the password) asks again who is calling when the session's last proof (a
 * sign-in, a password or a code) is older than the configured window: 403 with
 * `code: 'STEP_UP_REQUIRED'`, checked after the access check and the input, before the handler.
 * `true` asks on every call; `when` asks only for the inputs it names (a saved card charged),
 * and `description` says which in the reference.
 */
export type StepUp<A extends Access, P extends Schema, Q extends Schema, B extends Schema> =
  true | { when: (input: StepUpInput<A, P, Q, B>) => boolean; description: string };

type CursorPage = {
  items: unknown[] | JsonText<unknown[]>;
  nextCursor: string | null;
  limit: number;
};

export type RouteDefinition<
  A extends Access = Access,
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
> = {
  method: HttpMethod;
  /** The path under /api, Express style (`/friends/:id`). */
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** The reference's section. */
  tag: string;
  access: A;
  params?: P;
  query?: Q;
  /** A JSON body's schema; with `upload`, the schema of the form's fields beside the file. */
  body?: B;
  /** The body is a multipart upload of one file in the field `file` (not JSON). */
  upload?: boolean;
  answer: Answer;
  /** Middleware between the access check and the handler (rate limits, the upload parser). */
  before?: RequestHandler[];
  /** A recent proof of who is asking, before value leaves (see `StepUp`). */
  stepUp?: StepUp<A, P, Q, B>;
  /**
   * With `stepUp`: a recent wallet PIN also proves who is asking. Only for showing a counter
   * code, where typing the password every time is slow; a PIN (a million values, typed in view
   * of a counter) never lets value be given away or the account be changed.
   */
  walletPinProves?: true;
  handle: (input: RouteInput<A, P, Q, B>) => unknown;
};

/** Any route, whatever its schemas: what the router, the reference and the tests read. */
export type ApiRoute = RouteDefinition<Access, Schema, Schema, Schema>;

/** A route definition, with its handler's input typed from its access and schemas. */
export function defineRoute<
  A extends Access,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(route: RouteDefinition<A, P, Q, B>): ApiRoute {
  return route as unknown as ApiRoute;
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
      sendPage(request, response, result as Page<unknown>, {
        ...(answer.limitParam ? { limitParam: answer.limitParam } : {}),
      });
      return;
    case 'cursor':
      sendCursorPage(request, response, result as CursorPage, answer.cursorParam);
      return;
    case 'empty':
      response.status(204).end();
      return;
    case 'raw':
      throw new Error(`${route.method} ${route.path} answered nothing`);
  }
}

/** Whether this call of the route asks for a recent proof (its `stepUp`, read on the input). */
function asksStepUp(route: ApiRoute, input: StepUpInput<Access, Schema, Schema, Schema>) {
  const { stepUp } = route;
  return stepUp === true || (stepUp !== undefined && stepUp.when(input));
}

/**
 * The handler Express runs for a route: parse params, query and body, ask for a recent proof
 * where the route does, handle, answer. The input is checked first, so a request that could never
 * succeed answers its 400 rather than asking who is there.
 */
function handlerOf(route: ApiRoute, options: RouterOptions): RequestHandler {
  return async (request, response) => {
    const input = {
      params: route.params ? parseInput(route.params, request.params) : undefined,
      query: route.query ? parseInput(route.query, request.query) : undefined,
      body: route.body ? parseInput(route.body, request.body) : undefined,
      user: request.user,
      request,
      response,
    } as RouteInput<Access, Schema, Schema, Schema>;
    if (asksStepUp(route, input)) {
      assertRecentProof(request, options.stepUpMaxAgeSeconds, {
        walletPinProves: route.walletPinProves === true,
      });
    }
    send(route, request, response, await route.handle(input));
  };
}

export type RouterOptions = {
  /** How old the last proof of who is asking may be on a `stepUp` route, in seconds. */
  stepUpMaxAgeSeconds: number;
};

/** One Express router with every route, in order, each behind its access check. */
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
      ...(route.before ?? []),
      handlerOf(route, options),
    );
  }
  return router;
}
