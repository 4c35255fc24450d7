import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInput, registerAs } from '../testing/factories';
import { waitForMailTo } from '../testing/mail';
import { createTestContext, type TestContext } from '../testing/test-app';
import { createLogger } from '../lib/logger';
import { queueLetter } from './app-jobs';
import { FAILED_JOBS_QUEUE, type JobQueue, type JobQueueOptions, startJobQueue } from './job-queue';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** A queue of a test's own: no schedules, nothing logged, a half-second poll unless it says. */
const startTestQueue = (options: Pick<JobQueueOptions, 'definitions'> & Partial<JobQueueOptions>) =>
  startJobQueue({
    database: context.database,
    logger: createLogger('silent'),
    schedule: false,
    pollingIntervalSeconds: 0.5,
    ...options,
  });

async function waitForState(queue: JobQueue, name: string, id: string, state: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const current = await queue.state(name, id);
    if (current === state) return;
    if (Date.now() > deadline) throw new Error(`job ${name} is ${current}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Each test works a queue of its own; run together, their retry delays overlap.
describe.concurrent('the job queue', () => {
  it('retries a job that failed and completes it on a later attempt', async () => {
    const attempts: number[] = [];
    const queue = await startTestQueue({
      definitions: [
        {
          name: 'flaky-test-job',
          retryLimit: 2,
          retryDelaySeconds: 1,
          run: async (data: { n: number }) => {
            attempts.push(data.n);
            if (attempts.length === 1) throw new Error('the first attempt fails');
          },
        },
      ],
    });
    try {
      const id = await queue.send('flaky-test-job', { n: 7 });
      await waitForState(queue, 'flaky-test-job', id, 'completed');
      expect(attempts).toEqual([7, 7]);
    } finally {
      await queue.stop();
    }
  });

  it('works off a burst larger than one batch at once, not a batch per poll', async () => {
    const done: number[] = [];
    const queue = await startTestQueue({
      // Far longer than the test may take: only the worker's own wake-ups can finish the burst.
      pollingIntervalSeconds: 60,
      definitions: [
        {
          name: 'burst-test-job',
          retryLimit: 0,
          retryDelaySeconds: 1,
          batchSize: 2,
          run: async (data: { n: number }) => {
            await new Promise((resolve) => setTimeout(resolve, 100));
            done.push(data.n);
          },
        },
      ],
    });
    try {
      for (let n = 1; n <= 7; n += 1) await queue.send('burst-test-job', { n });
      const deadline = Date.now() + 15_000;
      while (done.length < 7 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await queue.stop();
    }
  });

  it('keeps a job that failed every attempt, as failed and in the failed-jobs queue', async () => {
    let attempts = 0;
    const queue = await startTestQueue({
      definitions: [
        {
          name: 'broken-test-job',
          retryLimit: 1,
          retryDelaySeconds: 1,
          run: async () => {
            attempts += 1;
            throw new Error('always fails');
          },
        },
      ],
    });
    try {
      const id = await queue.send('broken-test-job', { order: 42 });
      await waitForState(queue, 'broken-test-job', id, 'failed');
      expect(attempts).toBe(2);
      const kept = await context.database.query<{ data: { order: number } }>(
        'select data from pgboss.job where name = $1',
        [FAILED_JOBS_QUEUE],
      );
      expect(kept.map((row) => row.data)).toContainEqual({ order: 42 });
    } finally {
      await queue.stop();
    }
  });

  it('stops only once the failure of the job it was running is written', async () => {
    // Once the job has thrown, statements are slowed down, as on a busy database: stop() must
    // still wait for the one that records the failure, or the app would close the database
    // under it.
    let pending = 0;
    let slow = false;
    const database = {
      ...context.database,
      executeSql: async (text: string, params?: unknown[]) => {
        pending += 1;
        try {
          if (slow) await new Promise((resolve) => setTimeout(resolve, 400));
          return await context.database.executeSql(text, params);
        } finally {
          pending -= 1;
        }
      },
    };
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const queue = await startTestQueue({
      database,
      definitions: [
        {
          name: 'stopping-test-job',
          retryLimit: 1,
          retryDelaySeconds: 60,
          run: async () => {
            started();
            await new Promise<void>((resolve) => (release = resolve));
            throw new Error('fails while the queue stops');
          },
        },
      ],
    });
    const id = await queue.send('stopping-test-job', {});
    await running;
    const stopped = queue.stop();
    slow = true;
    release();
    await stopped;
    expect(pending).toBe(0);
    const rows = await context.database.query<{ state: string }>(
      'select state from pgboss.job where id = $1',
      [id],
    );
    expect(rows[0]?.state).toBe('retry');
  });

  it('stops only once a job its worker was fetching as it stopped has run and is marked done', async () => {
    // The worker's fetch answers late, after stop() has begun: the job it brings back still runs,
    // and stop() must wait for it and for the statement that marks it done.
    let pending = 0;
    let fetchedLate: () => void = () => {};
    const fetched = new Promise<void>((resolve) => (fetchedLate = resolve));
    const database = {
      ...context.database,
      executeSql: async (text: string, params?: unknown[]) => {
        pending += 1;
        try {
          const result = await context.database.executeSql(text, params);
          if (text.includes('SKIP LOCKED') && result.rows.length > 0) {
            fetchedLate();
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
          return result;
        } finally {
          pending -= 1;
        }
      },
    };
    let ran = false;
    const queue = await startTestQueue({
      database,
      definitions: [
        {
          name: 'late-fetch-test-job',
          retryLimit: 1,
          retryDelaySeconds: 60,
          run: async () => {
            await context.database.query('select pg_sleep(0.2)');
            ran = true;
          },
        },
      ],
    });
    const id = await queue.send('late-fetch-test-job', {});
    await fetched;
    await queue.stop();
    expect(ran).toBe(true);
    expect(pending).toBe(0);
    const rows = await context.database.query<{ state: string }>(
      'select state from pgboss.job where id = $1',
      [id],
    );
    expect(rows[0]?.state).toBe('completed');
  });

  it('keeps a job through a restart: what one instance failed, the next one runs', async () => {
    const first = await startTestQueue({
      definitions: [
        {
          name: 'restart-test-job',
          retryLimit: 3,
          retryDelaySeconds: 1,
          run: async () => {
            throw new Error('this instance is going down');
          },
        },
      ],
    });
    const id = await first.send('restart-test-job', { card: 5 });
    await waitForState(first, 'restart-test-job', id, 'retry');
    await first.stop();

    const ran: unknown[] = [];
    const second = await startTestQueue({
      definitions: [
        {
          name: 'restart-test-job',
          retryLimit: 3,
          retryDelaySeconds: 1,
          run: async (data: object) => void ran.push(data),
        },
      ],
    });
    try {
      await waitForState(second, 'restart-test-job', id, 'completed');
      expect(ran).toEqual([{ card: 5 }]);
    } finally {
      await second.stop();
    }
  });

  it('runs each job once when several instances work the same queue', async () => {
    const runs: number[] = [];
    const definition = {
      name: 'shared-test-job',
      retryLimit: 0,
      retryDelaySeconds: 1,
      batchSize: 2,
      run: async (data: { n: number }) => {
        runs.push(data.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const instances = await Promise.all(
      [1, 2].map(() =>
        startTestQueue({
          definitions: [definition],
        }),
      ),
    );
    try {
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, n) => instances[n % 2]!.send('shared-test-job', { n })),
      );
      for (const id of ids) await waitForState(instances[0]!, 'shared-test-job', id, 'completed');
      expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });

  it('delivers a letter over SMTP to the local catcher, from the mail job', async () => {
    const input = consumerInput();
    const user = await registerAs(context.agent(), input);
    await queueLetter(context.jobs, { kind: 'password-changed', userId: user.id });
    const [mail] = await waitForMailTo(context.config.dataDir, input.email);
    expect(mail!.subject).toBe('Your mark.it password was changed');
    expect(mail!.text).toContain(`Hi ${input.name},`);
    expect(mail!.html).toContain('<p>Hi Casey Consumer,</p>');
  });
});
