import { formatUsd } from "../format/money";
import { LOAN_TERMS, type LoanTermsFacts } from "./loan-terms";
import { centsToDollars, discloseLoan, dollarsToCents, isAprAccurate, percentToBps, type LoanDisclosure } from "./loan-math";

/**
 * The worked example every disclosure prints (footer, "About our loans", README, docs): SPEC 1's
 * terms run through the loan math that prices every offer, so a borrower never sees two answers
 * for the same loan. SPEC 1 prints other figures for these terms; `workedExampleDisagreement`
 * says which and by how much (docs/lending.md).
 */
export function workedExample(terms: LoanTermsFacts = LOAN_TERMS): LoanDisclosure {
  return discloseLoan({
    principalCents: dollarsToCents(terms.example.loanAmount),
    feeCents: dollarsToCents(terms.example.prepaidFinanceCharge),
    rateBps: percentToBps(terms.example.interestRatePercent),
    termMonths: terms.termMonths,
  });
}

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The terms as every disclosure prints them ("$10,000", "35.99%", "24 months"), so no page retypes a figure. */
export function displayedLoanTerms(terms: LoanTermsFacts = LOAN_TERMS) {
  const e = terms.example;
  const d = workedExample(terms);
  const last = d.schedule.at(-1)!.paymentCents;
  return {
    maxAmountFinanced: formatUsd(terms.maxAmountFinanced, { cents: false }),
    maxApr: percent(terms.maxAprPercent),
    term: `${terms.termMonths} months`,
    /** SPEC 1: no penalty for early repayment (loan-math payoffCents), in the disclosures' words. */
    earlyRepayment: "No penalty for paying early.",
    example: {
      loanAmount: formatUsd(e.loanAmount, { cents: false }),
      prepaidFinanceCharge: formatUsd(e.prepaidFinanceCharge, { cents: false }),
      interestRate: percent(e.interestRatePercent),
      amountFinanced: formatUsd(centsToDollars(d.amountFinancedCents)),
      apr: percent(d.aprBps / 100),
      monthlyPayment: formatUsd(centsToDollars(d.paymentCents)),
      /** "23 monthly payments of $201.62 and a last one of $201.46": the schedule as it is paid. */
      payments:
        last === d.paymentCents
          ? `${terms.termMonths} monthly payments of ${formatUsd(centsToDollars(d.paymentCents))}`
          : `${terms.termMonths - 1} monthly payments of ${formatUsd(centsToDollars(d.paymentCents))} and a last one of ${formatUsd(centsToDollars(last))}`,
      financeCharge: formatUsd(centsToDollars(d.financeChargeCents)),
      totalOfPayments: formatUsd(centsToDollars(d.totalOfPaymentsCents)),
    },
  };
}

/** The figures SPEC 1 prints for its example ($4,000, $25, 18.99%, 24 months), kept only to compare. */
export const SPEC_PRINTED_EXAMPLE = {
  principalCents: dollarsToCents(LOAN_TERMS.example.loanAmount),
  feeCents: dollarsToCents(LOAN_TERMS.example.prepaidFinanceCharge),
  rateBps: percentToBps(LOAN_TERMS.example.interestRatePercent),
  aprBps: 1960,
  paymentCents: 20445,
  totalCents: 490680,
};

export interface FigureComparison {
  figure: string;
  stated: string;
  computed: string;
  difference: string;
  agrees: boolean;
  withinRegZTolerance?: boolean;
}

const usd = (cents: number) => formatUsd(centsToDollars(Math.abs(cents)));
const signedUsd = (cents: number) => `${cents < 0 ? "-" : "+"}${usd(cents)}`;
const wholeUsd = (cents: number) => formatUsd(centsToDollars(cents), { cents: false });
const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;

function toleranceNote(withinRegZTolerance: boolean | undefined): string {
  if (withinRegZTolerance === undefined) return "";
  return withinRegZTolerance ? ", within Reg Z's 1/8 point" : ", outside Reg Z's 1/8 point";
}

/** Compares SPEC 1's printed figures with what the loan math gives for its terms (principal, fee, rate, the product's term). */
export function workedExampleDisagreement(example = SPEC_PRINTED_EXAMPLE): { figures: FigureComparison[]; report: string } {
  const d = discloseLoan({
    principalCents: example.principalCents,
    feeCents: example.feeCents,
    rateBps: example.rateBps,
    termMonths: LOAN_TERMS.termMonths,
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
      `${pct(example.rateBps)}, ${LOAN_TERMS.termMonths} months):`,
    ...figures.map(
      (f) => `  ${f.figure}: stated ${f.stated}, formulas ${f.computed} (stated ${f.difference})` + toleranceNote(f.withinRegZTolerance),
    ),
  ].join("\n");
  return { figures, report };
}
