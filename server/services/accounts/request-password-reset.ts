import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';
import { consumeRateLimit } from '../rate-limit/rate-limit';

const HOUR_SECONDS = 60 * 60;

/**
 * Sends a password-reset link to the account that uses the address, if one does. What the caller
 * sees never depends on that: both limits count every request (known address or not), the
 * account is looked up either way, and only queueing the letter (one insert) differs. The link's
 * token is made by the mail job, so nothing secret is in the request or the job.
 */
export async function requestPasswordReset(
  db: Database,
  jobs: JobQueue,
  input: { email: string; address: string | undefined; perHour: number },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const rule = {
    limit: input.perHour,
    windowSeconds: HOUR_SECONDS,
    message: ACCOUNT_MESSAGES.resetRateLimited,
  };
  // Both taken in one statement before anything else, so of many requests sent at once no more
  // than the limits go on; a request refused by one limit counts against neither.
  await consumeRateLimit(
    db,
    { ...rule, key: `password-reset:address:${input.address ?? ''}` },
    { ...rule, key: `password-reset:email:${email}` },
  );

  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (account) await queueLetter(jobs, { kind: 'password-reset', userId: account.id });
}
