import { type PassportStatic } from 'passport';
import { type CachedSessionStore } from './auth/cached-session-store';
import { type Config } from './config';
import { type Database, type DatabaseHandle } from './db/client';
import { type JobQueue } from './jobs/job-queue';
import { type Logger } from './lib/logger';
import { type NotificationHub } from './services/notifications/notification-hub';
import { type PaymentProvider } from './services/payments/payment-provider';

/** What every router is built from; types only, so routes never reach the database themselves. */
export type RouteDependencies = {
  db: Database;
  database: DatabaseHandle;
  passport: PassportStatic;
  config: Config;
  logger: Logger;
  paymentProvider: PaymentProvider;
  /** The sessions of every user (listing them, ending them on every instance). */
  sessionStore: CachedSessionStore;
  /** Background work (e-mail, sweeps), run by whichever instance takes it. */
  jobs: JobQueue;
  /** Live notifications for the streams open on this instance. */
  notificationHub: NotificationHub;
};
