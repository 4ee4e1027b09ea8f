/**
 * US-dollar amounts. Inputs (salary, additionalIncome, amount) show thousands commas and are stored
 * as numbers; read-only amounts show as currency ("$4,906.80"). Never throws: unparseable input
 * gives null from the parser and "" from the formatters.
 */

type Raw = string | number | null | undefined;

/** Parses "$4,906.80", "4906.8", 4906.8 or "-12" to a number; null for empty or junk. */
export function parseAmount(value: Raw): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined) return null;
  const cleaned = value.trim().replace(/[$,\s]/g, "");
  // Strict shape: Number() would also accept "1e5", "0x10" and "Infinity".
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * "$4,906.80"; `{ cents: false }` rounds to whole dollars ("$10,000"). "" for junk. The same text
 * as Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }) gives (money.test.ts holds
 * them equal), without building one: a page's first Intl formatter costs 12-30 ms of main thread on
 * this machine, four times that on a phone, and every page formats an amount as it hydrates (issue 24).
 */
export function formatUsd(value: Raw, options: { cents?: boolean } = {}): string {
  const amount = parseAmount(value);
  if (amount === null) return "";
  const places = options.cents === false ? 0 : 2;
  const [whole, fraction] = roundHalfExpand(Math.abs(amount), places);
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `${sign}$${groupThousands(whole)}${places ? `.${fraction}` : ""}`;
}

/** "45000" -> "45,000": a run of digits with a comma every three from the right. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A non-negative number rounded to `places` decimals, half away from zero, on its shortest decimal
 * form (as Intl rounds: 1.005 is "1.01", where toFixed gives "1.00"); whole part and fraction digits.
 */
function roundHalfExpand(value: number, places: number): [string, string] {
  const text = String(value);
  if (text.includes("e")) {
    // Below 1e-6 it rounds to zero; from 1e21 up a double is a whole number.
    return value < 1 ? ["0", "0".repeat(places)] : [BigInt(value).toString(), "0".repeat(places)];
  }
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = BigInt(whole + fraction.padEnd(places, "0").slice(0, places)) + BigInt(fraction.charAt(places) >= "5" ? 1 : 0);
  const digits = kept.toString().padStart(places + 1, "0");
  return [digits.slice(0, digits.length - places), digits.slice(digits.length - places)];
}

/**
 * As-you-type mask for amount inputs: digits with thousands commas and at most two decimals
 * ("45000.5" -> "45,000.5"). Anything other than digits and one decimal point is dropped.
 */
export function formatAmountInput(value: Raw): string {
  if (value === null || value === undefined) return "";
  const cleaned = String(value).replace(/[^\d.]/g, "");
  const dot = cleaned.indexOf(".");
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, "");
  const grouped = groupThousands(whole);
  if (dot === -1) return grouped;
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 2);
  return `${grouped || "0"}.${fraction}`;
}
