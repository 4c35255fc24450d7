import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { WALLET_PIN } from '@shared/constants';
import { WALLET_PIN_MESSAGES, type WalletPinStatus } from '@shared/schema/wallet-pin';
import { users } from '@shared/tables/users';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';

const NO_PIN: WalletPinStatus = { set: false, locked: false };

/** Whether the user has a wallet PIN, and whether wrong tries have locked it. */
export async function getWalletPinStatus(db: Database, userId: number): Promise<WalletPinStatus> {
  const [row] = await db
    .select({ hash: users.walletPinHash, failures: users.walletPinFailures })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.hash) return NO_PIN;
  return { set: true, locked: row.failures >= WALLET_PIN.maxFailures };
}

/**
 * Sets the wallet PIN, or replaces it: kept only as a password hash, and unlocked (the count of
 * wrong tries belongs to the PIN it counted against).
 */
export async function setWalletPin(
  db: Database,
  userId: number,
  pin: string,
): Promise<WalletPinStatus> {
  const hash = await hashPassword(pin);
  await db
    .update(users)
    .set({ walletPinHash: hash, walletPinFailures: 0 })
    .where(eq(users.id, userId));
  return { set: true, locked: false };
}

/** Removes the wallet PIN: from then on the password (or a code) is asked instead. */
export async function removeWalletPin(db: Database, userId: number): Promise<WalletPinStatus> {
  await db
    .update(users)
    .set({ walletPinHash: null, walletPinFailures: 0 })
    .where(eq(users.id, userId));
  return NO_PIN;
}

/**
 * The wallet PIN, or a refusal. A try is counted before the PIN is compared, in the one
 * statement that also refuses once the count is at the limit, so requests sent together cannot
 * compare more PINs than the limit allows between them; a right PIN sets the count back to zero.
 * Six digits are a million guesses: the few tries are what makes a PIN safe to accept.
 */
export async function requireWalletPin(db: Database, userId: number, pin: string): Promise<void> {
  const [counted] = await db
    .update(users)
    .set({ walletPinFailures: sql`${users.walletPinFailures} + 1` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.walletPinHash),
        lt(users.walletPinFailures, WALLET_PIN.maxFailures),
      ),
    )
    .returning({ hash: users.walletPinHash, failures: users.walletPinFailures });
  if (!counted?.hash) throw await noPinToTry(db, userId);
  if (await verifyPassword(pin, counted.hash)) {
    // Only while it is still the PIN that was compared: one changed meanwhile keeps its count.
    await db
      .update(users)
      .set({ walletPinFailures: 0 })
      .where(and(eq(users.id, userId), eq(users.walletPinHash, counted.hash)));
    return;
  }
  const message = WALLET_PIN_MESSAGES.wrongPin(WALLET_PIN.maxFailures - counted.failures);
  throw new AppError('VALIDATION', message, { errors: { pin: message } });
}

/** Why no try was counted: no PIN is set (409), or wrong tries have locked it (403). */
async function noPinToTry(db: Database, userId: number): Promise<AppError> {
  const status = await getWalletPinStatus(db, userId);
  if (!status.set) {
    return new AppError('CONFLICT', WALLET_PIN_MESSAGES.notSet, {
      errors: { pin: WALLET_PIN_MESSAGES.notSet },
    });
  }
  return new AppError('FORBIDDEN', WALLET_PIN_MESSAGES.locked, {
    errors: { pin: WALLET_PIN_MESSAGES.locked },
    answerCode: 'WALLET_PIN_LOCKED',
  });
}

/** A right password or code unlocks the wallet PIN: it proves more than the PIN does. */
export async function clearWalletPinFailures(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ walletPinFailures: 0 })
    .where(and(eq(users.id, userId), gt(users.walletPinFailures, 0)));
}
