import { and, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { type emailChangeRequestSchema, SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { type MessageResult } from '@shared/schema/users';
import { users } from '@shared/tables/users';
import { type z } from 'zod';
import { verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { AppError, unauthenticated } from '../../lib/errors';

type EmailChangeRequest = z.output<typeof emailChangeRequestSchema>;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', message, { errors: { [field]: message } });

/**
 * Asks for a new sign-in address: with the right current password, a confirmation link goes to
 * the new address (the mail job makes it); nothing changes until it is followed. An address
 * another account has gets no letter, and the answer is the same either way, so that it tells
 * no one which addresses have accounts.
 */
export async function requestEmailChange(
  db: Database,
  jobs: JobQueue,
  userId: number,
  input: EmailChangeRequest,
): Promise<MessageResult> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw invalid('currentPassword', ACCOUNT_MESSAGES.wrongCurrentPassword);
  }
  if (input.newEmail.toLowerCase() === user.email.toLowerCase()) {
    throw invalid('newEmail', SETTINGS_MESSAGES.emailUnchanged);
  }

  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.newEmail.toLowerCase()), ne(users.id, userId)));
  if (!taken) {
    await queueLetter(jobs, { kind: 'email-change', userId, newEmail: input.newEmail });
  }
  return { message: SETTINGS_MESSAGES.emailChangeSent(input.newEmail) };
}
