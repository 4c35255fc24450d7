import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { type SessionStoreConnection } from '../db/client';

export type SessionStore = session.Store & { close: () => void };

/**
 * Sessions live in the `session` table: connect-pg-simple as it comes (it also prunes expired
 * rows). The app reads it through `CachedSessionStore`, which keeps the sessions in use in memory.
 */
export function createSessionStore(options: {
  connection: SessionStoreConnection;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
  /** A session ends this long after its last request: each request moves its expiry. */
  idleTimeoutMs: number;
}): SessionStore {
  const PgStore = connectPgSimple(session);
  return new PgStore({
    ...options.connection,
    tableName: 'session',
    // The table comes from a migration, on both databases.
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
    // The cookie carries no expiry (it lasts while the browser runs), so the row's is this.
    ttl: Math.round(options.idleTimeoutMs / 1000),
  });
}
