import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { findProjectRoot } from './project-root';
import { installProcessGuards } from './process-guards';

const run = promisify(execFile);

function spyLogger() {
  return { error: vi.fn() };
}

describe('installProcessGuards', () => {
  it('logs a rejection nobody handled and lets the process go on', () => {
    const target = new EventEmitter();
    const logger = spyLogger();
    const stop = vi.fn();
    installProcessGuards({ logger, stop, target: target as unknown as NodeJS.Process });

    target.emit('unhandledRejection', new Error('nobody awaited this'), Promise.resolve());
    expect(logger.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'nobody awaited this' }) },
      'unhandled promise rejection (the process goes on)',
    );
    expect(stop).not.toHaveBeenCalled();
  });

  it('logs an uncaught exception and stops the server gracefully with exit code 1', () => {
    const target = new EventEmitter();
    const logger = spyLogger();
    const stop = vi.fn();
    installProcessGuards({ logger, stop, target: target as unknown as NodeJS.Process });

    target.emit('uncaughtException', new Error('thrown out of a callback'), 'uncaughtException');
    expect(logger.error).toHaveBeenCalledWith(
      {
        origin: 'uncaughtException',
        err: expect.objectContaining({ message: 'thrown out of a callback' }),
      },
      'uncaught exception: stopping',
    );
    expect(stop).toHaveBeenCalledWith('uncaught exception', 1);
  });

  it('keeps a real Node process alive after a promise rejected with nobody awaiting it', async () => {
    // Node's default ends the process with code 1; the guard logs the rejection instead.
    const script = `
      import { installProcessGuards } from './server/lib/process-guards.ts';
      import { createLogger } from './server/lib/logger.ts';
      installProcessGuards({
        logger: createLogger('error'),
        stop: (reason, exitCode) => process.exit(exitCode),
      });
      void Promise.reject(new Error('nobody awaits this'));
      setTimeout(() => console.log('still running'), 100);
    `;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: findProjectRoot(), timeout: 15_000 },
    );
    expect(stdout.trim()).toBe('still running');
    expect(stderr).toContain('unhandled promise rejection (the process goes on)');
    expect(stderr).toContain('nobody awaits this');
  });
});

describe('a request handler whose promise rejects', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers the generic 500, and the app goes on serving', async () => {
    const agent = context.agent();
    expect((await agent.get('/api/brands')).status).toBe(200);

    // GET /api/brands awaits a query that now fails with an error nobody expects.
    await context.database.query('alter table brands rename to brands_gone');
    try {
      const failed = await agent.get('/api/brands');
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: 'Something went wrong. Please try again.' });
      expect(failed.text).not.toMatch(/brands|relation|select/i);
      expect((await agent.get('/api/health')).status).toBe(200);
    } finally {
      await context.database.query('alter table brands_gone rename to brands');
    }
    expect((await agent.get('/api/brands')).status).toBe(200);
  });
});
