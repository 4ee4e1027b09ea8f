/**
 * The stand-ins' one clock. Seeding and the lending rules read "today" here, so the seeded
 * personas sit relative to it (the borrower's loan is always running, the paid-off one always paid
 * off) and tests pin it with LOCAL_NOW (an ISO date-time) instead of depending on the calendar.
 */
export function localNow(): Date {
  const pinned = process.env.LOCAL_NOW;
  if (pinned) {
    const at = new Date(pinned);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date();
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
