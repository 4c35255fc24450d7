import { count, inArray } from 'drizzle-orm';
import { users } from '@shared/schema/users';
import { registerUser } from '../services/auth/register-user';
import { type Database } from './client';

/** Shared password of the demo accounts; printed at start and listed in the README. */
export const DEMO_PASSWORD = 'markit-demo';

type DemoAccount = Parameters<typeof registerUser>[1];

// People and businesses a newcomer can sign in as. Each capability adds its own demo data here.
const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    type: 'consumer',
    email: 'ava@example.com',
    username: 'ava_thompson',
    name: 'Ava Thompson',
    phoneNumber: '(617) 555-0142',
    password: DEMO_PASSWORD,
    brands: ['starbucks', 'dunkin'],
    identifiers: [1, 5, 10],
  },
  {
    type: 'consumer',
    email: 'liam@example.com',
    username: 'liam_carter',
    name: 'Liam Carter',
    phoneNumber: '(312) 555-0178',
    password: DEMO_PASSWORD,
    brands: ['walmart', 'starbucks'],
    identifiers: [11, 13, 14],
  },
  {
    type: 'consumer',
    email: 'maya@example.com',
    username: 'maya_rodriguez',
    name: 'Maya Rodriguez',
    phoneNumber: '(512) 555-0193',
    password: DEMO_PASSWORD,
    brands: ['dunkin'],
    identifiers: [3, 9],
  },
  {
    type: 'business',
    email: 'hello@beanstreet.example.com',
    username: 'bean_street',
    name: 'Bean Street Coffee Co.',
    password: DEMO_PASSWORD,
  },
  {
    type: 'business',
    email: 'team@cornermarket.example.com',
    username: 'corner_market',
    name: 'Corner Market Partners',
    password: DEMO_PASSWORD,
  },
];

export const DEMO_USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);

/** Creates the demo accounts that do not exist yet; returns how many were created. */
export async function seedDemoData(db: Database): Promise<number> {
  const existing = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, DEMO_USERNAMES));
  const present = new Set(existing.map((row) => row.username));
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (present.has(account.username)) continue;
    await registerUser(db, account);
    created++;
  }
  return created;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) === 0;
}

/** The demo sign-ins that exist in this database, for the start-up banner. */
export async function listDemoSignIns(db: Database): Promise<{ username: string; type: string }[]> {
  const rows = await db
    .select({ username: users.username, type: users.type })
    .from(users)
    .where(inArray(users.username, DEMO_USERNAMES));
  return DEMO_ACCOUNTS.filter((account) =>
    rows.some((row) => row.username === account.username),
  ).map((account) => ({ username: account.username, type: account.type }));
}
