import PgBoss from 'pg-boss';
import { type DatabaseHandle } from '../db/client';
import { type Logger } from '../lib/logger';

/** Where jobs that failed every attempt are kept for someone to look at (no worker reads it). */
export const FAILED_JOBS_QUEUE = 'failed-jobs';

/** A queue: its name and how its jobs are retried. */
export type JobQueueSpec = {
  name: string;
  /** Attempts after the first failed one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each further one (backoff). */
  retryDelaySeconds: number;
};

/** A kind of job: its queue, and what runs it. */
export type JobDefinition<Data extends object = object> = JobQueueSpec & {
  /** A cron expression (UTC) when the job runs on a schedule, whichever instance gets it first. */
  cron?: string;
  /** Several jobs at once (e-mail), or one at a time (sweeps that take locks). */
  batchSize?: number;
  /** Runs one job; `jobs` is the queue itself, for a job that queues others (a reminder's mail). */
  run: (data: Data, jobs: JobQueue) => Promise<void>;
};

export type JobQueue = {
  /** Queues a job; answers its id. It runs on whichever app instance polls first. */
  send: <Data extends object>(name: string, data: Data) => Promise<string>;
  /** Stops polling and waits for jobs in progress (their retries stay queued). */
  stop: () => Promise<void>;
  /** The job's state, for tests and for inspection. */
  state: (name: string, id: string) => Promise<string | undefined>;
};

export type JobQueueOptions = {
  database: DatabaseHandle;
  logger: Logger;
  definitions: JobDefinition<never>[];
  /**
   * How often an idle worker looks for jobs sent by other instances or due for a retry (a job
   * sent by this instance wakes its worker at once).
   */
  pollingIntervalSeconds?: number;
  /** Runs the schedules (cron) and the queue's upkeep; tests that only send turn them off. */
  schedule?: boolean;
};

const KEEP_FAILED_DAYS = 365;

/**
 * The job queue: pg-boss over the app's own database connection, so the same code runs on the
 * embedded database and on Postgres, and any number of app instances share the work (each job is
 * taken by one instance with SELECT … FOR UPDATE SKIP LOCKED). Its tables come from the
 * migrations (`migrate: false`). A job that throws is retried with backoff; one that fails every
 * attempt stays in the job table as failed and a copy goes to FAILED_JOBS_QUEUE, kept a year.
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { database, logger } = options;
  const schedule = options.schedule ?? true;
  // pg-boss's stop() can answer while the queue still works: it marks a job done or failed
  // without awaiting that statement, and a worker whose fetch was in flight when stop() began
  // still runs the job it brings back. The queue's statements and job runs in flight are kept
  // here so that stop() waits for them and the database is never closed under one.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return work;
  };
  const executeSql: DatabaseHandle['executeSql'] = (text, params) =>
    track(database.executeSql(text, params));
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    migrate: false,
    supervise: schedule,
    schedule,
    // A completed job is kept a day, a failed one archived after 30 days, the archive kept 90.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 90,
  });
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  await boss.start();

  await ensureQueues(boss, options.definitions);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 5;
  const workers = new Map<string, string>();
  const queue: JobQueue = {
    send: async (name, data) => {
      const id = await boss.send(name, data);
      if (!id) throw new Error(`The job queue did not take a ${name} job`);
      // This instance's worker looks at once instead of at its next poll (other instances
      // still find the job when they poll, if this one stops first).
      const workerId = workers.get(name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 8_000 });
      // A finished job's completion is sent in a later microtask than the job's end: a turn of
      // the event loop after each wait lets it join the set before the set is found empty.
      do {
        await Promise.all(inFlight);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0);
    },
    state: async (name, id) => (await boss.getJobById(name, id))?.state,
  };
  for (const definition of options.definitions as JobDefinition[]) {
    const runJobs = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      for (const job of jobs) {
        try {
          await definition.run(job.data, queue);
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          logger.warn(
            { err: error, job: { id: job.id, name: job.name, attempt: job.retryCount + 1 } },
            last ? 'job failed for the last time' : 'job failed; it will be retried',
          );
          throw error;
        }
      }
    };
    const batchSize = definition.batchSize ?? 1;
    const workerId = await boss.work<object>(
      definition.name,
      { pollingIntervalSeconds, batchSize, includeMetadata: true },
      (jobs) => {
        // A full batch may have left more jobs waiting: the worker looks again right after this
        // one instead of a poll later (a burst of e-mails goes out at once, not five per poll).
        if (jobs.length >= batchSize) boss.notifyWorker(workers.get(definition.name) ?? '');
        return track(runJobs(jobs));
      },
    );
    workers.set(definition.name, workerId);
    if (definition.cron && schedule) await boss.schedule(definition.name, definition.cron, {});
  }

  return queue;
}

/**
 * Creates the queues that do not exist yet and updates those whose retries changed (a queue is a
 * table partition of its own: creating one costs a few hundred milliseconds on the embedded
 * database, so a start with the queues in place creates nothing).
 */
async function ensureQueues(boss: PgBoss, specs: JobQueueSpec[]): Promise<void> {
  // Instances starting together race to create a new queue: the loser deadlocks or finds it
  // made, and looks again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ensureQueuesOnce(boss, specs);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const raced = code === '40P01' || code === '23505' || code === '42P07';
      if (!raced || attempt === 10) throw error;
      // Jittered, so that the instances that lost do not meet again.
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 100 * attempt));
    }
  }
}

async function ensureQueuesOnce(boss: PgBoss, specs: JobQueueSpec[]): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  if (!existing.has(FAILED_JOBS_QUEUE)) {
    await boss.createQueue(FAILED_JOBS_QUEUE, {
      name: FAILED_JOBS_QUEUE,
      retentionMinutes: KEEP_FAILED_DAYS * 24 * 60,
    });
  }
  for (const spec of specs) {
    const wanted = {
      name: spec.name,
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      deadLetter: FAILED_JOBS_QUEUE,
    };
    const current = existing.get(spec.name);
    if (!current) await boss.createQueue(spec.name, wanted);
    else if (
      current.retryLimit !== wanted.retryLimit ||
      current.retryDelay !== wanted.retryDelay ||
      current.retryBackoff !== true ||
      current.deadLetter !== FAILED_JOBS_QUEUE
    ) {
      await boss.updateQueue(spec.name, wanted);
    }
  }
}

/** Creates the queues with no worker and no schedule (a database made ready ahead of its app). */
export async function prepareJobQueues(
  database: DatabaseHandle,
  specs: JobQueueSpec[],
): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schema: 'pgboss',
    migrate: false,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await ensureQueues(boss, specs);
  await boss.stop({ graceful: false, close: false, wait: true });
}
