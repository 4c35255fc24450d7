import { useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';

export type IdempotencyKey = {
  keyFor(values: unknown): string;
  /**
   * What to send with the current key: the first body sent with it, when this is a retry of it.
   * The server answers a key sent again with another body 422, and a paying form makes a new
   * card token on every submit, so a retry must send the token of its first try.
   */
  bodyFor<Body>(body: Body): Body;
  reset(): void;
};

/**
 * One Idempotency-Key per submission: submitting the same values again (a retry after a lost
 * answer) reuses the key, so the server applies it once; different values get a fresh key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<{ fingerprint: string; key: string; body?: unknown } | null>(null);
  return {
    keyFor(values) {
      const fingerprint = JSON.stringify(values);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    bodyFor<Body>(body: Body): Body {
      if (!current.current) return body;
      if (!('body' in current.current)) current.current.body = body;
      return current.current.body as Body;
    },
    /** After a success, the next submission is a new one even with the same values. */
    reset() {
      current.current = null;
    },
  };
}
