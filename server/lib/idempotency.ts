import { createHash } from 'node:crypto';
import { type Request } from 'express';
import stringify from 'safe-stable-stringify';
import { AppError } from './errors';

const MESSAGE = 'Idempotency-Key must be 1 to 255 visible characters';

/**
 * An `Idempotency-Key` with what its request was: the same key must come again only with the same
 * request (a retry), so the key is kept with a fingerprint of the request it was first sent with.
 */
export type IdempotencyKey = { key: string; fingerprint: string };

/**
 * The request's fingerprint: SHA-256 of its method, its path and its body as canonical JSON (keys
 * sorted), so the same body sent again with its keys in another order is the same request.
 */
export function requestFingerprint(request: {
  method: string;
  path: string;
  body: unknown;
}): string {
  const canonical = stringify(request.body ?? null) ?? 'null';
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonical}`)
    .digest('hex');
}

/** The optional `Idempotency-Key` of a write that moves value: a retry moves it only once. */
export function readIdempotencyKey(request: Request): IdempotencyKey | undefined {
  const key = request.get('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError('VALIDATION', MESSAGE, { errors: { 'Idempotency-Key': MESSAGE } });
  }
  const path = request.originalUrl.split('?')[0] ?? request.path;
  return {
    key,
    fingerprint: requestFingerprint({ method: request.method, path, body: request.body }),
  };
}
