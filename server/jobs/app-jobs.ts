import { type Config } from '../config';
import { type Database } from '../db/client';
import { type Logger } from '../lib/logger';
import { composeLetter, type Letter } from '../mail/letters';
import { type Mailer } from '../mail/mailer';
import { expireGiftCards } from '../services/gift-cards/expire-gift-cards';
import { remindExpiringCards } from '../services/gift-cards/remind-expiring-cards';
import { expirePins } from '../services/pins/pin-refunds';
import { pruneRateLimits } from '../services/rate-limit/rate-limit';
import { pruneRedemptionCodes } from '../services/redemptions/prune-redemption-codes';
import { type JobDefinition, type JobQueue, type JobQueueSpec } from './job-queue';

/** The app's queues and their retries. */
export const APP_JOB_QUEUES = {
  // An SMTP server that is down for a while: 30 s, 1, 2, 4, 8 and 16 minutes, then kept as failed.
  sendMail: { name: 'send-mail', retryLimit: 6, retryDelaySeconds: 30 },
  expirePins: { name: 'expire-pins', retryLimit: 2, retryDelaySeconds: 10 },
  expireGiftCards: { name: 'expire-gift-cards', retryLimit: 2, retryDelaySeconds: 10 },
  pruneRateLimits: { name: 'prune-rate-limits', retryLimit: 1, retryDelaySeconds: 60 },
  remindExpiringCards: { name: 'remind-expiring-cards', retryLimit: 3, retryDelaySeconds: 60 },
} as const satisfies Record<string, JobQueueSpec>;

export type AppJobDependencies = {
  db: Database;
  config: Config;
  mailer: Mailer;
  logger: Logger;
};

/** Every job the app runs, with its retries and schedule. */
export function appJobs({
  db,
  config,
  mailer,
  logger,
}: AppJobDependencies): JobDefinition<never>[] {
  const sendMail: JobDefinition<Letter> = {
    ...APP_JOB_QUEUES.sendMail,
    batchSize: 5,
    run: async (letter) => {
      const message = await composeLetter(db, config.publicUrl, letter);
      if (!message) return;
      await mailer.deliver(message);
      // A guest's address is not logged: the job's kind and transaction say which receipt it was.
      const reader = 'userId' in letter ? { userId: letter.userId } : {};
      logger.info({ mail: { kind: letter.kind, ...reader } }, 'mail sent');
    },
  };
  // Sweeps: conditional updates, so two instances running one at once change nothing twice.
  const expiringPins: JobDefinition = {
    ...APP_JOB_QUEUES.expirePins,
    cron: '* * * * *',
    // Expired pins give their unclaimed value back (reads settle a business's own pins too).
    run: async () => void (await expirePins(db)),
  };
  const expiringCards: JobDefinition = {
    ...APP_JOB_QUEUES.expireGiftCards,
    cron: '* * * * *',
    // A promotional card's value goes back to its business; a paid card with value is reissued.
    run: async () => void (await expireGiftCards(db)),
  };
  const pruning: JobDefinition = {
    ...APP_JOB_QUEUES.pruneRateLimits,
    cron: '*/10 * * * *',
    // Ended rate-limit windows, and counter codes a day past their expiry.
    run: async () => {
      await pruneRateLimits(db);
      await pruneRedemptionCodes(db);
    },
  };
  const cardReminders: JobDefinition = {
    ...APP_JOB_QUEUES.remindExpiringCards,
    // Daily, in the US morning; each card is claimed once, so a retry or a second instance
    // reminds of no card twice.
    cron: '0 15 * * *',
    run: async (_data, jobs) =>
      void (await remindExpiringCards(db, (letter) => queueLetter(jobs, letter))),
  };
  return [sendMail, expiringPins, expiringCards, pruning, cardReminders] as JobDefinition<never>[];
}

/** Queues an e-mail; the mail job writes and sends it (never inside the request). */
export const queueLetter = (jobs: JobQueue, letter: Letter) =>
  jobs.send(APP_JOB_QUEUES.sendMail.name, letter);
