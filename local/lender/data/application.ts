import { localNow } from "../../infra/clock/clock";
import type { LoanRecord, NextStepResult, StepResult } from "../../../contract/generated/types";
import type { Db, Queryable } from "../../infra/db";
import { isIslandEmployer, loadEmployer } from "./employers";
import { readAppInfo, readLoans, type AppInfo, type Caller, type Personal } from "./frontend";
import { APPLICATION_SOURCES, LOAN_REASONS, STATE_ABBREVIATIONS, isServedState, loanAmountProblem } from "./reference";
import { InputError, email, internalPath, isoDate, money, oneOf, text } from "./validate";
import { findInvalidText } from "../../infra/http/invalid-text";
import { decideDecisionInputChange, type DecisionInputValue, type DecisionInputValues } from "../rules/application-rules";
import { DECISION_INPUTS, type DecisionInput } from "../../../lib/application/decision-inputs";
import { RULE_REFUSAL_ERROR_TYPE } from "../../../lib/application/refusal-codes";
import { AppSyncError } from "../graphql/errors";

/**
 * The user operations of the local API. Each write validates every argument first, then runs in
 * one transaction, so bad input never leaves a half-written application behind.
 */

/** Creates the caller's application row on first write: a new application starts at chooseEmployer. */
export async function ensureApplication(tx: Queryable, caller: Caller): Promise<void> {
  await tx.query(
    `INSERT INTO applications (sub, username, primary_email) VALUES ($1, $2, $3) ON CONFLICT (sub) DO NOTHING`,
    [caller.sub, caller.username, caller.email ?? null],
  );
}

/** Operations that name the user must name the caller: a token never writes someone else's data. */
export function sameUser(caller: Caller, username: unknown): string {
  const v = text("username", username, { max: 128 });
  if (v !== caller.username) throw new InputError("username", "does not match the signed-in user");
  return v;
}

const HISTORY_LIMIT = 50;

/**
 * Writes a step: forward (or sideways) moves push the current step onto the history; moving to
 * the step on top of the history pops it (a "back"). Whether a move is allowed is the caller's
 * rule to check (lending/operations.ts for the user's own moves).
 */
export async function moveTo(tx: Queryable, sub: string, step: string): Promise<StepResult> {
  const row = (
    await tx.query<{ step: string; history: string[] }>(`SELECT step, history FROM applications WHERE sub = $1 FOR UPDATE`, [sub])
  )[0]!;
  const history = [...row.history];
  if (step !== row.step) {
    if (history.at(-1) === step) history.pop();
    else history.push(row.step);
  }
  const kept = history.slice(-HISTORY_LIMIT);
  await tx.query(`UPDATE applications SET step = $2, history = ($3::text)::jsonb, updated_at = now() WHERE sub = $1`, [
    sub,
    step,
    JSON.stringify(kept),
  ]);
  return { applicationStep: step, history: kept };
}


/**
 * The decision's inputs as stored, read with the application row locked, so that no concurrent
 * step move slips between the check and the write. Three copies, one per door that writes them:
 * the application's (setEmployer, applies), the personal details' (identifies: identity and the
 * income and amount the personal step records) and the employment's (the employment step).
 */
interface StoredDecisionInputs {
  step: string;
  application: DecisionInputValues;
  personal: DecisionInputValues;
  employment: DecisionInputValues;
}

export async function lockDecisionInputs(tx: Queryable, sub: string): Promise<StoredDecisionInputs> {
  type Value = string | number | null;
  const [row] = await tx.query<Record<string, Value> & { step: string }>(
    `SELECT a.step, a.employer_id, a.state_of_residence, a.amount_applied_for,
            p.ssn, p.given_name, p.middle_name, p.family_name, p.birthdate::text AS birthdate,
            p.salary AS p_salary, p.additional_income AS p_additional, p.amount AS p_amount,
            e.salary, e.additional_income, e.pay_frequency, e.pay_months, e.employment_status,
            e.start_date::text AS start_date, e.job_title
       FROM applications a LEFT JOIN personal p ON p.sub = a.sub LEFT JOIN employment e ON e.sub = a.sub
      WHERE a.sub = $1 FOR UPDATE OF a`,
    [sub],
  );
  const r = row!;
  return {
    step: r.step,
    application: { employerId: r.employer_id ?? null, state: r.state_of_residence ?? null, amount: r.amount_applied_for ?? null },
    personal: {
      ssn: r.ssn ?? null,
      given_name: r.given_name ?? null,
      middle_name: r.middle_name ?? null,
      family_name: r.family_name ?? null,
      birthdate: r.birthdate ?? null,
      salary: r.p_salary ?? null,
      additionalIncome: r.p_additional ?? null,
      amount: r.p_amount ?? null,
    },
    employment: {
      salary: r.salary ?? null,
      additionalIncome: r.additional_income ?? null,
      payFrequency: r.pay_frequency ?? null,
      payMonths: r.pay_months ?? null,
      employmentStatus: r.employment_status ?? null,
      startDate: r.start_date ?? null,
      jobTitle: r.job_title ?? null,
    },
  };
}

/**
 * Refuses a change of a decision input after the decision (decideDecisionInputChange), as AppSync's
 * FailedPrecondition with `{ reason: "DECISION_FACTS_LOCKED", field }`: a rule of the lender, not a
 * fault of the input, so never a validation error. `field` is the argument as the door names it
 * (`argument` maps the inputs a door names otherwise, e.g. the employment step's `title`).
 */
export function keepDecisionInputs(
  step: string,
  current: DecisionInputValues,
  requested: DecisionInputValues,
  argument: Partial<Record<DecisionInput, string>> = {},
): void {
  const decision = decideDecisionInputChange(step, current, requested);
  if (decision.allowed) return;
  const field = argument[decision.field] ?? decision.field;
  throw new AppSyncError(RULE_REFUSAL_ERROR_TYPE, `${field}: ${decision.message}`, { reason: decision.reason, field });
}

/**
 * The employer step's next handler. Its contract reports problems in validationError (SPEC
 * section 5), not as a GraphQL error. On success it records the employer and, when the
 * application is still at chooseEmployer, moves it to loanDetails (nextRoute /apply/loanDetails;
 * null when the step did not move). Another employer after the decision is refused (keepDecisionInputs).
 */
export async function setEmployer(db: Db, caller: Caller, employerId: unknown): Promise<NextStepResult> {
  const fail = (validationError: string): NextStepResult => ({ nextRoute: null, validationError, serverError: null, data: null });
  if (typeof employerId !== "string" || !employerId.trim()) return fail("employerId: is required");
  const id = employerId.trim();
  return db.transaction(async (tx) => {
    const employer = await loadEmployer(tx, id);
    if (!employer) return fail(`employerId: no employer with id "${id}"`);
    await ensureApplication(tx, caller);
    const stored = await lockDecisionInputs(tx, caller.sub);
    keepDecisionInputs(stored.step, stored.application, { employerId: id });
    await tx.query(`UPDATE applications SET employer_id = $2, updated_at = now() WHERE sub = $1`, [caller.sub, id]);
    const { step } = (await tx.query<{ step: string }>(`SELECT step FROM applications WHERE sub = $1`, [caller.sub]))[0]!;
    // Like the other next handlers: a route to follow only when the step moved; a later change of
    // employer (from /employment) updates the employer and leaves the step alone.
    const moved = step === "chooseEmployer";
    if (moved) await moveTo(tx, caller.sub, "loanDetails");
    return { nextRoute: moved ? "/apply/loanDetails" : null, validationError: null, serverError: null, data: JSON.stringify(employer) };
  });
}

export interface AppliesInput {
  amount: unknown;
  other?: unknown;
  reason: unknown;
  state: unknown;
  type: unknown;
}

/** The one amount rule (lib/lending/loan-amount): what the loan request accepts, and nothing prequalification would refuse. */
function loanAmount(field: string, value: unknown): number {
  const problem = loanAmountProblem(value);
  if (problem) throw new InputError(field, problem);
  return value as number;
}

export async function applies(db: Db, caller: Caller, input: AppliesInput): Promise<AppInfo> {
  const amount = loanAmount("amount", input.amount);
  const reason = oneOf("reason", input.reason, LOAN_REASONS);
  const other =
    input.other === undefined || input.other === null || (reason !== "Other" && input.other === "")
      ? null
      : text("other", input.other, { max: 500 });
  if (reason === "Other" && !other) throw new InputError("other", "is required when the reason is Other");
  const state = typeof input.state === "string" ? input.state.trim().toUpperCase() : input.state;
  if (typeof state !== "string" || !STATE_ABBREVIATIONS.has(state)) {
    throw new InputError("state", "must be the abbreviation of a US state or territory");
  }
  if (!isServedState(state)) throw new InputError("state", `is not served: the lender does not lend in ${state}`);
  const type = text("type", input.type, { max: 50, pattern: /^[\w -]+$/, patternHint: "must be a loan type name" });
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    const stored = await lockDecisionInputs(tx, caller.sub);
    keepDecisionInputs(stored.step, stored.application, { state, amount });
    await tx.query(
      `UPDATE applications SET amount_applied_for = $2, loan_reason = $3, other_description = $4,
              state_of_residence = $5, loan_type = $6, updated_at = now() WHERE sub = $1`,
      [caller.sub, amount, reason, other, state, type],
    );
    // The personal details carry the amount too (addData's amount): a change of the loan request
    // (the review's "Change your loan") changes that copy in the same transaction, so the two never disagree.
    await tx.query(`UPDATE personal SET amount = $2, updated_at = now() WHERE sub = $1 AND amount IS DISTINCT FROM $2`, [caller.sub, amount]);
    return (await readAppInfo(tx, caller)).appInfo;
  });
}

/** Sent without the accountSettings flag, only these may change (SPEC 5; SPEC 3 "Account settings editable fields"). */
const CONTACT_FIELDS = [
  "address", "unit", "personal_email", "phone_number", "addrCity", "addrCountry", "addrPostalCode",
  "addrStateAbbr", "addrStreetNumber", "addrStreetName", "lat", "lng",
] as const;

type PersonalField = Exclude<keyof Personal, never>;

/** Field name on the wire -> column, and how to check it. */
const PERSONAL_COLUMNS: Record<PersonalField, { column: string; check: (field: string, v: unknown) => unknown }> = {
  given_name: { column: "given_name", check: (f, v) => personName(f, v) },
  middle_name: { column: "middle_name", check: (f, v) => personName(f, v) },
  family_name: { column: "family_name", check: (f, v) => personName(f, v) },
  birthdate: { column: "birthdate", check: (f, v) => adultBirthdate(f, v) },
  address: { column: "address", check: (f, v) => text(f, v, { max: 200 }) },
  unit: { column: "unit", check: (f, v) => text(f, v, { max: 50 }) },
  addrCity: { column: "addr_city", check: (f, v) => text(f, v, { max: 100 }) },
  addrCountry: { column: "addr_country", check: (f, v) => text(f, v, { max: 56 }) },
  addrPostalCode: { column: "addr_postal_code", check: (f, v) => text(f, v, { max: 10, pattern: /^\d{5}(-\d{4})?$/, patternHint: "must be a ZIP code (12345 or 12345-6789)" }) },
  addrStateAbbr: {
    column: "addr_state_abbr",
    check: (f, v) => {
      const s = typeof v === "string" ? v.trim().toUpperCase() : v;
      if (typeof s !== "string" || !STATE_ABBREVIATIONS.has(s)) throw new InputError(f, "must be the abbreviation of a US state or territory");
      return s;
    },
  },
  addrStreetNumber: { column: "addr_street_number", check: (f, v) => text(f, v, { max: 20 }) },
  addrStreetName: { column: "addr_street_name", check: (f, v) => text(f, v, { max: 100 }) },
  lat: { column: "lat", check: (f, v) => coordinate(f, v, 90) },
  lng: { column: "lng", check: (f, v) => coordinate(f, v, 180) },
  personal_email: { column: "personal_email", check: email },
  ssn: {
    column: "ssn",
    check: (f, v) => {
      const ssn = text(f, v, { max: 9, pattern: /^\d{9}$/, patternHint: "must be 9 digits" });
      if (ssn === "000000000") throw new InputError(f, "must not be all zeros");
      return ssn;
    },
  },
  how_you_heard: { column: "how_you_heard", check: (f, v) => oneOf(f, v, APPLICATION_SOURCES) },
  referral_code: { column: "referral_code", check: (f, v) => text(f, v, { max: 64, pattern: /^[\w-]+$/, patternHint: "must be letters, digits, - or _" }) },
  affiliate: { column: "affiliate", check: (f, v) => text(f, v, { max: 64, pattern: /^[\w-]+$/, patternHint: "must be letters, digits, - or _" }) },
  home_phone_number: { column: "home_phone_number", check: phoneDigits },
  phone_number: { column: "phone_number", check: phoneDigits },
  email: { column: "email", check: email },
  salary: { column: "salary", check: (f, v) => money(f, v, { max: 10_000_000 }) },
  additionalIncome: { column: "additional_income", check: (f, v) => money(f, v, { max: 10_000_000 }) },
  amount: { column: "amount", check: loanAmount },
};

function personName(field: string, v: unknown): string {
  return text(field, v, { max: 50, pattern: /^[\p{L}][\p{L} .'-]*$/u, patternHint: "must be a name (letters, spaces, . ' -)" });
}

function phoneDigits(field: string, v: unknown): string {
  // Stored as digits only (SPEC section 5): the shell strips the formatting and the +1.
  return text(field, v, { max: 10, pattern: /^\d{10}$/, patternHint: "must be 10 digits" });
}

function coordinate(field: string, v: unknown, limit: number): number {
  if (typeof v !== "number" || !Number.isFinite(v) || Math.abs(v) > limit) {
    throw new InputError(field, `must be a number between -${limit} and ${limit}`);
  }
  return v;
}

function adultBirthdate(field: string, v: unknown): string {
  const date = isoDate(field, v);
  const now = localNow();
  const eighteen = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  if (new Date(`${date}T00:00:00Z`) > eighteen) throw new InputError(field, "the applicant must be at least 18 years old");
  if (Number(date.slice(0, 4)) < now.getUTCFullYear() - 120) throw new InputError(field, "is too far in the past");
  return date;
}

/** The decision inputs among identifies' checked values (its wire names are the inputs' names). */
function sentDecisionInputs(updates: { field: string; value: unknown }[]): DecisionInputValues {
  const inputs = updates.filter((u): u is { field: DecisionInput; value: DecisionInputValue } =>
    (DECISION_INPUTS as readonly string[]).includes(u.field),
  );
  return Object.fromEntries(inputs.map((u) => [u.field, u.value]));
}

export type IdentifiesInput = Partial<Record<PersonalField, unknown>> & { accountSettings?: unknown };

/**
 * Personal and contact details, SPEC 5 read literally (local/lender/graphql/README.md, "identifies"): with
 * `accountSettings` false or absent only the contact fields may be sent (the account-settings
 * edit); with it true the personal fields may be sent as well (the personalInformation step). A
 * personal field sent without the flag is refused rather than silently dropped. Absent or null
 * fields are left as they are (the shell omits empty values).
 */
export async function identifies(db: Db, caller: Caller, input: IdentifiesInput): Promise<Personal> {
  const accountSettings = input.accountSettings === true;
  const updates: { field: PersonalField; column: string; value: unknown }[] = [];
  for (const [field, spec] of Object.entries(PERSONAL_COLUMNS) as [PersonalField, (typeof PERSONAL_COLUMNS)[PersonalField]][]) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (!accountSettings && !(CONTACT_FIELDS as readonly string[]).includes(field)) {
      throw new InputError(field, "is a personal field: it is accepted only with accountSettings: true");
    }
    updates.push({ field, column: spec.column, value: spec.check(field, value) });
  }
  if (updates.length === 0) throw new InputError("identifies", "no field to update was given");
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    await tx.query(`INSERT INTO personal (sub) VALUES ($1) ON CONFLICT (sub) DO NOTHING`, [caller.sub]);
    // Identity, and the income and amount the personal step records, are decision inputs.
    const stored = await lockDecisionInputs(tx, caller.sub);
    keepDecisionInputs(stored.step, stored.personal, sentDecisionInputs(updates));
    const sets = updates.map((u, i) => `${u.column} = $${i + 2}`);
    await tx.query(`UPDATE personal SET ${sets.join(", ")}, updated_at = now() WHERE sub = $1`, [
      caller.sub,
      ...updates.map((u) => u.value),
    ]);
    return (await readAppInfo(tx, caller)).appInfo.personal!;
  });
}

const MAX_REAPPLICATION_BYTES = 64 * 1024;

/** Re-application data: base64 of a JSON object, kept as jsonb. */
export async function addData(db: Db, caller: Caller, username: unknown, reapplicationData: unknown): Promise<boolean> {
  sameUser(caller, username);
  const encoded = text("reapplicationData", reapplicationData, { max: Math.ceil((MAX_REAPPLICATION_BYTES * 4) / 3) + 4 });
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    throw new InputError("reapplicationData", "must be base64");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    throw new InputError("reapplicationData", "must be base64 of JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new InputError("reapplicationData", "must encode a JSON object");
  }
  // The door checks the text it sees (local/lender/graphql/limits.ts); this text arrives encoded.
  const invalid = findInvalidText(parsed);
  if (invalid) throw new InputError("reapplicationData", `holds a NUL or an unpaired surrogate at ${invalid}, which is not text`);
  await db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    await tx.query(`UPDATE applications SET reapplication_data = ($2::text)::jsonb, updated_at = now() WHERE sub = $1`, [
      caller.sub,
      JSON.stringify(parsed),
    ]);
  });
  return true;
}

export async function setEvolveConsent(db: Db, caller: Caller, consent: unknown): Promise<boolean> {
  if (typeof consent !== "boolean") throw new InputError("consent", "must be true or false");
  await db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    await tx.query(`UPDATE applications SET evolve_consent = $2, evolve_consent_at = now(), updated_at = now() WHERE sub = $1`, [
      caller.sub,
      consent,
    ]);
  });
  return consent;
}

/** Records where a just-registered user asked to go; the first registration time is kept. */
export async function justRegistered(db: Db, caller: Caller, applyNowRoute: unknown): Promise<boolean> {
  const route = internalPath("applyNowRoute", applyNowRoute);
  await db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    await tx.query(
      `UPDATE applications SET apply_now_route = $2, registered_at = coalesce(registered_at, now()), updated_at = now() WHERE sub = $1`,
      [caller.sub, route],
    );
  });
  return true;
}

export async function logOriginTracking(db: Db, caller: Caller, originId: unknown): Promise<boolean> {
  const id = text("originId", originId, { max: 128, pattern: /^[\w.:-]+$/, patternHint: "must be letters, digits, . : - or _" });
  await db.query(`INSERT INTO origin_tracking (sub, origin_id) VALUES ($1, $2)`, [caller.sub, id]);
  return true;
}

export async function gtmEcommerceId(db: Db, caller: Caller, input: { username: unknown; type: unknown; id: unknown }): Promise<boolean> {
  const username = sameUser(caller, input.username);
  const type = text("type", input.type, { max: 64, pattern: /^[\w-]+$/, patternHint: "must be letters, digits, - or _" });
  const id = text("id", input.id, { max: 128 });
  await db.query(`INSERT INTO gtm_ecommerce (sub, username, type, ecommerce_id) VALUES ($1, $2, $3, $4)`, [caller.sub, username, type, id]);
  return true;
}

const MAX_LOG_MESSAGE = 10_000;

export async function log(db: Db, caller: Caller, message: unknown): Promise<boolean> {
  const m = text("message", message, { max: MAX_LOG_MESSAGE });
  await db.query(`INSERT INTO logs (sub, message) VALUES ($1, $2)`, [caller.sub, m]);
  return true;
}

/** The contract-signed flag, as the text "true" or "false" (SPEC section 4). */
export async function contractSigned(db: Queryable, caller: Caller): Promise<"true" | "false"> {
  const rows = await db.query<{ contract_signed: boolean }>(`SELECT contract_signed FROM offers WHERE sub = $1`, [caller.sub]);
  return rows[0]?.contract_signed ? "true" : "false";
}

/** A missing rating reads as 0 (SPEC section 7). */
export async function rating(db: Queryable, caller: Caller): Promise<{ rating: number; comment: string | null }> {
  const rows = await db.query<{ rating: number; comment: string | null }>(`SELECT rating, comment FROM ratings WHERE sub = $1`, [caller.sub]);
  return rows[0] ?? { rating: 0, comment: null };
}


/** The loan record: the latest loan when there is one, otherwise the offer's terms, otherwise null. */
export async function gets(db: Queryable, caller: Caller): Promise<LoanRecord | null> {
  const loan = (await readLoans(db, caller.sub))[0];
  if (loan) {
    return {
      amount: loan.amount, apr: loan.apr, APRRequested: loan.apr, Balance: loan.balance, contract: loan.contract,
      fee: loan.fee, interval: loan.interval, term: loan.term, maturityDate: loan.maturityDate, payoffAmount: loan.payoffAmount,
    };
  }
  const { appInfo } = await readAppInfo(db, caller);
  const offer = appInfo.offer;
  if (!offer) return null;
  return {
    amount: offer.offerAmountFinanced, apr: offer.offerOriginalAPR, APRRequested: offer.offerOriginalAPR, Balance: null,
    contract: null, fee: appInfo.prequalification?.preQualifiedOriginationFee ?? null, interval: "monthly",
    term: offer.offerTerm, maturityDate: null, payoffAmount: null,
  };
}

/** For checkIfIslandInAlgolia: an unknown employer is an input error, not "false". */
export async function checkIsland(db: Queryable, employerId: unknown): Promise<boolean> {
  const id = text("employerId", employerId, { max: 64 });
  const island = await isIslandEmployer(db, id);
  if (island === null) throw new InputError("employerId", `no employer with id "${id}"`);
  return island;
}
