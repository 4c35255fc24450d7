import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';

export type IdempotencyKey = { keyFor(values: unknown): string; reset(): void };

/**
 * One Idempotency-Key per submission: submitting the same values again (a retry after a lost
 * answer) reuses the key, so the server applies it once; different values get a fresh key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(values) {
      const fingerprint = JSON.stringify(values);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    /** After a success, the next submission is a new one even with the same values. */
    reset() {
      current.current = null;
    },
  };
}
