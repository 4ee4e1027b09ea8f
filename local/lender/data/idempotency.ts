import { createHash } from "node:crypto";
import type { Db } from "../../infra/db";

/**
 * Idempotency keys (issue 51), as the lender's API honours them: a mutation sent with an
 * `Idempotency-Key` header runs once per caller, key and operation; a repeat with the same request
 * is answered the first answer, a different request under the same key is refused. The first answer
 * lives in the database (migration 230), so every instance on one database answers a repeat alike,
 * and the unique index decides which of two simultaneous requests runs: the other waits for its
 * answer. Contract: contract/README.md, "Idempotency keys".
 */

export interface KeyScope {
  /** Who asked: the token's sub, or the API key. */
  caller: string;
  key: string;
  /** The operation's name: one key may carry an action's several writes, one each. */
  operation: string;
}

/** A request's identity: its document and variables, whatever order the variables' keys came in. */
export function requestHash(query: string, variables: unknown): string {
  return createHash("sha256").update(query).update("\0").update(stable(variables)).digest("hex");
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b, "en"))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export type Claim =
  /** This request runs; `settle` or `release` it after. */
  | { kind: "run" }
  /** Already answered: the first answer, as it was. */
  | { kind: "replay"; answer: unknown }
  /** The key was used with another request. */
  | { kind: "mismatch" }
  /** The first request with this key is still running after the wait. */
  | { kind: "busy" };

/**
 * How long a key's first answer is kept: 24 hours from its first request (Stripe's keys live as long).
 * A submission's resends come within minutes (offline, a timeout, a balancer's retry); a repeat after
 * this runs again as a new request. Expired rows are deleted by the next keyed write (claim), so the
 * table holds about a day of writes; the index of migration 240 keeps that delete cheap.
 */
export const KEY_KEPT_HOURS = 24;

export interface ClaimOptions {
  /** How long a repeat waits for the first request's answer. */
  waitMs?: number;
  /** A claim older than this with no answer is taken over (its process died before answering). */
  staleAfterMs?: number;
  /** Keys first claimed longer ago than this are deleted (KEY_KEPT_HOURS). */
  keptHours?: number;
}

/** A claim with no answer longer than any request may run (the shell's calls give up after 10 s): its runner is gone. */
const STALE_AFTER_MS = 60_000;
const WAIT_MS = 15_000;
const POLL_MS = 50;

export async function claim(db: Db, scope: KeyScope, hash: string, options: ClaimOptions = {}): Promise<Claim> {
  const staleAfter = `${Math.round(options.staleAfterMs ?? STALE_AFTER_MS)} milliseconds`;
  const until = Date.now() + (options.waitMs ?? WAIT_MS);
  const params = [scope.caller, scope.key, scope.operation];
  await db.query(`DELETE FROM idempotency_keys WHERE claimed_at < now() - $1::interval`, [`${options.keptHours ?? KEY_KEPT_HOURS} hours`]);
  for (;;) {
    // A fresh claim, or one whose runner is gone (no answer for a minute) taken over.
    const mine = await db.query(
      `INSERT INTO idempotency_keys (caller, idempotency_key, operation, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (caller, idempotency_key, operation) DO UPDATE SET claimed_at = now()
         WHERE idempotency_keys.answer IS NULL AND idempotency_keys.request_hash = EXCLUDED.request_hash
           AND idempotency_keys.claimed_at < now() - $5::interval
       RETURNING 1`,
      [...params, hash, staleAfter],
    );
    if (mine.length > 0) return { kind: "run" };
    const row = (
      await db.query<{ request_hash: string; answer: unknown }>(
        `SELECT request_hash, answer FROM idempotency_keys WHERE caller = $1 AND idempotency_key = $2 AND operation = $3`,
        params,
      )
    )[0];
    // Released between the two statements: claim again.
    if (!row) continue;
    if (row.request_hash !== hash) return { kind: "mismatch" };
    if (row.answer !== null && row.answer !== undefined) return { kind: "replay", answer: row.answer };
    if (Date.now() >= until) return { kind: "busy" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first answer, kept for every repeat. */
export async function settle(db: Db, scope: KeyScope, answer: unknown): Promise<void> {
  await db.query(`UPDATE idempotency_keys SET answer = $4::jsonb WHERE caller = $1 AND idempotency_key = $2 AND operation = $3`, [
    scope.caller,
    scope.key,
    scope.operation,
    JSON.stringify(answer),
  ]);
}

/** No answer worth keeping (an internal failure): the key is free for a retry to run again. */
export async function release(db: Db, scope: KeyScope): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE caller = $1 AND idempotency_key = $2 AND operation = $3 AND answer IS NULL`, [
    scope.caller,
    scope.key,
    scope.operation,
  ]);
}
