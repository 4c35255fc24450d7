import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

// scrypt is memory-hard; N = 2^15 with r = 8 needs 32 MiB, so maxmem must allow more than that
// (the configured cost goes up to 2^20, 1 GiB).
const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const maxMemoryFor = (N: number) => Math.max(64 * 1024 * 1024, 2 * 128 * BLOCK_SIZE * N);

let parameters = { N: 2 ** 15, r: BLOCK_SIZE, p: 1 };
let dummyHash: Promise<string> | undefined;

/**
 * The cost of new hashes (PASSWORD_HASH_COST), set once at start from the configuration: one
 * process serves one configuration. A stored hash carries its own parameters, so changing the
 * cost never locks anyone out; the test suites lower it, as hashing would otherwise take most of
 * their time.
 */
export function setPasswordHashCost(cost: number): void {
  if (parameters.N === 2 ** cost) return;
  parameters = { ...parameters, N: 2 ** cost };
  dummyHash = undefined;
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password,
      salt,
      KEY_LENGTH,
      { ...options, maxmem: maxMemoryFor(options.N ?? parameters.N) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = parameters;
  const key = await scrypt(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Spends the same time as a real check, so that an unknown account cannot be told apart from a
 * wrong password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
