/**
 * Dates, always in UTC so a date does not shift a day with the viewer's time zone (SPEC 3):
 * birthdate MM/DD/YYYY, every other date "MMM DD, YYYY" ("Mar 02, 2026").
 *
 * Accepted input: a Date, epoch milliseconds (number or digit string), "YYYY-MM-DD" (a calendar
 * date, read as UTC midnight), "MM/DD/YYYY" (likewise) or any ISO 8601 timestamp. Anything else,
 * including impossible calendar dates such as 2026-02-30, gives null / "" instead of throwing or
 * rolling over into the next month.
 */

export type DateInput = Date | string | number | null | undefined;

/** Today's calendar date in UTC, as YYYY-MM-DD (dates on the wire are UTC calendar dates). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function utcCalendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02/30 into March and maps years 0-99 to 1900s; reject both.
  date.setUTCFullYear(year);
  const exact = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exact ? date : null;
}

/** The instant a value denotes, or null when it is not a date this module understands. */
export function parseDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") return Number.isFinite(value) ? validDate(new Date(value)) : null;

  const s = value.trim();
  if (/^\d{9,}$/.test(s)) return validDate(new Date(Number(s)));
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return utcCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (m) return utcCalendarDate(Number(m[3]), Number(m[1]), Number(m[2]));
  // Timestamps only: Date.parse on free text is implementation-defined and reads local time.
  m = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(s);
  if (m && utcCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return validDate(new Date(s));
  return null;
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Birthdate as MM/DD/YYYY in UTC; "" for missing or unparseable input. */
export function formatBirthdate(value: DateInput): string {
  const d = parseDate(value);
  if (!d) return "";
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${String(d.getUTCFullYear()).padStart(4, "0")}`;
}

/** Any other date as "MMM DD, YYYY" in UTC ("Mar 02, 2026"); "" for missing or unparseable input. */
export function formatDate(value: DateInput): string {
  const d = parseDate(value);
  if (!d) return "";
  return `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())}, ${String(d.getUTCFullYear()).padStart(4, "0")}`;
}
