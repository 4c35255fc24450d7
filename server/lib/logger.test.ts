import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { memoryLog } from '../testing/memory-log';

describe('the logger', () => {
  it('logs a failed statement without the values it was sent with', () => {
    const log = memoryLog();
    const secret = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const error = new DrizzleQueryError(
      'update "account_tokens" set "used_at" = now() where "token_hash" = $1',
      [secret],
      new Error('deadlock detected'),
    );
    log.logger.error({ err: error }, 'request failed');
    expect(log.text()).not.toContain(secret);
    const [line] = log.lines;
    expect((line!.err as { message: string }).message).toContain('where "token_hash" = $1');
  });
});
