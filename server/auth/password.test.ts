import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashCost, verifyPassword } from './password';

describe('password hashing', () => {
  // The cost the server hashes at when PASSWORD_HASH_COST is unset; an app built earlier in the
  // same test worker may have left it lower.
  beforeEach(() => setPasswordHashCost(15));

  it('hashes with scrypt N=2^15 and a per-user salt', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong or malformed one', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
  });

  it('hashes at the configured cost, and still verifies hashes made at another one', async () => {
    const before = await hashPassword('correct horse');
    setPasswordHashCost(10);
    try {
      const cheaper = await hashPassword('correct horse');
      expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword('correct horse', cheaper)).toBe(true);
      expect(await verifyPassword('correct horse', before)).toBe(true);
      expect(await verifyPassword('correct horsf', before)).toBe(false);
    } finally {
      setPasswordHashCost(15);
    }
  });
});
