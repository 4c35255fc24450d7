import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { type DatabaseHandle, type SessionStoreConnection } from '../db/client';

/** Every instance LISTENs here; a payload is the id of a session that changed or ended. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/**
 * A request refreshes its session's expiry in the store at most this often per instance: an
 * active user costs one write a minute instead of one per request. A session therefore ends
 * between 29 and 30 minutes after its last request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** How long this instance answers a session from memory before reading its row again. */
export const SESSION_CACHE_TTL_MS = 60 * 1000;
const MAX_CACHED_SESSIONS = 50_000;

type Callback = (error?: unknown) => void;
type CachedSession = {
  /** The stored JSON: every read parses its own copy, since express-session mutates it. */
  json: string;
  /** When the row expires as far as this instance knows (its `expire` column). */
  expiresAt: number;
  cachedAt: number;
  /** When this instance last wrote the row's expiry (touch throttling). */
  touchedAt: number;
};

type SessionRow = { sess: unknown; expire_ms: number | string };

export type SessionStore = session.Store & { close: () => Promise<void> };

/**
 * The session store: rows in the `session` table (connect-pg-simple prunes expired ones), with
 * an in-process cache so that a signed-in request does not read its session row each time.
 *
 * The row stays the authority. Every write of a row (sign-in, change, sign-out) sends a NOTIFY
 * in the same statement, and every instance drops that session from its cache when it arrives,
 * so a session ended on one instance is dead on all of them at once. While the listening
 * connection is down (notifications may be missed), the cache is emptied and not used. A cached
 * session is re-read at least once a minute, and never answered past the expiry this instance
 * knows of (it then asks the row, which another instance may have extended).
 */
export function createSessionStore(options: {
  connection: SessionStoreConnection;
  database: Pick<DatabaseHandle, 'query' | 'listen'>;
  /** Prune expired rows on a timer (off in tests, where many apps come and go). */
  pruneExpired: boolean;
  /** A session ends this long after its last request: each write or touch moves its expiry. */
  idleTimeoutMs: number;
}): SessionStore {
  const { database } = options;
  const PgStore = connectPgSimple(session);
  const cache = new Map<string, CachedSession>();
  let listening = false;
  // Bumped by every invalidation: a row read that an invalidation overtook is not cached.
  let invalidations = 0;

  const drop = (sid: string) => {
    invalidations += 1;
    cache.delete(sid);
  };
  const dropAll = () => {
    invalidations += 1;
    cache.clear();
  };
  const remember = (sid: string, entry: CachedSession) => {
    cache.delete(sid);
    cache.set(sid, entry);
    if (cache.size > MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };

  const stopListening = database
    .listen(SESSION_CHANGES_CHANNEL, drop, {
      onConnectionChange: (connected) => {
        dropAll();
        listening = connected;
      },
    })
    .then(
      (stop) => {
        // The embedded database never reports a connection: listening starts once LISTEN is on.
        listening = true;
        return stop;
      },
      () => null,
    );

  // The cookie itself carries no expiry (it lasts while the browser runs): the row's is the one.
  const expiryOf = () => Date.now() + options.idleTimeoutMs;
  const done = (callback: Callback | undefined, promise: Promise<unknown>) => {
    promise.then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  };

  class CachedPgStore extends PgStore {
    override get(
      sid: string,
      callback: (error: unknown, data?: session.SessionData | null) => void,
    ) {
      const now = Date.now();
      const cached = listening ? cache.get(sid) : undefined;
      if (cached && now - cached.cachedAt < SESSION_CACHE_TTL_MS && now < cached.expiresAt) {
        callback(null, JSON.parse(cached.json) as session.SessionData);
        return;
      }
      const seen = invalidations;
      database
        .query<SessionRow>(
          `select sess, (extract(epoch from expire) * 1000)::float8 as expire_ms
             from "session" where sid = $1 and expire >= to_timestamp($2)`,
          [sid, now / 1000],
        )
        .then(
          ([row]) => {
            if (!row) {
              cache.delete(sid);
              return callback(null, null);
            }
            const json = typeof row.sess === 'string' ? row.sess : JSON.stringify(row.sess);
            if (listening && seen === invalidations) {
              remember(sid, {
                json,
                expiresAt: Number(row.expire_ms),
                cachedAt: now,
                touchedAt: cached?.touchedAt ?? 0,
              });
            }
            callback(null, JSON.parse(json) as session.SessionData);
          },
          (error: unknown) => callback(error),
        );
    }

    override set(sid: string, data: session.SessionData, callback?: Callback) {
      drop(sid);
      done(
        callback,
        database.query(
          `with saved as (
             insert into "session" (sid, sess, expire) values ($1, $2, to_timestamp($3))
             on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire
             returning sid)
           select pg_notify($4, sid) from saved`,
          [sid, JSON.stringify(data), expiryOf() / 1000, SESSION_CHANGES_CHANNEL],
        ),
      );
    }

    override destroy(sid: string, callback?: Callback) {
      drop(sid);
      done(
        callback,
        database.query(
          `with ended as (delete from "session" where sid = $1 returning sid)
           select pg_notify($2, sid) from ended`,
          [sid, SESSION_CHANGES_CHANNEL],
        ),
      );
    }

    override touch(sid: string, _data: session.SessionData, callback?: Callback) {
      const now = Date.now();
      const cached = cache.get(sid);
      if (cached && now - cached.touchedAt < SESSION_TOUCH_INTERVAL_MS) {
        callback?.();
        return;
      }
      const expiresAt = expiryOf();
      const seen = invalidations;
      done(
        callback,
        database
          .query(`update "session" set expire = to_timestamp($1) where sid = $2 returning sid`, [
            expiresAt / 1000,
            sid,
          ])
          .then((rows) => {
            const current = cache.get(sid);
            if (rows.length > 0 && current && seen === invalidations) {
              remember(sid, { ...current, expiresAt, touchedAt: now });
            }
          }),
      );
    }

    override async close() {
      super.close();
      dropAll();
      listening = false;
      const stop = await stopListening;
      await stop?.();
    }
  }

  return new CachedPgStore({
    ...options.connection,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
  }) as SessionStore;
}
