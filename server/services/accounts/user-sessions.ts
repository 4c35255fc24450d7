import { createHash } from 'node:crypto';
import { and, gt, sql } from 'drizzle-orm';
import { type SignedInSession } from '@shared/schema/account';
import { sessions } from '@shared/tables/sessions';
import { sessionLifetime } from '../../auth/session';
import { UNKNOWN_DEVICE } from '../../auth/session-device';
import { type Database } from '../../db/client';

/**
 * How the list names a session: a digest of its id, so the answer (and the page, and any log of
 * it) never holds the id that signs a cookie in. 128 bits: no two sessions share one.
 */
export const publicSessionId = (sid: string) =>
  createHash('sha256').update(`session:${sid}`, 'utf8').digest('base64url').slice(0, 22);

type StoredSession = {
  signedInAt?: number;
  remember?: boolean;
  device?: string;
};

/** The user's sessions that still work: their rows, by the index on the id passport keeps. */
async function liveSessionsOf(db: Database, userId: number) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess, expire: sessions.expire })
    .from(sessions)
    .where(
      and(
        sql`(${sessions.sess} -> 'passport' -> 'user' ->> 'id') = ${String(userId)}`,
        gt(sessions.expire, sql`now()`),
      ),
    );
  const now = Date.now();
  return rows
    .map((row) => ({ ...row, sess: (row.sess ?? {}) as StoredSession }))
    .filter(
      ({ sess }) => !sess.signedInAt || now - sess.signedInAt <= sessionLifetime(sess).absoluteMs,
    );
}

/**
 * The user's signed-in sessions, the asking one first and then the most recently used. A row's
 * expiry is its last use plus the idle timeout (the store moves it at most once a minute), which
 * gives 'last used' without a write per request.
 */
export async function listUserSessions(
  db: Database,
  userId: number,
  currentSid: string,
): Promise<SignedInSession[]> {
  const now = Date.now();
  const listed = (await liveSessionsOf(db, userId)).map(({ sid, sess, expire }) => {
    const current = sid === currentSid;
    const fromExpiry = new Date(expire).getTime() - sessionLifetime(sess).idleMs;
    const lastUsed = current ? now : Math.max(Math.min(fromExpiry, now), sess.signedInAt ?? 0);
    return {
      id: publicSessionId(sid),
      device: sess.device ?? UNKNOWN_DEVICE,
      signedInAt: sess.signedInAt ? new Date(sess.signedInAt).toISOString() : null,
      lastUsedAt: new Date(lastUsed).toISOString(),
      current,
      remembered: sess.remember === true,
    };
  });
  return listed.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.lastUsedAt.localeCompare(a.lastUsedAt) ||
      a.id.localeCompare(b.id),
  );
}

/** The session id behind a listed id, when it is one of the user's live sessions; else null. */
export async function findUserSession(
  db: Database,
  userId: number,
  publicId: string,
): Promise<string | null> {
  const found = (await liveSessionsOf(db, userId)).find(
    ({ sid }) => publicSessionId(sid) === publicId,
  );
  return found?.sid ?? null;
}
