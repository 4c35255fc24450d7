import { eq, sql } from 'drizzle-orm';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';

export type SessionUser = { id: number; type: 'consumer' | 'business'; username: string };

/**
 * Finds the account by e-mail or username (case-insensitive) and checks the password. An unknown
 * account and a wrong password both give null, after the same amount of work.
 */
export async function verifyCredentials(
  db: Database,
  identifier: string,
  password: string,
): Promise<SessionUser | null> {
  const normalized = identifier.trim().toLowerCase();
  // Usernames cannot contain '@', so the identifier's shape tells which unique index to use.
  const column = normalized.includes('@') ? users.email : users.username;
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      username: users.username,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(sql`lower(${column})`, normalized));
  if (!row) return verifyAgainstDummy(password).then(() => null);
  const valid = await verifyPassword(password, row.passwordHash);
  return valid ? { id: row.id, type: row.type, username: row.username } : null;
}

/** The minimal user kept on each request; null when the account no longer exists. */
export async function findSessionUser(db: Database, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, type: users.type, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
