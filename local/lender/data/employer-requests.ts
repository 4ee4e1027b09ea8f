import { randomBytes } from "node:crypto";
import type { EmployerRequest, MutationRequestEmployerArgs } from "../../../contract/generated/types";
import { RULE_REFUSAL_ERROR_TYPE } from "../../../lib/application/refusal-codes";
import { EMPLOYER_REQUEST_LIMITS, employerNameKey, employerRequestRefusal } from "../../../lib/employment/employer-request";
import { employerRequestSchema } from "../../../lib/employment/employer-request-schema";
import { parseForm } from "../../../lib/forms/validation";
import { localNow } from "../../infra/clock/clock";
import type { Db, Queryable } from "../../infra/db";
import { AppSyncError } from "../graphql/errors";
import { ensureApplication } from "./application";
import type { Caller } from "./frontend";
import { InputError } from "./validate";

/**
 * The lender's record of employers applicants asked it to add (issue 49): requestEmployer writes
 * one, employerRequests reads the caller's back. The arguments are checked with the form's own
 * schema (lib/employment/employer-request-schema.ts); the step rule is the lender's state machine's
 * (lib/employment/employer-request.ts). Nothing is logged: the names and contacts stay in the table.
 */

interface Row {
  id: string;
  name: string;
  city: string | null;
  state: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  requested_at: Date | string;
}

const COLUMNS = "id, name, city, state, contact_name, contact_email, contact_phone, requested_at";

const answer = (r: Row): EmployerRequest => ({
  id: r.id,
  name: r.name,
  city: r.city,
  state: r.state,
  contactName: r.contact_name,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  requestedAt: (r.requested_at instanceof Date ? r.requested_at : new Date(r.requested_at)).toISOString(),
});

async function byKey(tx: Queryable, sub: string, key: string): Promise<Row | undefined> {
  return (await tx.query<Row>(`SELECT ${COLUMNS} FROM employer_requests WHERE sub = $1 AND name_key = $2`, [sub, key]))[0];
}

export async function requestEmployer(db: Db, caller: Caller, args: MutationRequestEmployerArgs): Promise<EmployerRequest> {
  // Checked before anything is written; the message names the argument ("name: Enter …").
  const parsed = parseForm(employerRequestSchema, args);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["name", "is invalid"];
    throw new InputError(field, message);
  }
  const v = parsed.data;
  const key = employerNameKey(v.name);
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    // The row lock orders one applicant's requests: the count and the repeat are read as they stand.
    const { step } = (await tx.query<{ step: string }>(`SELECT step FROM applications WHERE sub = $1 FOR UPDATE`, [caller.sub]))[0]!;
    const refusal = employerRequestRefusal(step);
    if (refusal) {
      throw new AppSyncError(
        RULE_REFUSAL_ERROR_TYPE,
        "An employer can be asked for only while choosing the employer; this application is past that step or closed.",
        { reason: refusal, field: "name" },
      );
    }
    const earlier = await byKey(tx, caller.sub, key);
    if (earlier) return answer(earlier);
    const [{ n }] = (await tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM employer_requests WHERE sub = $1`, [caller.sub])) as [
      { n: number | string },
    ];
    if (Number(n) >= EMPLOYER_REQUEST_LIMITS.perApplicant) {
      throw new InputError("name", `at most ${EMPLOYER_REQUEST_LIMITS.perApplicant} employer requests per applicant`);
    }
    const rows = await tx.query<Row>(
      `INSERT INTO employer_requests (id, sub, username, name, name_key, city, state, contact_name, contact_email, contact_phone, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (sub, name_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        `er_${randomBytes(12).toString("base64url")}`,
        caller.sub,
        caller.username,
        v.name,
        key,
        v.city,
        v.state,
        v.contactName,
        v.contactEmail,
        v.contactPhone,
        localNow().toISOString(),
      ],
    );
    return answer(rows[0] ?? (await byKey(tx, caller.sub, key))!);
  });
}

/** The caller's requests, newest first. */
export async function employerRequestsOf(db: Db, caller: Caller): Promise<EmployerRequest[]> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM employer_requests WHERE sub = $1 ORDER BY requested_at DESC, id DESC`, [
    caller.sub,
  ]);
  return rows.map(answer);
}
