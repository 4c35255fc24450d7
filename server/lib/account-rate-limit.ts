import { type RequestHandler } from 'express';
import { type Database } from '../db/client';
import { consumeAccountRateLimit } from '../services/rate-limit/rate-limit';
import { requireUser } from '../auth/guards';

/**
 * Counts each request of a signed-in person against a limit per account and per client address
 * (rate-limit.ts); the request that goes over it is answered 429 with `message` and Retry-After
 * before the handler runs (and, for an upload, before its body is read).
 */
export function accountRateLimit(
  db: Database,
  rule: { name: string; limit: number; windowSeconds: number; message: string },
): RequestHandler {
  return async (request, _response, next) => {
    const user = requireUser(request);
    await consumeAccountRateLimit(db, { ...rule, userId: user.id, address: request.ip });
    next();
  };
}
