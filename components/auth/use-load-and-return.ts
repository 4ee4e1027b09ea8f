"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { renewSessionOnDemand, type RenewOutcome } from "@/lib/auth/amplify-on-demand";
import { loginFor, returnTarget } from "@/lib/auth/redirect-target";
import { refreshClaims, type ClaimsRefresh } from "@/lib/auth/refresh-claims";
import type { PublicConfig } from "@/lib/config/env";

export type LoadState = "loading" | "failed" | "looping";

export interface LoadAndReturnDeps {
  /** Refreshes an expired identity first (a verifying session, SPEC 4); never throws. */
  renew?: () => Promise<RenewOutcome>;
  refresh: () => Promise<ClaimsRefresh>;
  /** location.replace: the waiting page does not stay in history. */
  replace: (url: string) => void;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  now?: () => number;
}

/** The props of the pages that load and return (/wait-load-redirect, /_restricted while signing in). */
export interface LoadAndReturnProps {
  redirect?: string;
  /** Given for a verifying session: Amplify, configured from this, refreshes the identity first. */
  renewWith?: PublicConfig;
  deps?: Partial<LoadAndReturnDeps>;
}

/** The tab's sessionStorage, touched only when used: its first touch can cost the browser milliseconds (issue 24). */
const sessionStore: NonNullable<LoadAndReturnDeps["storage"]> = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
  removeItem: (key) => window.sessionStorage.removeItem(key),
};

const defaults: LoadAndReturnDeps = {
  refresh: () => refreshClaims(),
  replace: (url) => window.location.replace(url),
  storage: sessionStore,
};

/**
 * A guarded page sent here comes back once the claims cookie is written; were the cookie not to
 * stick, the middleware would send the visitor straight back. This counts returns to the same
 * target within a short window and stops the ping-pong with a message instead.
 */
export const LOOP_KEY = "shell.loadAndReturn";
const LOOP_WINDOW_MS = 30_000;
const LOOP_LIMIT = 3;

function tooManyReturns(target: string, storage: LoadAndReturnDeps["storage"], now: number): boolean {
  if (!storage) return false;
  try {
    const raw = storage.getItem(LOOP_KEY);
    const last = raw ? (JSON.parse(raw) as { target?: string; count?: number; at?: number }) : {};
    const recent = last.target === target && typeof last.at === "number" && now - last.at < LOOP_WINDOW_MS;
    const count = recent ? (last.count ?? 0) + 1 : 1;
    storage.setItem(LOOP_KEY, JSON.stringify({ target, count, at: now }));
    return count > LOOP_LIMIT;
  } catch {
    return false;
  }
}

/**
 * /wait-load-redirect and /_restricted while signing in: load the user's application data (the
 * claims cookie), then return to the redirect target (or the dashboard). A session that has gone
 * goes to sign in, coming back to the same target; a failed load offers a retry. With `renewWith`
 * (a verifying session) Amplify, configured from it, refreshes the identity first.
 */
export function useLoadAndReturn(redirect: string | undefined, deps: Partial<LoadAndReturnDeps> = {}, renewWith?: PublicConfig) {
  const { renew, refresh, replace, storage, now } = {
    ...defaults,
    ...(renewWith ? { renew: () => renewSessionOnDemand(renewWith) } : {}),
    ...deps,
  };
  const target = returnTarget(redirect);
  const [state, setState] = useState<LoadState>("loading");
  const running = useRef(false);

  const load = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setState("loading");
    // A refresh token the service refused: signed out, and the claims request would only say so too.
    const renewed = await renew?.();
    const result: ClaimsRefresh = renewed === "signed-out" ? { ok: false, reason: "signed-out" } : await refresh();
    running.current = false;
    if (result.ok) {
      if (tooManyReturns(target, storage, (now ?? Date.now)())) {
        setState("looping");
        return;
      }
      replace(target);
      return;
    }
    if (result.reason === "signed-out") {
      replace(loginFor(target));
      return;
    }
    setState("failed");
  }, [now, renew, refresh, replace, storage, target]);

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on arrival; retry() loads again
  }, []);

  const retry = useCallback(() => {
    try {
      storage?.removeItem(LOOP_KEY);
    } catch {
      // Blocked storage: nothing was counted either.
    }
    void load();
  }, [load, storage]);

  return { state, target, retry };
}
