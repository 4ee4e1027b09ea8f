"use client";

import { useCallback, useRef, useState } from "react";

/**
 * Wraps an async action so that it runs at most once at a time: a second call while the first is in
 * flight (double click, Enter pressed twice, a slow network) is ignored and gets the same promise.
 * The lock is a ref, set synchronously, so two clicks in the same frame still send one request;
 * `pending` is state, for the button's label and disabled attribute.
 */
export function useSubmitOnce<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
): {
  run: (...args: A) => Promise<R>;
  pending: boolean;
} {
  const inFlight = useRef<Promise<R> | null>(null);
  const latest = useRef(action);
  latest.current = action;
  const [pending, setPending] = useState(false);

  const run = useCallback((...args: A): Promise<R> => {
    if (inFlight.current) return inFlight.current;
    setPending(true);
    const promise = (async () => {
      try {
        return await latest.current(...args);
      } finally {
        inFlight.current = null;
        setPending(false);
      }
    })();
    inFlight.current = promise;
    return promise;
  }, []);

  return { run, pending };
}
