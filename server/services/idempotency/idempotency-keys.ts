import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '@shared/tables/idempotency';
import { type Executor, type Transaction } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { type IdempotencyKey } from '../../lib/idempotency';

export const IDEMPOTENCY_MESSAGES = {
  otherRequest:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
} as const;

/** Whose keys: a signed-in caller's own, or a guest's, by the e-mail they pay as. */
export const userKeyScope = (userId: number) => `user:${userId}`;
export const emailKeyScope = (email: string) => `email:${email.toLowerCase()}`;

/**
 * Refuses (422) a key that was already used with a different request; answers whether it was used
 * with this very one (the caller then answers the first result). A key used before this table
 * existed has no row: the routes' own checks of what their key made still apply.
 */
export async function assertSameRequest(
  db: Executor,
  scope: string,
  idempotency: IdempotencyKey | undefined,
): Promise<boolean> {
  if (!idempotency) return false;
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, idempotency.key)));
  if (!row) return false;
  if (row.fingerprint !== idempotency.fingerprint) {
    throw new AppError('UNPROCESSABLE', IDEMPOTENCY_MESSAGES.otherRequest, {
      errors: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.otherRequest },
    });
  }
  return true;
}

/**
 * Binds the key to its request, in the transaction that does the work: committed with the work or
 * not at all. A second request with the key at the same time waits here for the first one's
 * transaction and then fails on the primary key (see `isIdempotencyKeyTaken`).
 */
export async function recordIdempotencyKey(
  tx: Transaction,
  scope: string,
  idempotency: IdempotencyKey | undefined,
): Promise<void> {
  if (!idempotency) return;
  await tx.insert(idempotencyKeys).values({
    scope,
    key: idempotency.key,
    fingerprint: idempotency.fingerprint,
  });
}

/** Whether an error is another request having taken the key first. */
export const isIdempotencyKeyTaken = (error: unknown) =>
  isUniqueViolation(error) === 'idempotency_keys_scope_key_pk';
