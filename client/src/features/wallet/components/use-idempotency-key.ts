import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';

/**
 * One Idempotency-Key per submission: submitting the same values again (a retry after a lost
 * answer) reuses the key, so the server applies it once; different values get a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(values: unknown): string {
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
