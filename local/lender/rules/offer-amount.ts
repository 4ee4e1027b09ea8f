import { formatUsd } from "../../../lib/format/money";

/**
 * How much a prequalification offers, and why it is less than asked when it is (issue 42: every
 * conflict names the earlier answer). The one source of the rule (the stand-in's prequalification
 * calls it) and of the messages (the lending app's rate check and prequalified pages show them).
 */
export const OFFER_LIMITS = {
  /** A loan's principal is at most this share of the yearly income (salary + additional income)… */
  incomeShare: 0.25,
  /** …rounded down to whole hundreds of dollars. */
  incomeStepDollars: 100,
  /** A thin credit file's first loan is at most this. */
  thinFileMaxDollars: 1_500,
} as const;

/** 25% of the yearly income, down to the whole $100. */
export function incomeLimitDollars(annualIncome: number): number {
  const step = OFFER_LIMITS.incomeStepDollars;
  return Math.floor((annualIncome * OFFER_LIMITS.incomeShare) / step) * step;
}

/** Which limit set the amount offered: the amount asked itself, the income, or a thin file. */
export type OfferLimit = "asked" | "income" | "thinFile";

/** The smallest of the amount asked, the income limit and, on a thin file, the thin-file cap. */
export function offeredAmount(f: { askedDollars: number; annualIncome: number; thinFile: boolean }): {
  dollars: number;
  limit: OfferLimit;
} {
  let offer: { dollars: number; limit: OfferLimit } = { dollars: f.askedDollars, limit: "asked" };
  const byIncome = incomeLimitDollars(f.annualIncome);
  if (byIncome < offer.dollars) offer = { dollars: byIncome, limit: "income" };
  if (f.thinFile && OFFER_LIMITS.thinFileMaxDollars < offer.dollars)
    offer = { dollars: OFFER_LIMITS.thinFileMaxDollars, limit: "thinFile" };
  return offer;
}

const whole = (dollars: number) => formatUsd(dollars, { cents: false });
const SHARE = `${OFFER_LIMITS.incomeShare * 100}%`;

export interface OfferShortfall {
  limit: Exclude<OfferLimit, "asked">;
  /** Why the offer is lower, naming the earlier answer. */
  message: string;
  /** What the person can do, when something can be done; null when nothing they answered sets it. */
  fix: string | null;
}

/**
 * After the rate check: why the amount offered is lower than the amount asked, or null when it is
 * not. The limit is read back from the figures (an offer equal to the income limit was set by
 * the income, otherwise by the thin file), so a page needs no more than it shows.
 */
export function offerShortfall(f: { askedDollars: number; offeredDollars: number; annualIncome: number }): OfferShortfall | null {
  if (!(f.offeredDollars < f.askedDollars)) return null;
  const asked = `You asked for ${whole(f.askedDollars)}. We can offer ${whole(f.offeredDollars)}`;
  if (f.offeredDollars === incomeLimitDollars(f.annualIncome)) {
    return {
      limit: "income",
      message: `${asked}: loans are up to ${SHARE} of the yearly income you gave (${whole(f.annualIncome)}).`,
      fix: "Your income can't be changed after the rate check. If the income you gave was wrong, contact support before you continue.",
    };
  }
  return {
    limit: "thinFile",
    message: `${asked}: with a short credit history, a first loan is up to ${whole(OFFER_LIMITS.thinFileMaxDollars)}.`,
    fix: null,
  };
}

/**
 * Before the rate check: the amount asked is more than the income given allows, said while the
 * income can still be corrected (null when it is not). Only the income limit is known beforehand;
 * the credit file is not.
 */
export function incomeLimitNotice(f: { askedDollars: number; annualIncome: number }): string | null {
  const limit = incomeLimitDollars(f.annualIncome);
  if (!(limit < f.askedDollars)) return null;
  return (
    `You asked for ${whole(f.askedDollars)}. Loans are up to ${SHARE} of the yearly income you gave (${whole(f.annualIncome)}), ` +
    `so the most we can offer is ${whole(limit)}. If your yearly income is more, correct it now: it can't be changed after the rate check.`
  );
}
