import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { queueLetter } from '../../jobs/app-jobs';
import { type JobQueue } from '../../jobs/job-queue';

/**
 * Sends a password-reset link to the account that uses the address, if one does. What the caller
 * sees never depends on that: the contract's limits (per client address and per e-mail) count
 * every request, known address or not, the account is looked up either way, and only queueing
 * the letter (one insert) differs. The link's token is made by the mail job, so nothing secret
 * is in the request or the job.
 */
export async function requestPasswordReset(
  db: Database,
  jobs: JobQueue,
  emailAddress: string,
): Promise<void> {
  const email = emailAddress.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (account) await queueLetter(jobs, { kind: 'password-reset', userId: account.id });
}
