import { localToday } from "../../infra/clock/clock";
import type { PreQualificationResult, Quote, StepResult } from "../../../contract/generated/types";
import { dollarsToCents, percentToBps, TERM_MONTHS, type PayFrequency } from "../../../lib/lending/loan-math";
import { collectedLoan, paymentDueDate, repaymentMethod, type RepaymentMethod } from "./repayment-schedule";
import type { Db, Queryable } from "../../infra/db";
import { ensureApplication, moveTo, sameUser } from "../data/application";
import type { Caller } from "../data/frontend";
import { isKnownStep } from "../data/reference";
import { InputError, text } from "../data/validate";
import { decidePrequalification, monthsPaid, offerFigures, payFrequency, reviewMissing, type ReviewFacts } from "./rules";
import { decideUserMove, type Completeness } from "./step-moves";
import { decideFunding } from "./application-rules";
import { assertActionOpen } from "./machine-guard";
import { DOCUMENT_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload-content";

/**
 * The lender's side of the local stand-in: the operations that apply the rules of rules.ts to the
 * stand-in's rows. Each one checks its input first, then reads and writes in one transaction
 * (rows locked FOR UPDATE), so a refused call writes nothing.
 */

const isoToday = localToday;

interface AppRow {
  step: string;
  history: string[];
  employer_id: string | null;
  amount_applied_for: string | number | null;
  state_of_residence: string | null;
  loan_reason: string | null;
  evolve_consent: boolean | null;
  direct_deposit_confirmed: boolean;
}

async function lockApplication(tx: Queryable, sub: string): Promise<AppRow> {
  const row = (
    await tx.query<AppRow>(
      `SELECT step, history, employer_id, amount_applied_for, state_of_residence, loan_reason, evolve_consent,
              direct_deposit_confirmed FROM applications WHERE sub = $1 FOR UPDATE`,
      [sub],
    )
  )[0];
  if (!row) throw new InputError("application", "there is no application for the signed-in user");
  return row;
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** What each user-owned step needs before the applicant may move on from it. */
export async function stepCompleteness(tx: Queryable, sub: string): Promise<Completeness> {
  const row = (
    await tx.query<{
      employer_id: string | null;
      amount: string | null;
      state: string | null;
      reason: string | null;
      consent: boolean | null;
      given: string | null;
      family: string | null;
      birthdate: string | null;
      address: string | null;
      ssn: string | null;
      job: string | null;
      salary: string | null;
      start: string | null;
      freq: string | null;
      prequal: boolean | null;
      funding: number;
      identity: number;
      paystubs: number;
      tenure: number;
      unverified: number;
    }>(
      `SELECT a.employer_id, a.amount_applied_for AS amount, a.state_of_residence AS state, a.loan_reason AS reason,
              a.evolve_consent AS consent, p.given_name AS given, p.family_name AS family, p.birthdate::text AS birthdate,
              p.address, p.ssn, e.job_title AS job, e.salary, e.start_date::text AS start, e.pay_frequency AS freq,
              q.status AS prequal,
              (SELECT count(*)::int FROM funding_sources f WHERE f.sub = a.sub) AS funding,
              (SELECT count(*)::int FROM funding_sources f WHERE f.sub = a.sub AND NOT f.verified) AS unverified,
              (SELECT count(*)::int FROM uploads u WHERE u.sub = a.sub AND u.kind = 'identity') AS identity,
              (SELECT count(*)::int FROM uploads u WHERE u.sub = a.sub AND u.kind = 'paystubs') AS paystubs,
              (SELECT count(*)::int FROM uploads u WHERE u.sub = a.sub AND u.kind = 'tenure') AS tenure
         FROM applications a
         LEFT JOIN personal p ON p.sub = a.sub
         LEFT JOIN employment e ON e.sub = a.sub
         LEFT JOIN prequalifications q ON q.sub = a.sub
        WHERE a.sub = $1`,
      [sub],
    )
  )[0];
  if (!row) return {};
  return {
    chooseEmployer: row.employer_id !== null,
    loanDetails: row.amount !== null && row.state !== null && row.reason !== null,
    personalInformation: [row.given, row.family, row.birthdate, row.address, row.ssn].every((v) => v !== null),
    employmentInformation: [row.job, row.salary, row.start, row.freq].every((v) => v !== null),
    authPrequal: row.prequal !== null,
    prequalApprove: row.prequal === true,
    consentPage: row.consent === true,
    fundingAccount: row.funding > 0,
    uploadIdentity: row.identity > 0,
    uploadPaystubs: row.paystubs > 0,
    uploadTenure: row.tenure > 0,
    verifyMD: row.funding > 0 && row.unverified === 0,
  };
}

/**
 * setApplicationStep: the user asks for a step; the flow's rules (step-moves.ts) decide whether
 * they may go there, and a refusal (a 4xx) writes nothing.
 */
export async function setApplicationStep(db: Db, caller: Caller, applicationStep: unknown): Promise<StepResult> {
  const step = text("applicationStep", applicationStep, { max: 100 });
  if (!isKnownStep(step)) throw new InputError("applicationStep", `unknown step "${step}"`);
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    // Only the lender moves the lender's states: the user gets the flow's own moves only.
    await assertUserMove(tx, caller.sub, step);
    return moveTo(tx, caller.sub, step);
  });
}

/**
 * setApplicationStep's gate: the state machine first (going back to the step on top of the history,
 * or on to another), then the flow's own rule of which step and whether the current one is complete.
 * Throws (a 4xx, nothing written) unless the move is allowed.
 */
async function assertUserMove(tx: Queryable, sub: string, target: string): Promise<void> {
  // setApplicationStep made sure the row exists: lock it once, and read the step and history from it.
  const row = await lockApplication(tx, sub);
  if (target !== row.step) await assertActionOpen(tx, sub, row.history.at(-1) === target ? "goBack" : "moveOn");
  const decision = decideUserMove({ step: row.step, history: row.history }, target, await stepCompleteness(tx, sub));
  if (!decision.allowed) throw new InputError("applicationStep", decision.reason);
}

// ---------------------------------------------------------------------------------------------

/**
 * preQualification(username), at step authPrequal: runs the rule on the application's data and the
 * simulated soft credit check, stores the decision (a refusal's reason is also the rejection
 * reason) and moves the step to prequalApprove or prequalRej.
 */
export async function preQualification(db: Db, caller: Caller, username: unknown, today = isoToday()): Promise<PreQualificationResult> {
  sameUser(caller, username);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.sub);
    if (app.step !== "authPrequal") {
      throw new InputError("username", `prequalification runs at step authPrequal; the application is at "${app.step}"`);
    }
    const facts = (
      await tx.query<{
        ssn: string | null;
        status: string | null;
        start: string | null;
        salary: string | null;
        additional: string | null;
        psalary: string | null;
        padditional: string | null;
      }>(
        `SELECT p.ssn, e.employment_status AS status, e.start_date::text AS start, e.salary, e.additional_income AS additional,
                p.salary AS psalary, p.additional_income AS padditional
           FROM applications a LEFT JOIN personal p ON p.sub = a.sub LEFT JOIN employment e ON e.sub = a.sub
          WHERE a.sub = $1`,
        [caller.sub],
      )
    )[0]!;
    const decision = decidePrequalification({
      employerId: app.employer_id,
      amountAppliedFor: num(app.amount_applied_for),
      stateOfResidence: app.state_of_residence,
      employmentStatus: facts.status,
      startDate: facts.start,
      // The employment step's figures, else what the personal step recorded.
      salary: num(facts.salary) ?? num(facts.psalary),
      additionalIncome: num(facts.additional) ?? num(facts.padditional),
      ssn: facts.ssn,
      today,
      repayment: await repaymentFacts(tx, caller.sub),
    });
    if (decision.status) {
      const amount = decision.principalCents / 100;
      const rate = decision.rateBps / 100;
      const fee = decision.feeCents / 100;
      await tx.query(
        `INSERT INTO prequalifications (sub, status, failure_reason, amount, interest_rate, term, origination_fee, credit_denial_reason, decided_at)
         VALUES ($1, true, NULL, $2, $3, $4, $5, NULL, now())
         ON CONFLICT (sub) DO UPDATE SET status = true, failure_reason = NULL, amount = $2, interest_rate = $3, term = $4,
           origination_fee = $5, credit_denial_reason = NULL, decided_at = now()`,
        [caller.sub, amount, rate, decision.termMonths, fee],
      );
      await tx.query(`UPDATE applications SET rejection_reason = NULL, updated_at = now() WHERE sub = $1`, [caller.sub]);
      await moveTo(tx, caller.sub, "prequalApprove");
      return {
        preQualificationStatus: true,
        preQualificationFailureReason: null,
        preQualifiedAmount: amount,
        preQualifiedInterestRate: rate,
        preQualifiedTerm: decision.termMonths,
        preQualifiedOriginationFee: fee,
      };
    }
    await tx.query(
      `INSERT INTO prequalifications (sub, status, failure_reason, credit_denial_reason, decided_at)
       VALUES ($1, false, $2, $3, now())
       ON CONFLICT (sub) DO UPDATE SET status = false, failure_reason = $2, amount = NULL, interest_rate = NULL, term = NULL,
         origination_fee = NULL, credit_denial_reason = $3, decided_at = now()`,
      [caller.sub, decision.reason, decision.creditDenialReason ?? null],
    );
    await tx.query(`UPDATE applications SET rejection_reason = $2, updated_at = now() WHERE sub = $1`, [caller.sub, decision.reason]);
    await moveTo(tx, caller.sub, "prequalRej");
    return {
      preQualificationStatus: false,
      preQualificationFailureReason: decision.reason,
      preQualifiedAmount: null,
      preQualifiedInterestRate: null,
      preQualifiedTerm: null,
      preQualifiedOriginationFee: null,
    };
  });
}

interface PrequalRow {
  status: boolean | null;
  amount: string | number | null;
  interest_rate: string | number | null;
  term: number | null;
  origination_fee: string | number | null;
}

async function prequalTerms(db: Queryable, sub: string): Promise<{ principalCents: number; rateBps: number; feeCents: number } | null> {
  const q = (
    await db.query<PrequalRow>(`SELECT status, amount, interest_rate, term, origination_fee FROM prequalifications WHERE sub = $1`, [sub])
  )[0];
  if (!q?.status || q.amount === null || q.interest_rate === null || q.origination_fee === null) return null;
  return {
    principalCents: dollarsToCents(Number(q.amount)),
    rateBps: percentToBps(Number(q.interest_rate)),
    feeCents: dollarsToCents(Number(q.origination_fee)),
  };
}

/** qualifies: the prequalified quote, its APR and interval those of the schedule that will be collected; null unless prequalified. */
export async function qualifies(db: Queryable, caller: Caller): Promise<Quote | null> {
  const terms = await prequalTerms(db, caller.sub);
  if (!terms) return null;
  const { disclosure: d, schedule } = collectedLoan(terms, await repaymentFacts(db, caller.sub));
  return {
    amount: terms.principalCents / 100,
    apr: d.aprBps / 100,
    fee: terms.feeCents / 100,
    interval: schedule.frequency,
    term: TERM_MONTHS,
  };
}

// ---------------------------------------------------------------------------------------------
// The lending app's backend (local stand-in): uploads, submission, review, offer, direct deposit.

export const UPLOAD_KINDS = { uploadIdentity: "identity", uploadPaystubs: "paystubs", uploadTenure: "tenure" } as const;
export type UploadStep = keyof typeof UPLOAD_KINDS;
/**
 * Step 8's uploads: only the file's name, size and checked content type are kept (the content
 * itself is checked by upload-content.ts before this is called).
 */
export async function recordUpload(
  db: Db,
  caller: Caller,
  step: string,
  fileName: unknown,
  sizeBytes: unknown,
  contentType: string,
): Promise<void> {
  if (!(step in UPLOAD_KINDS)) throw new InputError("step", `not an upload step: "${step}"`);
  const name = text("file", fileName, { max: 255 });
  if (typeof sizeBytes !== "number" || !Number.isInteger(sizeBytes) || sizeBytes <= 0) throw new InputError("file", UPLOAD_MESSAGES.empty);
  if (sizeBytes > MAX_UPLOAD_BYTES) throw new InputError("file", UPLOAD_MESSAGES.tooLarge);
  if (!Object.values(DOCUMENT_TYPES).some((t) => t.contentType === contentType)) throw new InputError("file", UPLOAD_MESSAGES.type);
  await db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "uploadDocument");
    const app = await lockApplication(tx, caller.sub);
    if (app.step !== step) throw new InputError("step", `the application is at "${app.step}", not "${step}"`);
    await tx.query(`INSERT INTO uploads (sub, kind, file_name, size_bytes, content_type) VALUES ($1, $2, $3, $4, $5)`, [
      caller.sub,
      UPLOAD_KINDS[step as UploadStep],
      name,
      sizeBytes,
      contentType,
    ]);
  });
}

async function reviewFacts(tx: Queryable, sub: string, step: string): Promise<ReviewFacts> {
  const c = await stepCompleteness(tx, sub);
  const e = (await tx.query<{ require_paystubs: boolean }>(`SELECT require_paystubs FROM employment WHERE sub = $1`, [sub]))[0];
  const verified = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM funding_sources WHERE sub = $1 AND verified`, [sub]))[0]!
    .n;
  return {
    step,
    prequalified: c.prequalApprove === true,
    evolveConsent: c.consentPage === true,
    verifiedFundingSource: verified > 0,
    identityUploaded: c.uploadIdentity === true,
    paystubsUploaded: c.uploadPaystubs === true,
    requirePaystubs: e?.require_paystubs === true,
  };
}

const SUBMITTABLE_STEPS = ["fundingAccount", "uploadIdentity", "uploadPaystubs", "uploadTenure", "verifyMD"];

/** Submits a complete application for review: step completeUnderReview. Lists what is missing otherwise. */
export async function submitForReview(db: Db, caller: Caller): Promise<{ step: string; missing: string[] }> {
  return db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "uploadDocument"); // the lending app submits as the last upload lands
    const app = await lockApplication(tx, caller.sub);
    if (!SUBMITTABLE_STEPS.includes(app.step))
      throw new InputError("step", `the application at "${app.step}" cannot be submitted for review`);
    const missing = reviewMissing(await reviewFacts(tx, caller.sub, app.step));
    if (missing.length > 0) return { step: app.step, missing };
    await moveTo(tx, caller.sub, "completeUnderReview");
    return { step: "completeUnderReview", missing };
  });
}

/**
 * The review's decision (a local ops action: in production an underwriter completes the review).
 * A complete application under review gets its offer, computed by the loan math from the
 * prequalified terms and the employment's pay frequency, and moves to 'Offer Sent'.
 */
export async function completeReview(db: Db, caller: Caller): Promise<{ step: string; missing: string[] }> {
  return db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "completeReview");
    const app = await lockApplication(tx, caller.sub);
    if (app.step !== "completeUnderReview") throw new InputError("step", `the application is at "${app.step}", not under review`);
    const missing = reviewMissing(await reviewFacts(tx, caller.sub, app.step));
    if (missing.length > 0) return { step: app.step, missing };
    await writeOffer(tx, caller.sub);
    await moveTo(tx, caller.sub, "Offer Sent");
    return { step: "Offer Sent", missing };
  });
}

/**
 * The review declines the application (a local ops action: in production an underwriter's
 * decision): step rejected, with the reason the refusal notice words and dates.
 */
export const REVIEW_DECLINE_REASON = "Debt-to-income ratio above our maximum after review of your documents";

export async function declineReview(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "declineApplication");
    await lockApplication(tx, caller.sub);
    await tx.query(`UPDATE applications SET rejection_reason = $2, updated_at = now() WHERE sub = $1`, [caller.sub, REVIEW_DECLINE_REASON]);
    await moveTo(tx, caller.sub, "rejected");
  });
}

export function signatureIdFor(username: string): string {
  return `sig-dd-${username}`;
}

/** How the loan will be repaid: the employment's pay frequency and months paid, and the employer's payment type. */
async function repaymentFacts(
  tx: Queryable,
  sub: string,
): Promise<{ frequency: PayFrequency; monthsPaid: number; method: RepaymentMethod }> {
  const [row] = await tx.query<{ pay_frequency: string | null; pay_months: number | null; payment_type: string | null }>(
    `SELECT e.pay_frequency, e.pay_months, emp.default_payment_type AS payment_type
       FROM applications a LEFT JOIN employment e ON e.sub = a.sub LEFT JOIN employers emp ON emp.id = a.employer_id
      WHERE a.sub = $1`,
    [sub],
  );
  return {
    frequency: payFrequency(row?.pay_frequency ?? null),
    monthsPaid: monthsPaid(row?.pay_months ?? null),
    method: repaymentMethod(row?.payment_type ?? null),
  };
}

/** Writes (or rewrites, while unsigned) the offer from the loan math. */
async function writeOffer(tx: Queryable, sub: string): Promise<void> {
  const terms = await prequalTerms(tx, sub);
  if (!terms) throw new InputError("offer", "the application is not prequalified");
  const how = await repaymentFacts(tx, sub);
  const f = offerFigures(terms, how.frequency, how.monthsPaid, how.method);
  await tx.query(
    `INSERT INTO offers (sub, offer_stage, amount_financed, original_apr, total_cost, term, payment_amount, deduction_amount, expected_payments)
     VALUES ($1, 'Offer Sent', $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (sub) DO UPDATE SET amount_financed = $2, original_apr = $3, total_cost = $4, term = $5, payment_amount = $6,
       deduction_amount = $7, expected_payments = $8 WHERE offers.contract_signed = false`,
    [
      sub,
      f.offerAmountFinanced,
      f.offerOriginalAPR,
      f.offerTotalCost,
      f.offerTerm,
      f.offerPaymentAmount,
      f.offerDeductionAmount,
      f.expectedPayments,
    ],
  );
}

/** The applicant accepts the offer shown on offerDetails. */
export async function acceptOffer(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "acceptOffer");
    const app = await lockApplication(tx, caller.sub);
    if (app.step !== "Offer Sent") throw new InputError("step", `the application is at "${app.step}", not 'Offer Sent'`);
    const rows = await tx.query(`UPDATE offers SET accepted_at = coalesce(accepted_at, now()) WHERE sub = $1 RETURNING sub`, [caller.sub]);
    if (rows.length === 0) throw new InputError("offer", "there is no offer to accept");
  });
}

/** Direct deposit set up for the loan's payroll deduction: the offer must have been accepted. */
export async function confirmDirectDeposit(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "confirmDirectDeposit");
    const app = await lockApplication(tx, caller.sub);
    if (app.step !== "Offer Sent") throw new InputError("step", `the application is at "${app.step}", not 'Offer Sent'`);
    const offer = (
      await tx.query<{ accepted: boolean }>(`SELECT accepted_at IS NOT NULL AS accepted FROM offers WHERE sub = $1`, [caller.sub])
    )[0];
    if (!offer?.accepted) throw new InputError("offer", "accept the offer before setting up direct deposit");
    // The applicant's own word; a confirmation the employer's payroll already gave stays the employer's.
    await tx.query(
      `UPDATE applications SET direct_deposit_confirmed = true,
              direct_deposit_confirmed_by = coalesce(direct_deposit_confirmed_by, 'applicant'), updated_at = now() WHERE sub = $1`,
      [caller.sub],
    );
  });
}

/**
 * The employer returned the paper direct-deposit form (a local ops action: in production the
 * lender records it): direct deposit is confirmed and the application goes on at 'Offer Sent', the
 * offer to accept and sign as on every other path. The offer is written if the review has not yet.
 */
export async function confirmPaperForm(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "confirmPaperForm");
    await lockApplication(tx, caller.sub);
    const offer = (await tx.query(`SELECT 1 FROM offers WHERE sub = $1`, [caller.sub]))[0];
    if (!offer) await writeOffer(tx, caller.sub);
    await tx.query(`UPDATE applications SET direct_deposit_confirmed = true, updated_at = now() WHERE sub = $1`, [caller.sub]);
    await moveTo(tx, caller.sub, "Offer Sent");
  });
}

/**
 * originationPaymentCalculator(username): recomputes the offer from the loan math and answers the
 * contract's signature id, creating it on first call. "FAILURE" (SPEC 8) when there is no offer to
 * calculate; a wrong username is an input error like every operation that names the user.
 */
export async function originationPaymentCalculator(db: Db, caller: Caller, username: unknown): Promise<string> {
  const name = sameUser(caller, username);
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.sub);
    const offer = (
      await tx.query<{ sig: string | null; signed: boolean }>(
        `SELECT hellosign_direct_deposit_signature_id AS sig, contract_signed AS signed FROM offers WHERE sub = $1 FOR UPDATE`,
        [caller.sub],
      )
    )[0];
    if (app.step !== "Offer Sent" || !offer || !(await prequalTerms(tx, caller.sub))) return "FAILURE";
    if (!offer.signed) await writeOffer(tx, caller.sub);
    const sig = offer.sig ?? signatureIdFor(name);
    if (!offer.sig) await tx.query(`UPDATE offers SET hellosign_direct_deposit_signature_id = $2 WHERE sub = $1`, [caller.sub, sig]);
    return sig;
  });
}

const addMonths = (isoDate: string, months: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** The last four digits of the borrower's active bank account, where a direct payment is drawn. */
async function activeMask(tx: Queryable, sub: string): Promise<string> {
  const [row] = await tx.query<{ mask: string | null }>(`SELECT mask FROM funding_sources WHERE sub = $1 AND active LIMIT 1`, [sub]);
  return row?.mask ?? "Bank";
}

/** A loan's rows from the loan math: the loan and the scheduled payments that will be collected; the term's end is the PayoutDate. */
export async function insertLoan(
  tx: Queryable,
  input: {
    sub: string;
    username: string;
    terms: { principalCents: number; rateBps: number; feeCents: number };
    originated: string;
    repayment: { frequency: PayFrequency; monthsPaid: number; method: RepaymentMethod };
  },
): Promise<{ loanId: string; payoutDate: string }> {
  const { disclosure: d, schedule: plan } = collectedLoan(input.terms, input.repayment);
  const f = offerFigures(input.terms, input.repayment.frequency, input.repayment.monthsPaid, input.repayment.method);
  const n = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM loans WHERE sub = $1`, [input.sub]))[0]!.n;
  const loanId = `L-${input.username}-${n + 1}`;
  const payoutDate = addMonths(input.originated, TERM_MONTHS);
  await tx.query(
    `INSERT INTO loans (loan_id, sub, loan_name, status, apr, amount, balance, fee, term, interval, maturity_date,
            deduction_amount, payoff_amount, pc_loan, contract, payroll_id, originated_at, payout_date)
     VALUES ($1, $2, $3, 'active', $4, $5, $5, $6, $7, $13, $8, $9, $5, false, $10, $11, $12, $8)`,
    [
      loanId,
      input.sub,
      `Personal Loan ${loanId}`,
      d.aprBps / 100,
      input.terms.principalCents / 100,
      input.terms.feeCents / 100,
      TERM_MONTHS,
      payoutDate,
      f.offerDeductionAmount,
      `contract-${loanId}.pdf`,
      `PR-${input.username}`,
      input.originated,
      plan.frequency,
    ],
  );
  // The schedule that will be collected (local/lender/rules/repayment-schedule): each payday from the
  // paycheck ('Payroll', SPEC 3), or monthly from the borrower's own account.
  const [payroll, mask] = plan.method === "payroll" ? ["directDeposit", "Payroll"] : ["monthly", await activeMask(tx, input.sub)];
  for (let n = 1; n <= plan.count; n++) {
    await tx.query(`INSERT INTO scheduled_payments (loan_id, frequency, amount, payment_date, account_mask) VALUES ($1, $2, $3, $4, $5)`, [
      loanId,
      payroll,
      (n === plan.count ? plan.lastCents : plan.regularCents) / 100,
      paymentDueDate(input.originated, plan, n),
      mask,
    ]);
  }
  return { loanId, payoutDate };
}

/**
 * Origination (a local ops action: in production the lender funds the signed loan). A signed
 * contract becomes an active loan: step activeLoan, the loan and its payment schedule.
 */
export async function originate(db: Db, caller: Caller, today = isoToday()): Promise<{ loanId: string; payoutDate: string }> {
  return db.transaction(async (tx) => {
    await assertActionOpen(tx, caller.sub, "fundLoan");
    const app = await lockApplication(tx, caller.sub);
    const offer = (await tx.query<{ signed: boolean }>(`SELECT contract_signed AS signed FROM offers WHERE sub = $1`, [caller.sub]))[0];
    const funding = decideFunding({ step: app.step, contractSigned: offer?.signed === true });
    if (!funding.allowed) throw new InputError(funding.field, funding.message);
    const terms = await prequalTerms(tx, caller.sub);
    if (!terms) throw new InputError("offer", "the application is not prequalified");
    const loan = await insertLoan(tx, {
      sub: caller.sub,
      username: caller.username,
      terms,
      originated: today,
      repayment: await repaymentFacts(tx, caller.sub),
    });
    await tx.query(`UPDATE offers SET offer_stage = 'Originated' WHERE sub = $1`, [caller.sub]);
    await moveTo(tx, caller.sub, "activeLoan");
    return loan;
  });
}

/** setApplyExtraPaymentFlag(username, flag): whether payments above the schedule go to principal; needs a loan. */
export async function setApplyExtraPaymentFlag(db: Db, caller: Caller, username: unknown, flag: unknown): Promise<boolean> {
  sameUser(caller, username);
  if (typeof flag !== "boolean") throw new InputError("flag", "must be true or false");
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    const loans = await tx.query(`SELECT 1 FROM loans WHERE sub = $1 AND status = 'active'`, [caller.sub]);
    if (loans.length === 0) throw new InputError("username", "has no active loan to apply extra payments to");
    await tx.query(`UPDATE applications SET apply_extra_payment = $2, updated_at = now() WHERE sub = $1`, [caller.sub, flag]);
    return flag;
  });
}
