import { formatUsd } from "../format/money";
import { LOAN_TERMS } from "./loan-terms";
import { TERM_MONTHS, centsToDollars, discloseLoan, dollarsToCents, isAprAccurate, percentToBps } from "./loan-math";

/**
 * SPEC 1's worked example is the approved marketing disclosure and stays in the footer as given.
 * Its figures do not all follow from the standard formulas; this module says which and by how much,
 * without bending the math (docs/lending.md).
 */
export const WORKED_EXAMPLE = {
  principalCents: dollarsToCents(LOAN_TERMS.example.amountFinanced),
  feeCents: dollarsToCents(LOAN_TERMS.example.prepaidFinanceCharge),
  rateBps: percentToBps(LOAN_TERMS.example.interestRatePercent),
  aprBps: percentToBps(LOAN_TERMS.example.aprPercent),
  paymentCents: dollarsToCents(LOAN_TERMS.example.monthlyPayment),
  totalCents: dollarsToCents(LOAN_TERMS.example.totalOfPayments),
};

export interface FigureComparison {
  figure: string;
  stated: string;
  computed: string;
  difference: string;
  agrees: boolean;
  withinRegZTolerance?: boolean;
}

const usd = (cents: number) =>
  `$${Math.floor(Math.abs(cents) / 100).toLocaleString("en-US")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const signedUsd = (cents: number) => `${cents < 0 ? "-" : "+"}${usd(cents)}`;
const wholeUsd = (cents: number) => formatUsd(centsToDollars(cents), { cents: false });
const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function toleranceNote(withinRegZTolerance: boolean | undefined): string {
  if (withinRegZTolerance === undefined) return "";
  return withinRegZTolerance ? ", within Reg Z's 1/8 point" : ", outside Reg Z's 1/8 point";
}

/** Compares the stated example with what the loan math gives for its terms (principal, fee, rate, the product's term). */
export function workedExampleDisagreement(example = WORKED_EXAMPLE): { figures: FigureComparison[]; report: string } {
  const d = discloseLoan({
    principalCents: example.principalCents,
    feeCents: example.feeCents,
    rateBps: example.rateBps,
    termMonths: TERM_MONTHS,
  });
  const aprDiff = example.aprBps - d.aprBps;
  const figures: FigureComparison[] = [
    {
      figure: "APR",
      stated: pct(example.aprBps),
      computed: pct(d.aprBps),
      difference: `${aprDiff < 0 ? "-" : "+"}${(Math.abs(aprDiff) / 100).toFixed(2)} percentage points`,
      agrees: aprDiff === 0,
      withinRegZTolerance: isAprAccurate(example.aprBps / 100, d.aprExact),
    },
    {
      figure: "monthly payment",
      stated: usd(example.paymentCents),
      computed: usd(d.paymentCents),
      difference: signedUsd(example.paymentCents - d.paymentCents),
      agrees: example.paymentCents === d.paymentCents,
    },
    {
      figure: "total of payments",
      stated: usd(example.totalCents),
      computed: usd(d.totalOfPaymentsCents),
      difference: signedUsd(example.totalCents - d.totalOfPaymentsCents),
      agrees: example.totalCents === d.totalOfPaymentsCents,
    },
  ];
  const report = [
    `SPEC 1 worked example vs the loan math (${wholeUsd(example.principalCents)} principal, ${wholeUsd(example.feeCents)} prepaid finance charge, ` +
      `${pct(example.rateBps)}, ${TERM_MONTHS} months):`,
    ...figures.map(
      (f) => `  ${f.figure}: stated ${f.stated}, formulas ${f.computed} (stated ${f.difference})` + toleranceNote(f.withinRegZTolerance),
    ),
  ].join("\n");
  return { figures, report };
}
