/**
 * Every money figure the seed writes is the loan math's own (issue 11): the seeded database is read
 * back and each offer, loan, payment, scheduled payment and lead quote is recomputed from the loan
 * math (lib/lending) and the lender's repayment schedule (local/lender/rules), from the row's own
 * terms. A typed-in figure (like the SPEC worked example's $204.45, which the formulas do not give)
 * fails here.
 */
import {
  amortisationSchedule, centsToDollars, dollarsToCents, percentToBps,
  TERM_MONTHS,
} from "../../../lib/lending/loan-math";
import { collectedLoan, repaymentMethod } from "../rules/repayment-schedule";
import { monthsPaid, offerFigures, payFrequency } from "../rules/rules";
import { sql, standInSuite } from "../graphql/testing/api-test-kit";

jest.setTimeout(180_000);

const server = standInSuite({ LOCAL_EMPLOYER_DIRECTORY_SIZE: "0" });

const n = (v: unknown) => (v === null ? null : Number(v));

/** The prequalified terms of a seeded application, as the lending rule stored them. */
interface TermsRow {
  sub: string;
  amount: string;
  interest_rate: string;
  origination_fee: string;
  term: number;
  pay_frequency: string | null;
  pay_months: number | null;
  payment_type: string | null;
}

async function termsOf(sub: string) {
  const [row] = await sql<TermsRow>(
    server.url,
    `SELECT p.sub, p.amount, p.interest_rate, p.origination_fee, p.term, e.pay_frequency, e.pay_months, emp.default_payment_type AS payment_type
       FROM prequalifications p LEFT JOIN employment e USING (sub) JOIN applications a USING (sub) LEFT JOIN employers emp ON emp.id = a.employer_id
      WHERE p.sub = $1 AND p.status`,
    [sub],
  );
  if (!row) throw new Error(`no prequalification for ${sub}`);
  return {
    terms: { principalCents: dollarsToCents(Number(row.amount)), feeCents: dollarsToCents(Number(row.origination_fee)), rateBps: percentToBps(Number(row.interest_rate)), termMonths: row.term },
    frequency: payFrequency(row.pay_frequency),
    months: monthsPaid(row.pay_months),
    method: repaymentMethod(row.payment_type),
  };
}

describe("the seeded figures are the loan math's", () => {
  it("each offer: amount financed, APR, total of payments, term, payment, deduction and expected payments", async () => {
    const offers = await sql<Record<string, unknown> & { sub: string }>(server.url, "SELECT * FROM offers ORDER BY sub");
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const { terms, frequency, months, method } = await termsOf(offer.sub);
      const f = offerFigures(terms, frequency, months, method);
      const stored = Object.fromEntries(["amount_financed", "original_apr", "total_cost", "term", "payment_amount", "deduction_amount", "expected_payments"].map((k) => [k, n(offer[k])]));
      expect({ sub: offer.sub, ...stored }).toEqual({
        sub: offer.sub,
        amount_financed: f.offerAmountFinanced,
        original_apr: f.offerOriginalAPR,
        total_cost: f.offerTotalCost,
        term: f.offerTerm,
        payment_amount: f.offerPaymentAmount,
        deduction_amount: f.offerDeductionAmount,
        expected_payments: f.expectedPayments,
      });
    }
  });

  it("each loan: APR, amount, fee, deduction of the collected schedule; every payment made is its own and the balance its row's", async () => {
    const loans = await sql<Record<string, unknown> & { loan_id: string; sub: string; status: string }>(server.url, "SELECT * FROM loans ORDER BY loan_id");
    expect(loans.length).toBeGreaterThan(0);
    for (const loan of loans) {
      const { terms, frequency, months, method } = await termsOf(loan.sub);
      const { disclosure: d, schedule: plan } = collectedLoan(terms, { method, frequency, monthsPaid: months });
      expect({ loan: loan.loan_id, apr: n(loan.apr), amount: n(loan.amount), fee: n(loan.fee), term: n(loan.term), deduction: n(loan.deduction_amount) }).toEqual({
        loan: loan.loan_id,
        apr: d.aprBps / 100,
        amount: centsToDollars(terms.principalCents),
        fee: centsToDollars(terms.feeCents),
        term: TERM_MONTHS,
        deduction: centsToDollars(plan.regularCents),
      });
      const amountOf = (k: number) => centsToDollars(k === plan.count ? plan.lastCents : plan.regularCents);
      const paid = (await sql<{ amount: string }>(server.url, "SELECT amount FROM payments WHERE loan_id = $1 ORDER BY effective_date", [loan.loan_id])).map((p) => Number(p.amount));
      expect(paid).toEqual(paid.map((_, i) => amountOf(i + 1)));
      // The loan is amortised on the collected schedule: the balance is its row after the payments made.
      const balances = [terms.principalCents, ...d.schedule.map((k) => k.balanceAfterCents)].map(centsToDollars);
      if (loan.status === "paidOff") expect([n(loan.balance), n(loan.payoff_amount), paid.length]).toEqual([0, 0, plan.count]);
      else {
        expect(n(loan.balance)).toBe(balances[paid.length]);
        expect(n(loan.payoff_amount)).toBe(n(loan.balance));
      }
      const scheduled = await sql<{ amount: string }>(server.url, "SELECT amount FROM scheduled_payments WHERE loan_id = $1", [loan.loan_id]);
      for (const s of scheduled) expect(Number(s.amount)).toBe(amountOf(paid.length + 1));
    }
  });

  it("each lead's quote: the level payment and the schedule's total on its own amount, rate and term", async () => {
    const leads = await sql<Record<string, unknown> & { lead_id: string }>(server.url, "SELECT * FROM leads ORDER BY lead_id");
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      const schedule = amortisationSchedule(dollarsToCents(Number(lead.loan_amount)), percentToBps(Number(lead.interest_rate)), Number(lead.term));
      expect({ lead: lead.lead_id, monthly: n(lead.monthly_payment), total: n(lead.total_loan_amount) }).toEqual({
        lead: lead.lead_id,
        monthly: centsToDollars(schedule[0]!.paymentCents),
        total: centsToDollars(schedule.reduce((s, k) => s + k.paymentCents, 0)),
      });
    }
  });

  it("Jordan Rivera's lead carries the worked example's terms and the formulas' figures, not the example's $204.45 / $4,906.80", async () => {
    const [lead] = await sql<{ monthly_payment: string; total_loan_amount: string }>(server.url, "SELECT monthly_payment, total_loan_amount FROM leads WHERE email = 'jordan.rivera@example.com'");
    expect([Number(lead!.monthly_payment), Number(lead!.total_loan_amount)]).toEqual([201.62, 4838.72]);
  });
});
