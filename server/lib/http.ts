import { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type ApiErrorBody } from '@shared/api';
import { databaseUnavailableCause } from './database-errors';
import {
  AppError,
  ERROR_STATUS,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_UNAVAILABLE_RETRY_SECONDS,
} from './errors';
import { type Logger } from './logger';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A read (GET, HEAD, OPTIONS): it changes nothing, the session included. */
const isRead = (request: { method: string }) => SAFE_METHODS.has(request.method);

/** API answers are never stored by browsers or proxies. */
export const noStore: RequestHandler = (_request, response, next) => {
  response.set('Cache-Control', 'no-store');
  next();
};

/**
 * Refuses state-changing requests that a browser marks as coming from another site: together with
 * SameSite=Lax cookies this is the CSRF defence.
 */
export const refuseCrossSiteWrites: RequestHandler = (request, _response, next) => {
  if (isRead(request)) return next();
  const fetchSite = request.get('sec-fetch-site');
  if (fetchSite === 'cross-site') {
    throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed');
  }
  const origin = request.get('origin');
  if (origin && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed');
    }
    if (originHost !== request.get('host')) {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed');
    }
  } else if (origin === 'null') {
    throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed');
  }
  next();
};

/** A request that carries a body (a POST without one still sends `Content-Length: 0`). */
const carriesBody = (request: { get: (name: string) => string | undefined }) =>
  request.get('transfer-encoding') !== undefined || Number(request.get('content-length') ?? 0) > 0;

export const BODY_TYPE_MESSAGES = {
  json: 'Send the request body as JSON (Content-Type: application/json)',
  multipart: 'Send the file as multipart/form-data',
} as const;

/**
 * A write's body must be JSON, except on the routes listed as taking a multipart upload, where it
 * must be multipart: a form post or a text/plain body, which another site can send without CORS,
 * is refused with 415 before anything reads it.
 */
export function requireBodyType(multipartPaths: readonly string[]): RequestHandler {
  const multipart = new Set(multipartPaths);
  return (request, _response, next) => {
    if (isRead(request) || !carriesBody(request)) return next();
    if (multipart.has(request.path)) {
      if (!request.is('multipart/form-data')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', BODY_TYPE_MESSAGES.multipart);
      }
    } else if (!request.is('application/json')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', BODY_TYPE_MESSAGES.json);
    }
    next();
  };
}

export const apiNotFound: RequestHandler = (request) => {
  throw new AppError(
    'NOT_FOUND',
    `No API route for ${request.method} ${request.originalUrl.split('?')[0]}`,
  );
};

type BodyParserError = { type?: string; status?: number; expose?: boolean };

/** The one place where errors become answers: `{ message, errors? }`, never a stack or SQL. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, next) => {
    if (response.writableEnded) {
      // An error after the answer was complete (express-session failing to save a session's
      // expiry as the database goes away): the answer stands, and Express's final handler would
      // only cut the connection, and with it an answer still on its way or the next request.
      logger.warn(
        {
          requestId: request.id,
          req: request,
          error: error instanceof Error ? error.message : String(error),
        },
        'error after the answer was sent',
      );
      return;
    }
    if (response.headersSent) return next(error);
    // The client went away before its answer was sent (a page navigated on while its scripts
    // loaded): nothing failed on this side, and no one is left to answer.
    if ((error as { code?: unknown } | null)?.code === 'ECONNABORTED') {
      logger.debug({ requestId: request.id, req: request }, 'client went away');
      response.status(499).end();
      return;
    }
    let status = 500;
    let body: ApiErrorBody = { message: 'Something went wrong. Please try again.' };
    const unavailable =
      error instanceof AppError || isBodyParserError(error)
        ? undefined
        : databaseUnavailableCause(error);

    if (error instanceof AppError) {
      status = error.status;
      body = {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.answerCode ? { code: error.answerCode } : {}),
      };
      if (error.retryAfterSeconds) response.set('Retry-After', String(error.retryAfterSeconds));
    } else if (isBodyParserError(error)) {
      if (error.type === 'entity.too.large') {
        status = 413;
        body = { message: 'The request body is too large' };
      } else if (error.type === 'entity.parse.failed') {
        status = 400;
        body = { message: 'The request body is not valid JSON' };
      } else if (error.status && error.status < 500) {
        status = error.status;
        body = { message: 'The request could not be read' };
      }
    } else if (clientErrorStatus(error)) {
      // A request that could not even be read: a path that does not percent-decode (the
      // router's URIError) or a body whose Content-Encoding does not decode. Such errors say
      // their own 4xx status.
      status = clientErrorStatus(error)!;
      body = { message: 'The request could not be read' };
    } else if (unavailable) {
      // The database is down, restarting or out of connections: nothing is wrong with the
      // request, so the client is told to try again (the answer comes at once, never a hang).
      status = ERROR_STATUS.UNAVAILABLE;
      body = { message: SERVICE_UNAVAILABLE_MESSAGE };
      response.set('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_SECONDS));
    }

    if (unavailable) {
      // One short line per request during an outage (the driver's words, not the statement).
      logger.warn(
        { requestId: request.id, req: request, error: unavailable },
        'request failed: database unavailable',
      );
    } else if (status >= 500) {
      logger.error({ requestId: request.id, req: request, err: error }, 'request failed');
    }
    response.status(status).json(body);
  };
}

/** The 4xx status an error of the HTTP layer carries (`status` or `statusCode`), if any. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const found = typeof status === 'number' ? status : statusCode;
  return typeof found === 'number' && found >= 400 && found < 500 ? found : undefined;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BodyParserError).type === 'string' &&
    'status' in error
  );
}
