import { randomUUID } from 'node:crypto';
import session from 'express-session';
import { LRUCache } from 'lru-cache';
import { type DatabaseHandle } from '../db/client';

/**
 * Every instance LISTENs here; a payload is the announcing instance's id and the id of a session
 * that changed or ended, separated by a space.
 */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** How long this instance answers a session from memory before reading its row again. */
export const SESSION_CACHE_TTL_MS = 60 * 1000;

/**
 * A request moves its session's expiry in the table at most this often per instance: an active
 * user costs one write a minute instead of one per request, so a session ends between 29 and 30
 * minutes after its last request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

const MAX_CACHED_SESSIONS = 50_000;

type Callback = (error?: unknown) => void;
type StoredSession = session.SessionData;
type Inner = session.Store & { close?: () => void };

/**
 * The session store every request reads, in front of the table's own store (`inner`,
 * connect-pg-simple): reading the row and moving its expiry on every request cost the cheapest
 * reads a large share of their requests/s (measured in docs/performance.md), so this instance
 * keeps each session it served for up to a minute and moves its expiry at most once a minute.
 *
 * The row stays the authority. Every change of a session (sign-in, sign-out, a new id) is
 * written to the table and then announced with a NOTIFY, and every instance drops that session
 * from memory when it hears it: a sign-out on one instance is seen by all of them within the
 * notification's round trip. While the listening connection is down (notifications may be
 * missed) nothing is answered from memory.
 */
export class CachedSessionStore extends session.Store {
  /** The stored JSON: every read parses its own copy, since express-session changes it. */
  private readonly sessions = new LRUCache<string, string>({
    max: MAX_CACHED_SESSIONS,
    ttl: SESSION_CACHE_TTL_MS,
    ttlResolution: 0,
  });
  /** When this instance last moved each session's expiry. */
  private readonly touched = new LRUCache<string, true>({
    max: MAX_CACHED_SESSIONS,
    ttl: SESSION_TOUCH_INTERVAL_MS,
    ttlResolution: 0,
  });
  private listening = false;
  /** Bumped by every change heard: a row read that a change overtook is not kept. */
  private changes = 0;
  private readonly stopListening: Promise<(() => Promise<void>) | null>;
  /** Names this instance's announcements, which it has already acted on itself. */
  private readonly instanceId = randomUUID();
  /** Settles once this instance listens for other instances' changes (or failed to). */
  readonly ready: Promise<void>;

  constructor(
    private readonly inner: Inner,
    private readonly database: Pick<DatabaseHandle, 'query' | 'listen'>,
  ) {
    super();
    this.stopListening = database
      .listen(SESSION_CHANGES_CHANNEL, (payload) => this.heard(payload), {
        onConnectionChange: (connected) => {
          this.forgetAll();
          this.listening = connected;
        },
      })
      .then(
        (stop) => {
          // The embedded database never reports a connection: listening starts once LISTEN is on.
          this.listening = true;
          return stop;
        },
        () => null,
      );
    this.ready = this.stopListening.then(() => undefined);
  }

  private heard(payload: string): void {
    const [origin, sid] = payload.split(' ');
    if (sid && origin !== this.instanceId) this.forget(sid);
  }

  private forget(sid: string): void {
    this.changes += 1;
    this.sessions.delete(sid);
    this.touched.delete(sid);
  }

  private forgetAll(): void {
    this.changes += 1;
    this.sessions.clear();
    this.touched.clear();
  }

  /**
   * Tells every instance (this one included) that the session changed or ended. The other
   * instances drop it when they hear; this one at once.
   */
  private announce(sid: string, callback: Callback | undefined) {
    return (error?: unknown) => {
      this.forget(sid);
      if (error) return callback?.(error);
      this.database
        .query('select pg_notify($1, $2)', [SESSION_CHANGES_CHANNEL, `${this.instanceId} ${sid}`])
        .then(() => callback?.(), callback ?? (() => undefined));
    };
  }

  override get(sid: string, callback: (error: unknown, data?: StoredSession | null) => void) {
    const cached = this.listening ? this.sessions.get(sid) : undefined;
    if (cached !== undefined) return callback(null, JSON.parse(cached) as StoredSession);
    const seen = this.changes;
    this.inner.get(sid, (error, data) => {
      if (error) return callback(error);
      if (!data) return callback(null, null);
      const json = JSON.stringify(data);
      if (this.listening && seen === this.changes) this.sessions.set(sid, json);
      callback(null, JSON.parse(json) as StoredSession);
    });
  }

  override set(sid: string, data: StoredSession, callback?: Callback) {
    const written = JSON.stringify(data);
    const seen = this.changes;
    const announced = this.announce(sid, callback);
    this.inner.set(sid, data, (error?: unknown) => {
      // What this instance just wrote is the row, and its expiry is new: the next request (the
      // first after a sign-in) is answered from memory, with no read and no expiry write. Not when
      // another instance's change was heard meanwhile: which write landed last is not known.
      const unchallenged = !error && this.listening && seen === this.changes;
      announced(error);
      if (unchallenged) {
        this.sessions.set(sid, written);
        this.touched.set(sid, true);
      }
    });
  }

  override destroy(sid: string, callback?: Callback) {
    this.inner.destroy(sid, this.announce(sid, callback));
  }

  override touch(sid: string, data: StoredSession, callback?: Callback) {
    if (this.touched.has(sid) || !this.inner.touch) return callback?.();
    this.touched.set(sid, true);
    this.inner.touch(sid, data, (error?: unknown) => {
      if (error) this.touched.delete(sid);
      callback?.(error);
    });
  }

  /**
   * Ends every session of the user but `exceptSid` (the one asking, when it stays signed in), on
   * every instance: the rows go, and each ended session is announced like a sign-out.
   */
  async endUserSessions(userId: number, exceptSid?: string): Promise<number> {
    const ended = await this.database.query<{ sid: string }>(
      `delete from session
        where (sess -> 'passport' -> 'user' ->> 'id') = $1 and sid <> $2
        returning sid`,
      [String(userId), exceptSid ?? ''],
    );
    for (const { sid } of ended) {
      this.forget(sid);
      await this.database.query('select pg_notify($1, $2)', [
        SESSION_CHANGES_CHANNEL,
        `${this.instanceId} ${sid}`,
      ]);
    }
    return ended.length;
  }

  /**
   * Ends one session of the user on every instance, if it is theirs (the row names the user, so
   * an id of someone else's session ends nothing); answers whether it ended.
   */
  async endUserSession(userId: number, sid: string): Promise<boolean> {
    const ended = await this.database.query<{ sid: string }>(
      `delete from session
        where (sess -> 'passport' -> 'user' ->> 'id') = $1 and sid = $2
        returning sid`,
      [String(userId), sid],
    );
    if (ended.length === 0) return false;
    this.forget(sid);
    await this.database.query('select pg_notify($1, $2)', [
      SESSION_CHANGES_CHANNEL,
      `${this.instanceId} ${sid}`,
    ]);
    return true;
  }

  async close(): Promise<void> {
    this.forgetAll();
    this.listening = false;
    const stop = await this.stopListening;
    await stop?.();
    this.inner.close?.();
  }
}
