import { formatDate, parseDate } from "../format/dates";

/**
 * What the restricted notice can say about a refusal: its category in plain words and the date the
 * applicant may apply again, from the stored decision (docs/pages.md, "The refusal notice").
 */

/**
 * Days after the decision before a refused applicant may apply again. 30, as the large online
 * lenders do after a declined application: credit files are reported monthly, so a sooner check would
 * most likely read the same file. One period for every category, so the notice never promises a
 * different answer for one kind of refusal.
 */
export const REAPPLY_AFTER_DAYS = 30;

export type RefusalCategory = "employer" | "amount" | "state" | "employment" | "tenure" | "income" | "debtToIncome" | "identity" | "credit";

/**
 * Each category, the reason texts that belong to it (the lender's stored reason: the stand-in's
 * rules in local/lender/rules/rules.ts, and older rows' free text) and the words the notice uses.
 * The first match wins: the credit check first (its reason quotes the bureau's text), income before
 * amount ("income for the requested amount" is about income).
 */
const CATEGORIES: readonly { category: RefusalCategory; match: RegExp; words: string }[] = [
  { category: "credit", match: /^credit check\b|credit score|delinquen/i, words: "the result of the credit check" },
  { category: "employer", match: /\bemployer on the application\b/i, words: "the employer on your application" },
  { category: "debtToIncome", match: /debt[- ]to[- ]income/i, words: "your debts compared with your income" },
  { category: "income", match: /\bincome\b/i, words: "income below our minimum" },
  {
    category: "amount",
    match: /\bamount\b|smallest loan|largest loan|decimals|loan caps/i,
    words: "the loan asked for is outside what we can lend",
  },
  { category: "state", match: /\bstate of residence\b|\bnot offered in\b/i, words: "we don't lend in your state yet" },
  { category: "employment", match: /employment status/i, words: "we lend to full-time and part-time employees only" },
  {
    category: "tenure",
    match: /months with the employer|employment start date/i,
    words: "time with your employer is below our minimum",
  },
  {
    category: "identity",
    match: /\bSSN\b/,
    words: "we couldn't run the credit check without your Social Security number",
  },
];

export interface Refusal {
  category: RefusalCategory | null;
  /** The category in the notice's words; null when the reason is missing or not one we know. */
  words: string | null;
  /** "MMM DD, YYYY" (UTC); null when the decision time is not known. */
  reapplyOn: string | null;
}

/** The stored facts the notice reads: loadFrontend's rejection reason and prequalification. */
export interface RefusalFacts {
  rejectionReason?: string | null;
  failureReason?: string | null;
  creditDenialReason?: string | null;
  /** ISO 8601 timestamp of the decision. */
  decidedAt?: string | null;
}

export function refusalCategory(reason: string | null | undefined): RefusalCategory | null {
  const text = reason?.trim();
  if (!text) return null;
  return CATEGORIES.find((c) => c.match.test(text))?.category ?? null;
}

/** The decision date plus the waiting period, as the notice shows it; null without a readable date. */
export function reapplyDate(decidedAt: string | null | undefined): string | null {
  const decided = parseDate(decidedAt);
  if (!decided) return null;
  const day = Date.UTC(decided.getUTCFullYear(), decided.getUTCMonth(), decided.getUTCDate());
  return formatDate(new Date(day + REAPPLY_AFTER_DAYS * 86_400_000));
}

export function describeRefusal(facts: RefusalFacts): Refusal {
  const category =
    refusalCategory(facts.failureReason) ?? refusalCategory(facts.rejectionReason) ?? (facts.creditDenialReason?.trim() ? "credit" : null);
  return {
    category,
    words: CATEGORIES.find((c) => c.category === category)?.words ?? null,
    reapplyOn: reapplyDate(facts.decidedAt),
  };
}
