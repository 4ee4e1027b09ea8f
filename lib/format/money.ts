/**
 * US-dollar amounts. Inputs (salary, additionalIncome, amount) show thousands commas and are stored
 * as numbers; read-only amounts show as currency ("$4,906.80"). Never throws: unparseable input
 * gives null from the parser and "" from the formatters.
 */

type Raw = string | number | null | undefined;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Parses "$4,906.80", "4906.8", 4906.8 or "-12" to a number; null for empty or junk. */
export function parseAmount(value: Raw): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined) return null;
  const cleaned = value.trim().replace(/[$,\s]/g, "");
  // Strict shape: Number() would also accept "1e5", "0x10" and "Infinity".
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** "$4,906.80"; `{ cents: false }` rounds to whole dollars ("$10,000"). "" for junk. */
export function formatUsd(value: Raw, options: { cents?: boolean } = {}): string {
  const amount = parseAmount(value);
  if (amount === null) return "";
  return (options.cents === false ? usdWhole : usd).format(amount);
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
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  if (dot === -1) return grouped;
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 2);
  return `${grouped || "0"}.${fraction}`;
}
