import { createHash, randomBytes } from "node:crypto";
import { employmentSchema } from "../../lib/employment/schema";
import { isChildrensHospitalEmployer } from "../../lib/application/special-employers";
import { parseForm } from "../../lib/forms/validation";
import type { Db } from "../db";
import { loadEmployer } from "./employers";
import type { Caller } from "./frontend";
import { InputError, text } from "./validate";

type Queryable = Pick<Db, "query">;

export interface EmploymentNextResult {
  nextRoute: string | null;
  validationError: string | null;
  serverError: string | null;
  data: string | null;
  requirePaystubs: boolean | null;
}

/**
 * Pay stubs are requested when the income is less settled than usual: under a year in the job
 * (tenure shorter than the 24-month loan's first half), or an employer whose payroll sends PDF pay
 * stubs instead of confirming income (employers.pdf_paystubs).
 */
export function requirePaystubsFor(input: { start: string; pdfPaystubs: boolean }, today: string): boolean {
  if (input.pdfPaystubs) return true;
  const oneYearAgo = new Date(`${today}T00:00:00Z`);
  oneYearAgo.setUTCFullYear(oneYearAgo.getUTCFullYear() - 1);
  return input.start > oneYearAgo.toISOString().slice(0, 10);
}

/**
 * employmentInformationNextHandler: every argument checked with the employment form's own schema,
 * one transaction, and the step moved employmentInformation -> authPrequal only from that step;
 * from any other step the employment is updated and the step left alone (nextRoute null).
 * Problems are answered in validationError naming the field (the next-step contract), never thrown.
 */
export async function employmentInformationNextHandler(db: Db, caller: Caller, args: Record<string, unknown>): Promise<EmploymentNextResult> {
  const fail = (validationError: string): EmploymentNextResult => ({ nextRoute: null, validationError, serverError: null, data: null, requirePaystubs: null });
  const today = new Date().toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const app = (
      await tx.query<{ step: string; employer_id: string | null }>(`SELECT step, employer_id FROM applications WHERE sub = $1 FOR UPDATE`, [caller.sub])
    )[0];
    if (!app?.employer_id) return fail("employer: choose your employer before your employment details");
    const employer = await loadEmployer(tx, app.employer_id);
    if (!employer) return fail("employer: choose your employer before your employment details");
    const parsed = parseForm(employmentSchema({ childrensHospital: isChildrensHospitalEmployer(employer) }), {
      ...args,
      additional: args.additional ?? null,
      cost_center: args.cost_center ?? null,
      dept_ext: args.dept_ext ?? null,
    });
    if (!parsed.ok) return fail(parsed.message);
    const v = parsed.data;
    const requirePaystubs = requirePaystubsFor({ start: v.start, pdfPaystubs: employer.pdfPaystubs }, today);
    await tx.query(
      `INSERT INTO employment (sub, job_title, employment_status, start_date, employee_id, salary, additional_income, pay_months,
              pay_frequency, dd_accounts, active_military, choa_cost_center, choa_department_extension, require_paystubs)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (sub) DO UPDATE SET job_title = EXCLUDED.job_title, employment_status = EXCLUDED.employment_status,
              start_date = EXCLUDED.start_date, employee_id = EXCLUDED.employee_id, salary = EXCLUDED.salary,
              additional_income = EXCLUDED.additional_income, pay_months = EXCLUDED.pay_months,
              pay_frequency = EXCLUDED.pay_frequency, dd_accounts = EXCLUDED.dd_accounts,
              active_military = EXCLUDED.active_military, choa_cost_center = EXCLUDED.choa_cost_center,
              choa_department_extension = EXCLUDED.choa_department_extension, require_paystubs = EXCLUDED.require_paystubs`,
      [caller.sub, v.title, v.status, v.start, v.id, v.salary, v.additional, v.payMonths, v.payFrequency, v.ddAccounts, v.activeMilitary, v.cost_center, v.dept_ext, requirePaystubs],
    );
    let nextRoute: string | null = null;
    if (app.step === "employmentInformation") {
      await tx.query(
        `UPDATE applications SET step = 'authPrequal', history = history || '["employmentInformation"]'::jsonb, updated_at = now() WHERE sub = $1`,
        [caller.sub],
      );
      nextRoute = "/apply/authPrequal";
    } else {
      await tx.query(`UPDATE applications SET updated_at = now() WHERE sub = $1`, [caller.sub]);
    }
    return { nextRoute, validationError: null, serverError: null, data: JSON.stringify({ ...v, employerId: employer.employerId }), requirePaystubs };
  });
}

/** Operations that name the user must name the caller. */
function sameUser(caller: Caller, username: unknown): void {
  const v = text("username", username, { max: 128 });
  if (v !== caller.username) throw new InputError("username", "does not match the signed-in user");
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const TOKEN_LIFETIME_SECONDS = 3600;

export interface ArgyleInit {
  payload: string;
  userToken: string;
  argyleEmployerId: string;
  linkFlowId: string;
  linkFlowName: string;
}

/** The Argyle item (payroll connection) of an employer in the stand-in's catalogue. */
export const argyleItemFor = (employerId: string) => `item_local_${employerId}`;

/**
 * initializeArgyle: a one-hour user token for the payroll-linking widget, for an employer with
 * Argyle enabled. The applicant keeps one Argyle user; each call issues a fresh token for it.
 */
export async function initializeArgyle(db: Db, caller: Caller, args: { username: unknown; employerId: unknown; directDeposit: unknown }): Promise<ArgyleInit> {
  sameUser(caller, args.username);
  const employerId = text("employerId", args.employerId, { max: 64 });
  if (args.directDeposit !== undefined && args.directDeposit !== null && typeof args.directDeposit !== "boolean") {
    throw new InputError("directDeposit", "must be true or false");
  }
  const directDeposit = args.directDeposit === true;
  return db.transaction(async (tx) => {
    const employer = await loadEmployer(tx, employerId);
    if (!employer) throw new InputError("employerId", `no employer with id "${employerId}"`);
    if (!employer.argyleEnabled) throw new InputError("employerId", `payroll linking is not available for ${employer.name}`);
    const app = (await tx.query<{ employer_id: string | null }>(`SELECT employer_id FROM applications WHERE sub = $1`, [caller.sub]))[0];
    if (!app) throw new InputError("username", "has no application yet");
    const userToken = `argyle-local-${randomBytes(24).toString("hex")}`;
    const newUserId = `argyle-user-${randomBytes(8).toString("hex")}`;
    const rows = await tx.query<{ argyle_user_id: string }>(
      `INSERT INTO argyle_users (argyle_user_id, sub, employer_id, direct_deposit, user_token_sha256, token_expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
       ON CONFLICT (sub) DO UPDATE SET employer_id = EXCLUDED.employer_id, direct_deposit = EXCLUDED.direct_deposit,
              user_token_sha256 = EXCLUDED.user_token_sha256, token_expires_at = EXCLUDED.token_expires_at
       RETURNING argyle_user_id`,
      [newUserId, caller.sub, employerId, directDeposit, sha256(userToken), TOKEN_LIFETIME_SECONDS],
    );
    const argyleUserId = rows[0]!.argyle_user_id;
    const flow = directDeposit ? { id: "flow_local_direct_deposit", name: "Direct deposit switch" } : { id: "flow_local_income", name: "Income verification" };
    return {
      payload: JSON.stringify({ userId: argyleUserId, employerId, employerName: employer.name, directDeposit, expiresInSeconds: TOKEN_LIFETIME_SECONDS }),
      userToken,
      argyleEmployerId: argyleItemFor(employerId),
      linkFlowId: flow.id,
      linkFlowName: flow.name,
    };
  });
}

/**
 * successfulArgyleUpdate: records the payroll accounts the widget connected for the caller's Argyle
 * user and, when the link was for direct deposit, marks direct deposit confirmed.
 */
export async function successfulArgyleUpdate(db: Db, caller: Caller, args: { username: unknown; argyleUserId: unknown }): Promise<boolean> {
  sameUser(caller, args.username);
  const argyleUserId = text("argyleUserId", args.argyleUserId, { max: 128 });
  return db.transaction(async (tx) => {
    const user = (
      await tx.query<{ direct_deposit: boolean }>(`SELECT direct_deposit FROM argyle_users WHERE argyle_user_id = $1 AND sub = $2 FOR UPDATE`, [argyleUserId, caller.sub])
    )[0];
    if (!user) throw new InputError("argyleUserId", "is not a payroll link of the signed-in user");
    const recorded = await tx.query(`UPDATE argyle_accounts SET recorded_at = coalesce(recorded_at, now()) WHERE argyle_user_id = $1 RETURNING account_id`, [argyleUserId]);
    if (recorded.length === 0) throw new InputError("argyleUserId", "has no connected payroll account yet");
    if (user.direct_deposit) {
      await tx.query(`UPDATE applications SET direct_deposit_confirmed = true, updated_at = now() WHERE sub = $1`, [caller.sub]);
    }
    return true;
  });
}

export interface ArgyleWidgetSession {
  userId: string;
  employerName: string;
  directDeposit: boolean;
  items: { id: string; name: string; kind: "employer" | "payroll" }[];
}

export class ArgyleTokenError extends Error {}

async function userForToken(db: Queryable, userToken: unknown): Promise<{ argyle_user_id: string; employer_id: string; employer_name: string; direct_deposit: boolean }> {
  if (typeof userToken !== "string" || !userToken) throw new ArgyleTokenError("userToken is required");
  const row = (
    await db.query<{ argyle_user_id: string; employer_id: string; employer_name: string; direct_deposit: boolean; expired: boolean }>(
      `SELECT u.argyle_user_id, u.employer_id, e.name AS employer_name, u.direct_deposit, u.token_expires_at < now() AS expired
         FROM argyle_users u JOIN employers e ON e.id = u.employer_id WHERE u.user_token_sha256 = $1`,
      [sha256(userToken)],
    )
  )[0];
  if (!row) throw new ArgyleTokenError("unknown user token");
  if (row.expired) throw new ArgyleTokenError("expired user token");
  return row;
}

/** What the widget shows for a user token: the employer's own payroll item and two payroll providers. */
export async function argyleWidgetSession(db: Queryable, userToken: unknown): Promise<ArgyleWidgetSession> {
  const u = await userForToken(db, userToken);
  return {
    userId: u.argyle_user_id,
    employerName: u.employer_name,
    directDeposit: u.direct_deposit,
    items: [
      { id: argyleItemFor(u.employer_id), name: `${u.employer_name} payroll`, kind: "employer" },
      { id: "item_local_workday", name: "Workday", kind: "payroll" },
      { id: "item_local_adp", name: "ADP", kind: "payroll" },
    ],
  };
}

/** The widget connected an account: {accountId, userId, itemId}, as Argyle's onAccountConnected. */
export async function connectArgyleAccount(db: Db, userToken: unknown, itemId: unknown): Promise<{ accountId: string; userId: string; itemId: string }> {
  return db.transaction(async (tx) => {
    const session = await argyleWidgetSession(tx, userToken);
    if (typeof itemId !== "string" || !session.items.some((i) => i.id === itemId)) throw new ArgyleTokenError("unknown itemId");
    const accountId = `argyle-account-${randomBytes(8).toString("hex")}`;
    const rows = await tx.query<{ account_id: string }>(
      `INSERT INTO argyle_accounts (account_id, argyle_user_id, item_id) VALUES ($1, $2, $3)
       ON CONFLICT (argyle_user_id, item_id) DO UPDATE SET connected_at = now() RETURNING account_id`,
      [accountId, session.userId, itemId],
    );
    return { accountId: rows[0]!.account_id, userId: session.userId, itemId };
  });
}
