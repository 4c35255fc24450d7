import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { EMAIL_TAKEN_MESSAGE, type MessageResult } from '@shared/schema/users';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { type JobQueue } from '../../jobs/job-queue';
import { queueLetter } from '../../jobs/app-jobs';
import { consumeAccountToken } from '../accounts/account-tokens';

const emailTaken = () =>
  new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { errors: { email: EMAIL_TAKEN_MESSAGE } });

/**
 * Follows the link of an e-mail change: the token (single-use, unexpired) names the account and
 * its new address, which becomes the sign-in e-mail unless another account has taken it since
 * (409, and the link still works once the address is free again). No session is needed: the
 * token is the proof, on whichever device the letter is opened. The old address is then told,
 * so that an owner who did not ask can act.
 */
export async function confirmEmailChange(
  db: Database,
  jobs: JobQueue,
  token: string,
): Promise<MessageResult> {
  let changed: { userId: number; oldEmail: string; newEmail: string };
  try {
    changed = await db.transaction(async (tx) => {
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
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before) throw new AppError('VALIDATION', SETTINGS_MESSAGES.emailChangeLinkInvalid);
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, used.userId));
      return { userId: used.userId, oldEmail: before.email, newEmail };
    });
  } catch (error) {
    // Another account took the address between the check and the update: the index decides.
    if (isUniqueViolation(error) === 'users_email_lower_idx') throw emailTaken();
    throw error;
  }
  await queueLetter(jobs, {
    kind: 'email-changed',
    userId: changed.userId,
    oldEmail: changed.oldEmail,
  });
  return { message: SETTINGS_MESSAGES.emailChanged(changed.newEmail) };
}
