import pLimit from 'p-limit';

/**
 * How many uploaded images this instance decodes and encodes at once; the others wait their turn.
 * sharp runs each image on one of libuv's four threads (UV_THREADPOOL_SIZE) for its whole decode,
 * and scrypt (every sign-in's password check), file reads and DNS run on the same four: four
 * hostile uploads at once would hold all of them, and sign-ins would wait seconds behind them.
 * Two leave two threads, and the cores' share the decodes do not take, to everything else.
 */
export const MAX_CONCURRENT_DECODES = 2;

const limit = pLimit(MAX_CONCURRENT_DECODES);

let running = 0;
let mostAtOnce = 0;

/** Runs `decode` when fewer than `MAX_CONCURRENT_DECODES` others are running, queued until then. */
export function withDecodeSlot<T>(decode: () => Promise<T>): Promise<T> {
  return limit(async () => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      return await decode();
    } finally {
      running -= 1;
    }
  });
}

/**
 * What the limiter has seen since it was last reset: the decodes running and waiting now, and the
 * most that ever ran at once (for the tests, which prove the limit holds under load).
 */
export function decodeSlots(): { running: number; waiting: number; mostAtOnce: number } {
  return { running, waiting: limit.pendingCount, mostAtOnce };
}

/** Starts counting `mostAtOnce` anew from what runs now. */
export function resetDecodeSlotPeak(): void {
  mostAtOnce = running;
}
