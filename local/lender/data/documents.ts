import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { LoanDocuments } from "../../../contract/generated/types";
import type { Db } from "../../infra/db";
import { sharedSecret } from "../../infra/db/shared-secret";
import { DOCUMENT_URL_VALID_MS, signedContractFileName } from "../../../lib/esign/signed-contract";
import { LOCAL_PATHS } from "../../../lib/config/local-paths";
import { formatUsd } from "../../../lib/format/money";
import { paymentOf, signatureIdOf } from "./esign";
import { renderPdf, type PdfLine } from "./contract-pdf";

/**
 * The borrower's filed documents beyond the loan's statements: the signed contract. The lender's
 * API files it when the e-signature provider's "signed" callback arrives (local/vendors/esign
 * delivers it after a signing), once per signature request however often the callback comes; the
 * signed terms are kept as signed. loadFrontend lists it among SPEC 3's documents with a signed,
 * expiring URL, as a storage bucket's pre-signed URL is, minted on every load; the documents door
 * (local/lender/documents) serves the file for that URL to its owner only.
 */

/** The terms as signed: what the copy prints. */
export interface SignedContract {
  signatureId: string;
  borrower: string;
  loanAmount: number | null;
  prepaidFinanceCharge: number | null;
  amountFinanced: number | null;
  apr: number | null;
  term: number | null;
  payment: string | null;
  totalOfPayments: number | null;
  employer: string | null;
  signerName: string;
  signedAt: string;
}

interface FilingRow {
  sub: string;
  signed: boolean;
  signer_name: string | null;
  signed_at: string | null;
  s: Record<string, unknown>;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The provider's "signature request signed" callback as the API handles it: files the signed copy
 * of `signatureId` in its signer's documents. Idempotent: a second callback (or a second signing
 * event) files nothing more. Nothing is filed for a request that is not signed.
 */
export async function fileSignedContract(db: Db, signatureIdInput: unknown): Promise<{ filed: boolean }> {
  const signatureId = signatureIdOf("signature_id", signatureIdInput);
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<FilingRow>(
        `SELECT o.sub, o.contract_signed AS signed, ev.signer_name, ev.created_at AS signed_at,
                json_build_object(
                  'borrower', trim(concat_ws(' ', p.given_name, p.middle_name, p.family_name)),
                  'loanAmount', q.amount, 'fee', q.origination_fee, 'amountFinanced', o.amount_financed,
                  'apr', o.original_apr, 'term', o.term, 'paymentAmount', o.payment_amount,
                  'deductionAmount', o.deduction_amount, 'expectedPayments', o.expected_payments,
                  'payFrequency', e.pay_frequency, 'totalCost', o.total_cost, 'employer', emp.name) AS s
           FROM offers o
           JOIN applications a ON a.sub = o.sub
           LEFT JOIN personal p ON p.sub = o.sub
           LEFT JOIN employment e ON e.sub = o.sub
           LEFT JOIN prequalifications q ON q.sub = o.sub
           LEFT JOIN employers emp ON emp.id = a.employer_id
           LEFT JOIN LATERAL (SELECT signer_name, created_at FROM esign_events
                               WHERE signature_id = o.hellosign_direct_deposit_signature_id AND kind = 'signed'
                               ORDER BY created_at DESC, id DESC LIMIT 1) ev ON true
          WHERE o.hellosign_direct_deposit_signature_id = $1`,
        [signatureId],
      )
    )[0];
    if (!row?.signed) return { filed: false };
    const s = row.s;
    const contract: SignedContract = {
      signatureId,
      borrower: String(s.borrower ?? ""),
      loanAmount: num(s.loanAmount),
      prepaidFinanceCharge: num(s.fee),
      amountFinanced: num(s.amountFinanced),
      apr: num(s.apr),
      term: num(s.term),
      payment: paymentOf(s),
      totalOfPayments: num(s.totalCost),
      employer: typeof s.employer === "string" ? s.employer : null,
      // A contract signed at seed time has no signing event: the borrower's legal name stands for it.
      signerName: row.signer_name ?? String(s.borrower ?? ""),
      signedAt: new Date(row.signed_at ?? Date.now()).toISOString(),
    };
    const inserted = await tx.query(
      `INSERT INTO filed_documents (id, sub, signature_id, file_name, contract) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (signature_id) DO NOTHING RETURNING id`,
      [randomBytes(16).toString("base64url"), row.sub, signatureId, signedContractFileName(signatureId), JSON.stringify(contract)],
    );
    return { filed: inserted.length > 0 };
  });
}

const documentSecret = (db: Db) => sharedSecret(db, "document-urls");

/** The URL's signature: binds the document, its owner and the expiry (seconds since the epoch). */
function signatureOf(secret: Buffer, id: string, sub: string, expires: number): string {
  return createHmac("sha256", secret).update(`${id}\n${sub}\n${expires}`).digest("hex");
}

/** A signed URL for a document, valid DOCUMENT_URL_VALID_MS from `nowMs`: a path on the app's own origin, through the stand-ins' door. */
export async function documentUrl(db: Db, doc: { id: string; sub: string; fileName: string }, nowMs: number): Promise<string> {
  const expires = Math.floor((nowMs + DOCUMENT_URL_VALID_MS) / 1000);
  const signature = signatureOf(await documentSecret(db), doc.id, doc.sub, expires);
  return `${LOCAL_PATHS.documents}/${encodeURIComponent(doc.id)}/${encodeURIComponent(doc.fileName)}?expires=${expires}&signature=${signature}`;
}

/** The caller's filed documents as SPEC 3's Documents: each signed contract on its own, under its signature request until a loan carries it. */
export async function filedDocuments(db: Db, sub: string, nowMs: number): Promise<LoanDocuments[]> {
  const rows = await db.query<{ id: string; signature_id: string; file_name: string; filed_on: string }>(
    `SELECT id, signature_id, file_name, to_char(filed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS filed_on
       FROM filed_documents WHERE sub = $1 ORDER BY filed_at DESC, id`,
    [sub],
  );
  return Promise.all(
    rows.map(async (r) => ({
      loanId: r.signature_id,
      loanName: "Signed loan contract",
      loanSortDate: r.filed_on,
      statements: [{ signedUrl: await documentUrl(db, { id: r.id, sub, fileName: r.file_name }, nowMs), sortDate: r.filed_on, fileName: r.file_name }],
    })),
  );
}

export type DocumentVerdict =
  | { ok: true; sub: string; fileName: string; contract: SignedContract }
  /** Unknown, or not this URL's: one answer, so ids cannot be probed. */
  | { ok: false; reason: "not-found" | "expired" | "invalid" };

/** Checks a document URL's parts: the document exists under that name, the signature is the API's, and it has not expired. */
export async function verifyDocumentUrl(
  db: Db,
  parts: { id: string; fileName: string; expires: string | null; signature: string | null },
  nowMs: number,
): Promise<DocumentVerdict> {
  if (!/^[\w-]{1,64}$/.test(parts.id)) return { ok: false, reason: "not-found" };
  const row = (
    await db.query<{ sub: string; file_name: string; contract: SignedContract | string }>(
      `SELECT sub, file_name, contract FROM filed_documents WHERE id = $1`,
      [parts.id],
    )
  )[0];
  if (!row || row.file_name !== parts.fileName) return { ok: false, reason: "not-found" };
  if (!parts.expires || !/^\d{1,12}$/.test(parts.expires) || !parts.signature || !/^[0-9a-f]{64}$/.test(parts.signature)) {
    return { ok: false, reason: "invalid" };
  }
  const expected = Buffer.from(signatureOf(await documentSecret(db), parts.id, row.sub, Number(parts.expires)), "hex");
  if (!timingSafeEqual(expected, Buffer.from(parts.signature, "hex"))) return { ok: false, reason: "invalid" };
  if (Number(parts.expires) * 1000 <= nowMs) return { ok: false, reason: "expired" };
  const contract = typeof row.contract === "string" ? (JSON.parse(row.contract) as SignedContract) : row.contract;
  return { ok: true, sub: row.sub, fileName: row.file_name, contract };
}

const money = (n: number | null) => (n === null ? "-" : formatUsd(n));

/** The signed copy as a PDF: the terms as signed and the signature's record. */
export function signedContractPdf(c: SignedContract): Uint8Array<ArrayBuffer> {
  const financeCharge = c.totalOfPayments !== null && c.amountFinanced !== null ? c.totalOfPayments - c.amountFinanced : null;
  const signedOn = c.signedAt.slice(0, 10);
  const lines: PdfLine[] = [
    { text: "Loan contract - signed copy", bold: true, size: 18 },
    { text: `Borrower: ${c.borrower}`, gap: 10 },
    ...(c.employer ? [{ text: `Employer: ${c.employer}` }] : []),
    { text: "Truth in Lending disclosures", bold: true, size: 13, gap: 12 },
    { text: `Loan amount: ${money(c.loanAmount)}` },
    { text: `Prepaid finance charge: ${money(c.prepaidFinanceCharge)}` },
    { text: `Amount financed: ${money(c.amountFinanced)}` },
    { text: `Annual percentage rate: ${c.apr === null ? "-" : `${c.apr.toFixed(2)}%`}` },
    { text: `Finance charge: ${money(financeCharge)}` },
    { text: `Total of payments: ${money(c.totalOfPayments)}` },
    { text: `Term: ${c.term === null ? "-" : `${c.term} months`}` },
    { text: `Payments: ${c.payment ?? "-"}` },
    { text: "Terms", bold: true, size: 13, gap: 12 },
    {
      text: "The loan has a fixed term and may be repaid early without penalty. The borrower signed this contract electronically; the signature has the same effect as a handwritten one.",
    },
    { text: "Signature", bold: true, size: 13, gap: 12 },
    { text: `Signed electronically by ${c.signerName} on ${signedOn} (UTC).` },
    { text: `Signature request: ${c.signatureId}` },
    { text: "Issued by the local lender stand-in (test mode): not a binding contract.", size: 9, gap: 24 },
  ];
  return renderPdf(`Signed loan contract ${c.signatureId}`, lines);
}
