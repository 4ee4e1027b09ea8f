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

/**
 * The idempotency keys of a form's submissions (issue 51; lib/graphql/idempotency.ts): one key per
 * submission, made at its first press and kept while the same values are sent again — a resend after
 * offline, a retry after an answer that never came — so the API makes that write once and answers a
 * repeat with its first answer. Other values are another submission, with a new key.
 */
interface SubmissionKeys {
  keyFor: (values: unknown) => string;
}

function submissionKeys(): SubmissionKeys {
  let last: { values: string; key: string } | undefined;
  return {
    keyFor(values) {
      const sent = JSON.stringify(values ?? null);
      if (last?.values !== sent) last = { values: sent, key: crypto.randomUUID() };
      return last.key;
    },
  };
}

/** A component's SubmissionKeys, kept for its life. */
export function useSubmissionKeys(): SubmissionKeys {
  return useState(submissionKeys)[0];
}
