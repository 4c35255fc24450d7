import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { EMAIL_TAKEN_MESSAGE, type MessageResult } from '@shared/schema/users';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { consumeAccountToken } from '../accounts/account-tokens';

const emailTaken = () =>
  new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { errors: { email: EMAIL_TAKEN_MESSAGE } });

/**
 * Follows the link of an e-mail change: the token (single-use, unexpired) names the account and
 * its new address, which becomes the sign-in e-mail unless another account has taken it since
 * (409, and the link still works once the address is free again). No session is needed: the
 * token is the proof, on whichever device the letter is opened.
 */
export async function confirmEmailChange(db: Database, token: string): Promise<MessageResult> {
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeAccountToken(tx, token, 'email_change');
      if (!used?.newEmail) {
        throw new AppError('VALIDATION', SETTINGS_MESSAGES.emailChangeLinkInvalid);
      }
      const newEmail = used.newEmail;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, used.userId)),
        );
      if (taken) throw emailTaken();
      const [changed] = await tx
        .update(users)
        .set({ email: newEmail })
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (!changed) throw new AppError('VALIDATION', SETTINGS_MESSAGES.emailChangeLinkInvalid);
      return { message: SETTINGS_MESSAGES.emailChanged(newEmail) };
    });
  } catch (error) {
    // Another account took the address between the check and the update: the index decides.
    if (isUniqueViolation(error) === 'users_email_lower_idx') throw emailTaken();
    throw error;
  }
}
