import { useRef } from 'react';
import { newIdempotencyKey } from '../../../shared/lib/idempotency-key';

/**
 * The Idempotency-Key of a paid change: the same for a repeated press of one attempt, a new one
 * after a failure (the user may have topped up since) or a success.
 */
export const useAttemptKey = () => {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newIdempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
};
