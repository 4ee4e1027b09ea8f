import { createHash } from "node:crypto";
import { fileSignedContract } from "./documents";
import { argyleItemFor } from "./employment";
import type { Db, Queryable } from "../../infra/db";
import { addMonths, localToday } from "../../infra/clock/clock";
import { PERSONAS, type Persona } from "../seed/personas";
import { TERM_MONTHS } from "../../../lib/lending/loan-math";
import { decidePrequalification, offerFigures, payFrequency } from "../rules/rules";
import { seedEmployers } from "./employers";
import { CHILDRENS_HOSPITAL_EMPLOYER_IDS, EMPLOYERS, ISLAND_EMPLOYER_ID } from "./employers-seed";
import { collectedLoan, paymentDueDate, repaymentMethod, type RepaymentMethod } from "../rules/repayment-schedule";
import { seedLeads } from "./leads";
import { stepRank } from "../../../lib/application/steps";

/** The path most applications take, used to give each persona a believable step history. */
const MAIN_PATH = [
  "chooseEmployer", "loanDetails", "personalInformation", "employmentInformation", "authPrequal",
  "prequalApprove", "consentPage", "fundingAccount", "uploadIdentity", "completeUnderReview",
];

function historyFor(step: string): string[] {
  if (step === "chooseEmployer") return [];
  if (step === "rejected") return [...MAIN_PATH.slice(0, 5), "prequalRej"];
  if (step.includes("applicationBlocked")) return MAIN_PATH.slice(0, 3);
  const i = MAIN_PATH.indexOf(step);
  return i >= 0 ? MAIN_PATH.slice(0, i) : [...MAIN_PATH];
}

/** How far into the application a persona is, as a rank; steps past the ranked flow count as 11. */
function progress(p: Persona): number {
  if (p.applicationStep.includes("applicationBlocked")) return 2;
  return stepRank(p.applicationStep) ?? 11;
}

const TERM = TERM_MONTHS;
/** The seeded personal and employment facts every prequalified persona shares (see seedPersona). */
const SEEDED_SALARY = 52000;
const SEEDED_START = "2019-08-15";
const SEEDED_PAY_FREQUENCY = "biweekly";
const ssnFor = (p: Persona) => `90000${String(parseInt(p.sub.slice(-4), 16)).padStart(4, "0")}`;

/**
 * A prequalified persona's terms are the lending rule's own decision on its seeded facts, so the
 * offers and loans below all come from the loan math (issue 11).
 */
function seededTerms(p: Persona, amount: number): { principalCents: number; rateBps: number; feeCents: number } {
  const d = decidePrequalification({
    employerId: "1002", amountAppliedFor: amount, stateOfResidence: "IL", employmentStatus: "full", startDate: SEEDED_START,
    salary: SEEDED_SALARY, additionalIncome: null, ssn: ssnFor(p), today: "2026-01-01",
  });
  if (!d.status) throw new Error(`seed: persona ${p.email} does not prequalify (${d.reason})`);
  return { principalCents: d.principalCents, rateBps: d.rateBps, feeCents: d.feeCents };
}


const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Each persona's application exactly as local/lender/seed/personas.ts describes it. Idempotent and keyed
 * by sub: a persona already present is left alone (so what a developer changed survives a
 * restart) unless `reset` is set, which puts every persona back to its described state.
 */
export async function seedApplicationData(db: Db, options: { reset?: boolean } = {}): Promise<void> {
  await seedEmployers(db);
  await seedLeads(db);
  for (const persona of PERSONAS) {
    await db.transaction(async (tx) => {
      const existing = await tx.query(`SELECT 1 FROM applications WHERE sub = $1`, [persona.sub]);
      if (existing.length > 0) {
        if (!options.reset) return;
        await tx.query(`DELETE FROM applications WHERE sub = $1`, [persona.sub]);
      }
      await seedPersona(tx, persona);
    });
  }
  // A contract signed at seed time is in its signer's documents, as the provider's callback would have filed it (idempotent).
  for (const persona of PERSONAS) {
    if (persona.contractSigned && persona.directDepositConfirmed) await fileSignedContract(db, `sig-dd-${persona.username}`);
  }
}

/** The seeded employer's SPEC 3 defaultPaymentType decides how its loans are repaid. */
function seededRepaymentMethod(employerId: string | null): RepaymentMethod {
  return repaymentMethod(EMPLOYERS.find((e) => e.id === employerId)?.defaultPaymentType);
}

function employerFor(p: Persona): string | null {
  if (p.applicationStep === "chooseEmployer") return null;
  if (p.applicationStep === "Paper Form Confirmation Pending") return CHILDRENS_HOSPITAL_EMPLOYER_IDS[1]!;
  if (p.applicationStep === "employmentInformation") return ISLAND_EMPLOYER_ID;
  return "1002";
}

async function seedPersona(tx: Queryable, p: Persona): Promise<void> {
  const rank = progress(p);
  const amount = p.amountAppliedFor ?? null;
  const rejected = p.applicationStep === "rejected";
  const rejectionReason = rejected ? "Debt-to-income ratio too high" : null;
  const [local = "user"] = p.email.split("@");
  const givenName = capitalise(local.split(/[-.]/)[0] ?? "user");
  const employerId = employerFor(p);
  const ddConfirmed = p.directDepositConfirmed ?? (p.activeLoan ? true : false);

  await tx.query(
    `INSERT INTO applications (sub, username, primary_email, step, history, rejection_reason, employer_id, evolve_consent,
            state_of_residence, amount_applied_for, loan_type, loan_reason, direct_deposit_confirmed,
            direct_deposit_confirmed_by, registered_at)
     VALUES ($1, $2, $3, $4, ($5::text)::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, now())`,
    [
      p.sub, p.username, p.email, p.applicationStep, JSON.stringify(historyFor(p.applicationStep)), rejectionReason,
      employerId, rank >= 6 ? true : null, amount ? "IL" : null, amount, amount ? "personal" : null,
      amount ? "Debt Consolidation" : null, ddConfirmed, ddConfirmed ? (p.directDepositConfirmedBy ?? "applicant") : null,
    ],
  );

  if (p.directDepositConfirmedBy === "payroll" && employerId) {
    // The payroll link that confirmed it, as successfulArgyleUpdate records one (its user token is nobody's).
    await tx.query(
      `INSERT INTO argyle_users (argyle_user_id, sub, employer_id, direct_deposit, user_token_sha256, token_expires_at)
       VALUES ($1, $2, $3, true, $4, now())`,
      [`argyle-user-seed-${p.username}`, p.sub, employerId, createHash("sha256").update(`seed-${p.username}`).digest("hex")],
    );
    await tx.query(
      `INSERT INTO argyle_accounts (account_id, argyle_user_id, item_id, recorded_at) VALUES ($1, $2, $3, now())`,
      [`argyle-account-seed-${p.username}`, `argyle-user-seed-${p.username}`, argyleItemFor(employerId)],
    );
  }

  if (p.flags) {
    await tx.query(
      `INSERT INTO user_flags (sub, admin_portal_user, collections_user, verifications_portal_user) VALUES ($1, $2, $3, $4)`,
      [p.sub, p.flags.adminPortalUser ?? false, p.flags.collectionsUser ?? false, p.flags.verificationsPortalUser ?? false],
    );
  }

  if (rank >= 3) {
    await tx.query(
      `INSERT INTO personal (sub, given_name, family_name, birthdate, address, addr_city, addr_country, addr_postal_code,
              addr_state_abbr, addr_street_number, addr_street_name, lat, lng, ssn, how_you_heard, phone_number, email,
              salary, amount)
       VALUES ($1, $2, 'Tester', '1985-04-12', '12 Main St, Springfield, IL 62701', 'Springfield', 'US', '62701', 'IL',
              '12', 'Main St', 39.7990, -89.6440, $3, 'Co-Worker', $4, $5, 52000, $6)`,
      [p.sub, givenName, ssnFor(p), `21755501${String(rank).padStart(2, "0")}`, p.email, amount],
    );
  }

  if (rank >= 4) {
    const choa = employerId !== null && (CHILDRENS_HOSPITAL_EMPLOYER_IDS as readonly string[]).includes(employerId);
    await tx.query(
      `INSERT INTO employment (sub, job_title, employment_status, start_date, employee_id, salary, pay_months, pay_frequency,
              dd_accounts, active_military, tenure_proof, choa_department_extension, choa_cost_center,
              paper_form_sent_timestamp, require_paystubs)
       VALUES ($1, 'Teacher', 'full', '2019-08-15', $2, 52000, 12, 'biweekly', 1, false, 'notSet', $3, $4, $5, false)`,
      [
        p.sub, `E-${p.username}`, choa ? "4471" : null, choa ? "CC-2210" : null,
        p.applicationStep === "Paper Form Confirmation Pending" ? "2026-11-18T15:30:00Z" : null,
      ],
    );
  }

  if ((p.prequalified || p.contractSigned || p.activeLoan) && amount) {
    const t = seededTerms(p, amount);
    await tx.query(
      `INSERT INTO prequalifications (sub, status, amount, interest_rate, term, origination_fee) VALUES ($1, true, $2, $3, $4, $5)`,
      [p.sub, t.principalCents / 100, t.rateBps / 100, TERM, t.feeCents / 100],
    );
  } else if (rejected) {
    await tx.query(
      `INSERT INTO prequalifications (sub, status, failure_reason, credit_denial_reason) VALUES ($1, false, $2, $3)`,
      [p.sub, rejectionReason, "Insufficient income for the requested amount"],
    );
  }

  // An offer exists from Offer Sent onwards (rank 11 covers Offer Sent, paper form and activeLoan).
  if (rank >= 11 && amount) {
    const f = offerFigures(seededTerms(p, amount), payFrequency(SEEDED_PAY_FREQUENCY), 12, seededRepaymentMethod(employerId));
    await tx.query(
      `INSERT INTO offers (sub, offer_stage, amount_financed, original_apr, total_cost, term, payment_amount,
              deduction_amount, expected_payments, contract_signed, hellosign_direct_deposit_signature_id, accepted_at)
       VALUES ($1, 'Offer Sent', $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END)`,
      [
        p.sub, f.offerAmountFinanced, f.offerOriginalAPR, f.offerTotalCost, f.offerTerm, f.offerPaymentAmount,
        f.offerDeductionAmount, f.expectedPayments, p.contractSigned ?? false, p.directDepositConfirmed ? `sig-dd-${p.username}` : null,
        // Direct deposit is set up, or the contract signed, only after the offer was accepted.
        Boolean(p.contractSigned || p.directDepositConfirmed || p.activeLoan),
      ],
    );
  }

  if (rank >= 8) {
    await tx.query(
      `INSERT INTO funding_sources (account_id, sub, funding_source, link_type, name, mask, verified, processor_token,
              request_id, evolve, active)
       VALUES ($1, $2, $3, 'plaid_getAuth', 'Plaid Checking', '0000', true, $4, $5, false, true)`,
      [`acc-${p.username}-1`, p.sub, `fs-${p.username}-1`, `processor-local-${p.username}`, `req-${p.username}`],
    );
  }

  if (p.activeLoan && amount) await seedLoan(tx, p, amount);
}

async function seedLoan(tx: Queryable, p: Persona, amount: number): Promise<void> {
  const today = localToday();
  // Relative to the clock, so the borrower's loan is running and the paid-off one paid off on any date.
  const payoutDate = p.payoutInMonths === undefined ? null : addMonths(today, p.payoutInMonths);
  const paidOff = payoutDate !== null && payoutDate < today;
  // The loan runs TERM months and ends on the payout date.
  const originated = payoutDate ? addMonths(payoutDate, -TERM) : "2026-03-02";
  const loanId = `L-${p.username}-1`;
  const terms = seededTerms(p, amount);
  const method = seededRepaymentMethod(employerFor(p));
  const f = offerFigures(terms, payFrequency(SEEDED_PAY_FREQUENCY), 12, method);
  const { disclosure, schedule: plan } = collectedLoan(terms, { method, frequency: payFrequency(SEEDED_PAY_FREQUENCY), monthsPaid: 12 });
  const due = Array.from({ length: plan.count }, (_, i) => ({
    date: paymentDueDate(originated, plan, i + 1),
    amount: (i + 1 === plan.count ? plan.lastCents : plan.regularCents) / 100,
  }));
  // The payments made so far are the collected schedule's (local/lender/rules/repayment-schedule) whose
  // due date has passed; the loan is amortised on that schedule, so the balance is its row's.
  const paid = due.filter((k) => k.date <= today);
  const noteBalance = paid.length === 0 ? amount : disclosure.schedule[paid.length - 1]!.balanceAfterCents / 100;
  const balance = paidOff ? 0 : noteBalance;
  const next = due.find((k) => k.date > today);

  await tx.query(
    `INSERT INTO loans (loan_id, sub, loan_name, status, apr, amount, balance, fee, term, interval, maturity_date,
            deduction_amount, payoff_amount, pc_loan, contract, payroll_id, originated_at, payout_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $17, $10, $11, $12, false, $13, $14, $15, $16)`,
    [
      loanId, p.sub, `Personal Loan ${loanId}`, paidOff ? "paidOff" : "active", disclosure.aprBps / 100, amount,
      balance, terms.feeCents / 100, TERM, addMonths(originated, TERM), f.offerDeductionAmount, balance,
      `contract-${loanId}.pdf`, `PR-${p.username}`, originated, payoutDate, plan.frequency,
    ],
  );
  for (const [i, pmt] of paid.entries()) {
    await tx.query(
      `INSERT INTO payments (loan_id, amount, sts, meta_data, effective_date, source) VALUES ($1, $2, 'Processed', ($3::text)::jsonb, $4, 'payroll')`,
      [loanId, pmt.amount, JSON.stringify({ transactionId: `tx-${loanId}-${i + 1}` }), pmt.date],
    );
  }
  // One statement a month, whatever the pay frequency.
  const monthsElapsed = Array.from({ length: TERM }, (_, i) => i + 1).filter((m) => addMonths(originated, m) <= today);
  for (const m of monthsElapsed) {
    const date = addMonths(originated, m);
    await tx.query(
      `INSERT INTO statements (loan_id, file_name, sort_date, signed_url) VALUES ($1, $2, $3, $4)`,
      [loanId, `statement-${date.slice(0, 7)}.pdf`, date, `/api/local/statements/${loanId}/statement-${date.slice(0, 7)}.pdf`],
    );
  }
  if (!paidOff && next) {
    await tx.query(
      `INSERT INTO scheduled_payments (loan_id, frequency, amount, payment_date, account_mask) VALUES ($1, 'directDeposit', $2, $3, 'Payroll')`,
      [loanId, next.amount, next.date],
    );
  }
}
