import { createHash, randomBytes } from "node:crypto";
import type { Db, Queryable } from "../../infra/db";
import type { Caller } from "./frontend";
import { InputError, text } from "./validate";
import { decideSigning } from "../rules/application-rules";
import { SIGN_URL_VALID_MS } from "../../../lib/esign/sign-url";
import { scheduleHeadline, scheduleOfOffer } from "../rules/repayment-schedule";
import { payFrequency } from "../rules/rules";

/**
 * The e-signature stand-in's data. A signature request is an offer's signature id; signing it
 * sets the offer's contract-signed flag (what `queries` and loadFrontend report). Embedded signing
 * links are one-time, as the provider's sign URLs are: opened once, finished once, an hour at most.
 */

/** As long as the provider's embedded sign URLs are valid. */
export const LINK_TTL_SECONDS = SIGN_URL_VALID_MS / 1000;

export type EsignErrorType =
  /** Unknown id, or an id that belongs to someone else: the same answer, so ids cannot be probed. */
  | "ResourceNotFoundException"
  /** The contract is already signed. */
  | "ConflictException"
  /** The lending rules refuse it: the offer not accepted, direct deposit not confirmed, or another signer's name. */
  | "FailedPrecondition"
  /** A link that was opened or finished before. */
  | "LinkUsed"
  | "LinkExpired"
  | "LinkInvalid";

export class EsignError extends Error {
  override name = "EsignError";
  constructor(
    readonly type: EsignErrorType,
    message: string,
  ) {
    super(message);
  }
}

const SIGNATURE_ID = /^[\w.-]+$/;

export function signatureIdOf(field: string, value: unknown): string {
  return text(field, value, { max: 128, pattern: SIGNATURE_ID, patternHint: "must be a signature id (letters, digits, . - _)" });
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

interface SignatureRow {
  sub: string;
  contract_signed: boolean;
  offer_accepted: boolean;
  direct_deposit_confirmed: boolean;
  given_name: string | null;
  middle_name: string | null;
  family_name: string | null;
}

async function signatureRequest(db: Queryable, signatureId: string): Promise<SignatureRow | undefined> {
  return (
    await db.query<SignatureRow>(
      `SELECT o.sub, o.contract_signed, o.accepted_at IS NOT NULL AS offer_accepted, a.direct_deposit_confirmed,
              p.given_name, p.middle_name, p.family_name
         FROM offers o JOIN applications a ON a.sub = o.sub LEFT JOIN personal p ON p.sub = o.sub
        WHERE o.hellosign_direct_deposit_signature_id = $1`,
      [signatureId],
    )
  )[0];
}

/** The signing rule (local/lender/rules/application-rules.ts) on a signature request's rows. */
function assertSignable(request: SignatureRow, signerName?: string): void {
  const decision = decideSigning({
    offerAccepted: request.offer_accepted,
    directDepositConfirmed: request.direct_deposit_confirmed,
    signerName,
    applicant: { given: request.given_name, middle: request.middle_name, family: request.family_name },
  });
  if (decision.allowed) return;
  // A mistyped name is the signer's to correct (a 400 the page shows, the link still usable).
  if (decision.field === "name") throw new InputError("name", decision.message);
  throw new EsignError("FailedPrecondition", decision.message);
}

/**
 * counters(signature_id): checks the signature request is the caller's and still unsigned, and
 * issues a one-time link to the embedded signing page on `baseUrl`.
 */
export async function issueSigningLink(db: Db, caller: Caller, signatureIdInput: unknown, baseUrl: string): Promise<string> {
  const signatureId = signatureIdOf("signature_id", signatureIdInput);
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const request = await signatureRequest(tx, signatureId);
    if (!request || request.sub !== caller.sub) {
      throw new EsignError("ResourceNotFoundException", `signature_id: no signature request "${signatureId}" for the signed-in user`);
    }
    if (request.contract_signed) {
      throw new EsignError("ConflictException", `signature_id: the contract of signature request "${signatureId}" is already signed`);
    }
    assertSignable(request);
    await tx.query(
      `INSERT INTO esign_links (token_hash, signature_id, sub, expires_at) VALUES ($1, $2, $3, now() + ($4::int * interval '1 second'))`,
      [hashToken(token), signatureId, caller.sub, LINK_TTL_SECONDS],
    );
  });
  const url = new URL("/api/local/esign/editor/embeddedSign", baseUrl);
  url.searchParams.set("signature_id", signatureId);
  url.searchParams.set("token", token);
  return url.toString();
}

interface LinkRow {
  signature_id: string;
  sub: string;
  opened: boolean;
  finished: boolean;
  expired: boolean;
}

async function linkFor(db: Queryable, token: string, signatureId: string, lock = false): Promise<LinkRow> {
  const row = (
    await db.query<LinkRow>(
      `SELECT signature_id, sub, opened_at IS NOT NULL AS opened, finished_at IS NOT NULL AS finished, expires_at <= now() AS expired
         FROM esign_links WHERE token_hash = $1${lock ? " FOR UPDATE" : ""}`,
      [hashToken(token)],
    )
  )[0];
  if (!row || row.signature_id !== signatureId) throw new EsignError("LinkInvalid", "This signing link is not valid.");
  return row;
}

/** The offer's terms, shown on the signing page. */
export interface ContractSummary {
  signatureId: string;
  signerName: string;
  amountFinanced: number | null;
  apr: number | null;
  term: number | null;
  /** The repayment schedule's headline (local/lender/rules/repayment-schedule), as the offer and dashboard say it. */
  payment: string | null;
  totalCost: number | null;
}

/** The offer's repayment schedule in words, or null when the offer's figures are incomplete. */
export function paymentOf(row: Record<string, unknown>): string | null {
  const values = [row.paymentAmount, row.deductionAmount, row.expectedPayments, row.totalCost];
  if (values.some((v) => v === null || v === undefined)) return null;
  const [payment, deduction, count, total] = values.map(Number) as [number, number, number, number];
  const schedule = scheduleOfOffer(
    { offerPaymentAmount: payment, offerDeductionAmount: deduction, expectedPayments: count, offerTotalCost: total },
    payFrequency(typeof row.payFrequency === "string" ? row.payFrequency : null),
  );
  return scheduleHeadline(schedule);
}

/** Opens a link (once): the signing page is served for it only the first time. */
export async function openSigningLink(db: Db, tokenInput: unknown, signatureIdInput: unknown): Promise<ContractSummary> {
  const token = text("token", tokenInput, { max: 100 });
  const signatureId = signatureIdOf("signature_id", signatureIdInput);
  return db.transaction(async (tx) => {
    const link = await linkFor(tx, token, signatureId, true);
    if (link.opened || link.finished) throw new EsignError("LinkUsed", "This signing link has already been used. Ask for a new one.");
    if (link.expired) throw new EsignError("LinkExpired", "This signing link has expired. Ask for a new one.");
    const request = await signatureRequest(tx, signatureId);
    if (!request || request.sub !== link.sub) throw new EsignError("LinkInvalid", "This signing link is not valid.");
    if (request.contract_signed) throw new EsignError("ConflictException", "This contract is already signed.");
    await tx.query(`UPDATE esign_links SET opened_at = now() WHERE token_hash = $1`, [hashToken(token)]);
    const summary = (
      await tx.query<{ s: Omit<ContractSummary, "signatureId" | "payment"> & Record<string, unknown> }>(
        `SELECT json_build_object(
            'signerName', trim(concat_ws(' ', p.given_name, p.family_name)),
            'amountFinanced', o.amount_financed, 'apr', o.original_apr, 'term', o.term,
            'paymentAmount', o.payment_amount, 'deductionAmount', o.deduction_amount, 'expectedPayments', o.expected_payments,
            'payFrequency', e.pay_frequency, 'totalCost', o.total_cost) AS s
           FROM offers o LEFT JOIN personal p ON p.sub = o.sub LEFT JOIN employment e ON e.sub = o.sub WHERE o.sub = $1`,
        [link.sub],
      )
    )[0]!.s;
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      signatureId,
      signerName: summary.signerName ?? "",
      amountFinanced: num(summary.amountFinanced),
      apr: num(summary.apr),
      term: num(summary.term),
      payment: paymentOf(summary),
      totalCost: num(summary.totalCost),
    };
  });
}

/** A link may finish once, after it was opened, and not after it expired. */
async function finishable(tx: Queryable, token: string, signatureId: string): Promise<LinkRow> {
  const link = await linkFor(tx, token, signatureId, true);
  if (link.finished) throw new EsignError("LinkUsed", "This signing link has already been used. Ask for a new one.");
  if (!link.opened) throw new EsignError("LinkInvalid", "This signing link was never opened.");
  if (link.expired) throw new EsignError("LinkExpired", "This signing link has expired. Ask for a new one.");
  return link;
}

/** Signs: records the signature and sets the contract-signed flag, in one transaction. */
export async function completeSigning(
  db: Db,
  input: { token: unknown; signatureId: unknown; name: unknown; consent: unknown },
): Promise<{ signatureId: string }> {
  const token = text("token", input.token, { max: 100 });
  const signatureId = signatureIdOf("signature_id", input.signatureId);
  const name = text("name", input.name, { max: 100, pattern: /^[\p{L}][\p{L} .'-]*$/u, patternHint: "must be your full name" });
  if (input.consent !== true) throw new InputError("consent", "you must agree to sign electronically");
  return db.transaction(async (tx) => {
    const link = await finishable(tx, token, signatureId);
    const request = await signatureRequest(tx, signatureId);
    if (!request || request.sub !== link.sub) throw new EsignError("LinkInvalid", "This signing link is not valid.");
    assertSignable(request, name);
    const signed = await tx.query(
      `UPDATE offers SET contract_signed = true
        WHERE sub = $1 AND hellosign_direct_deposit_signature_id = $2 AND contract_signed = false RETURNING sub`,
      [link.sub, signatureId],
    );
    if (signed.length === 0) throw new EsignError("ConflictException", "This contract is already signed.");
    await tx.query(`UPDATE esign_links SET finished_at = now(), outcome = 'signed' WHERE token_hash = $1`, [hashToken(token)]);
    await tx.query(`INSERT INTO esign_events (signature_id, sub, kind, signer_name) VALUES ($1, $2, 'signed', $3)`, [signatureId, link.sub, name]);
    return { signatureId };
  });
}

/** A signing exit (the signer cancelled or declined): the link is used up, the contract stays unsigned. */
export async function exitSigning(db: Db, input: { token: unknown; signatureId: unknown; kind: unknown; reason?: unknown }): Promise<void> {
  const token = text("token", input.token, { max: 100 });
  const signatureId = signatureIdOf("signature_id", input.signatureId);
  if (input.kind !== "cancelled" && input.kind !== "declined") throw new InputError("kind", "must be cancelled or declined");
  const reason = input.reason === undefined || input.reason === null || input.reason === "" ? null : text("reason", input.reason, { max: 500 });
  await db.transaction(async (tx) => {
    const link = await finishable(tx, token, signatureId);
    await tx.query(`UPDATE esign_links SET finished_at = now(), outcome = $2 WHERE token_hash = $1`, [hashToken(token), input.kind]);
    await tx.query(`INSERT INTO esign_events (signature_id, sub, kind, detail) VALUES ($1, $2, $3, $4)`, [signatureId, link.sub, input.kind, reason]);
  });
}
