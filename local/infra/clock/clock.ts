/**
 * The stand-ins' one clock. Seeding, the lending rules and the identity stand-in (code and token
 * lifetimes) read "now" here, so the seeded personas sit relative to it (the borrower's loan is
 * always running, the paid-off one always paid off) and tests pin it with LOCAL_NOW (an ISO
 * date-time) instead of depending on the calendar. A test server started with
 * LOCAL_CLOCK_CONTROL=1 can also be moved forward (POST /api/local/clock), so a test of an
 * expiry ages what it needs without sleeping.
 *
 * How far it was moved is kept in the database (local_clock), so every instance on one database
 * keeps one time: each stand-in request reads it first (syncLocalClock, local/routes.ts), and the
 * functions below answer from this process's copy of it.
 */
import type { Queryable } from "../db/index";

// On globalThis: Next may load this module once per route bundle, and every route must see one clock.
const OFFSET = Symbol.for("local.clock.offsetMs");
type WithOffset = typeof globalThis & { [OFFSET]?: number };

export function localNow(): Date {
  const offset = (globalThis as WithOffset)[OFFSET] ?? 0;
  const pinned = process.env.LOCAL_NOW;
  if (pinned) {
    const at = new Date(pinned);
    if (!Number.isNaN(at.getTime())) return new Date(at.getTime() + offset);
  }
  return new Date(Date.now() + offset);
}

/**
 * Real time plus any advance, never pinned: what lifetimes (codes, tokens) are measured against.
 * A pinned LOCAL_NOW stands still, and a code that can never expire is no clock for an expiry.
 */
export function runningNowMs(): number {
  return Date.now() + ((globalThis as WithOffset)[OFFSET] ?? 0);
}

/** Takes the shared offset as this process's copy: another instance may have moved the clock. */
export async function syncLocalClock(db: Queryable): Promise<void> {
  const [row] = await db.query<{ offset_ms: string | number }>("SELECT offset_ms FROM local_clock WHERE id = 1");
  (globalThis as WithOffset)[OFFSET] = Number(row?.offset_ms ?? 0);
}

/** Moves every instance's clock forward by `ms` (never back: time that went by stays gone). */
export async function advanceLocalClock(db: Queryable, ms: number): Promise<Date> {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError("the clock only moves forward, by whole milliseconds");
  const [row] = await db.query<{ offset_ms: string | number }>(
    `INSERT INTO local_clock (id, offset_ms) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET offset_ms = local_clock.offset_ms + EXCLUDED.offset_ms
     RETURNING offset_ms`,
    [ms],
  );
  (globalThis as WithOffset)[OFFSET] = Number(row!.offset_ms);
  return localNow();
}

/** Today as YYYY-MM-DD in UTC, by the stand-ins' clock. */
export function localToday(): string {
  return localNow().toISOString().slice(0, 10);
}

/** The date `months` calendar months after `isoDate` (UTC). */
export function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
