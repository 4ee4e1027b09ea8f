import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

/**
 * Cognito's key set (JWKS) for verifying identity tokens, kept so that an outage of the key
 * endpoint is never taken for a bad token (issue 44 item 2):
 * - no key set yet and the fetch fails or times out: the token cannot be checked yet →
 *   KeySetUnavailableError (the session is "verifying", never "anonymous");
 * - a key set older than `maxAgeMs` whose refresh fails: the keys held are used (keys are rotated
 *   in, never yanked: Cognito publishes a new key before signing with it);
 * - a token whose kid is not in the set (a rotation): the set is fetched again at once, at most once
 *   per `cooldownMs`; still unknown after a fetch, the token is not ours (null from the verifier);
 *   within the cooldown of a fetch that answered, the set is as current as it gets: the kid is
 *   invalid as well (an anonymous visitor's forged kid is no outage: issue 51 item 6); only while
 *   the key endpoint is failing is it "cannot be checked yet" → KeySetUnavailableError.
 * Each fetch is bounded by `timeoutMs`; concurrent requests share one fetch. `onEpisode` is told
 * once when fetching starts failing and once when it recovers (one log line per episode).
 */
export class KeySetUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("the identity key set could not be fetched", { cause });
    this.name = "KeySetUnavailableError";
  }
}

/**
 * Whether a verification failed only because the key set is out of reach. By name as well as by class:
 * the key set is shared by the process's bundles (id-token.ts), each with its own copy of this class.
 */
export function isKeySetUnavailable(error: unknown): boolean {
  return error instanceof KeySetUnavailableError || (error instanceof Error && error.name === "KeySetUnavailableError");
}

const errorName = (error: unknown): string =>
  typeof error === "object" && error !== null && typeof (error as { name?: unknown }).name === "string"
    ? (error as { name: string }).name
    : "unknown";

export interface KeySetOptions {
  url: string;
  timeoutMs: number;
  /** Least time between two fetches (a new kid, or a failure). */
  cooldownMs?: number;
  /** How long a fetched set is used before it is fetched again. */
  maxAgeMs?: number;
  fetchImpl?: (url: string, init: RequestInit) => Promise<Response>;
  onEpisode?: (event: "failing" | "recovered", detail: { error?: string }) => void;
  now?: () => number;
}

export const KEY_SET_COOLDOWN_MS = 5_000;
export const KEY_SET_MAX_AGE_MS = 3_600_000;
/** The claims route's Retry-After while the key set is out of reach: the next fetch may be tried by then. */
export const KEY_SET_RETRY_AFTER_SECONDS = Math.ceil(KEY_SET_COOLDOWN_MS / 1000);

export interface KeySet {
  getKey: JWTVerifyGetKey;
  /** Whether the last fetch failed (an episode is under way). */
  readonly failing: boolean;
}

export function createKeySet(options: KeySetOptions): KeySet {
  const cooldownMs = options.cooldownMs ?? KEY_SET_COOLDOWN_MS;
  const maxAgeMs = options.maxAgeMs ?? KEY_SET_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetchImpl ?? ((url, init) => fetch(url, init));
  let local: JWTVerifyGetKey | undefined;
  let fetchedAt = -Infinity;
  let attemptedAt = -Infinity;
  let pending: Promise<boolean> | undefined;
  let failing = false;

  async function fetchOnce(): Promise<boolean> {
    attemptedAt = now();
    try {
      const response = await fetchImpl(options.url, {
        method: "GET",
        headers: { accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs),
        cache: "no-store",
      });
      if (response.status !== 200) throw new Error(`key set answered ${response.status}`);
      const json = (await response.json()) as JSONWebKeySet;
      local = createLocalJWKSet(json);
      fetchedAt = now();
      if (failing) options.onEpisode?.("recovered", {});
      failing = false;
      return true;
    } catch (error) {
      if (!failing) options.onEpisode?.("failing", { error: errorName(error) });
      failing = true;
      return false;
    }
  }

  /** One fetch at a time; none within the cooldown of the last attempt. Whether a fetch succeeded just now. */
  function refetch(): Promise<boolean> {
    if (pending) return pending;
    if (now() - attemptedAt < cooldownMs) return Promise.resolve(false);
    pending = fetchOnce().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (!local || now() - fetchedAt > maxAgeMs) await refetch();
    if (!local) throw new KeySetUnavailableError();
    try {
      return await local(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      // A kid not in the set: fetch now (a rotation), unless one was tried just now.
      const fetched = await refetch();
      if (!fetched && failing) throw new KeySetUnavailableError(error);
      // Fetched just now, or within the cooldown of a fetch that answered: the kid is not in the set.
      return local(header, token);
    }
  };

  return {
    getKey,
    get failing() {
      return failing;
    },
  };
}
