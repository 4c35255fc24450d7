import { type Request } from 'express';
import { AppError } from './errors';

const MESSAGE = 'Idempotency-Key must be 1 to 255 visible characters';

/** The optional `Idempotency-Key` of a write that moves value: a retry moves it only once. */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.get('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError('VALIDATION', MESSAGE, { errors: { 'Idempotency-Key': MESSAGE } });
  }
  return key;
}
