import { randomBytes } from "node:crypto";
import type { Db } from "../../infra/db";
import { EsignError, completeSigning, exitSigning, openSigningLink, type EsignErrorType } from "../../lender/data/esign";
import { InputError } from "../../lender/data/validate";
import type { EsignSettings } from "./settings";
import { errorPage, signingPage, type PageConfig } from "./page";
import { readJsonBody } from "../../infra/http/read-body";
import { fileSignedContract } from "../../lender/data/documents";
import { logger } from "@/lib/observability/logger";

/**
 * The e-signature stand-in's HTTP surface (local only, see runtime.ts):
 *
 *   GET  /api/local/esign/editor/embeddedSign?signature_id&token&client_id&parent_url&…
 *        the embedded signing page, for a one-time link issued by counters(signature_id)
 *   POST /api/local/esign/sign   {token, signature_id, name, consent: true}
 *   POST /api/local/esign/exit   {token, signature_id, kind: "cancelled" | "declined", reason?}
 *
 * After a signing the provider calls the lender back (signature_request_all_signed) and the
 * lender's API files the signed copy in the borrower's documents (local/lender/data/documents.ts);
 * the stand-in makes that call once the signature is recorded. A failed callback leaves the
 * signature standing: the page says the copy is on its way (lib/esign/signed-contract.ts), and
 *
 *   POST /api/local/esign/callback {signature_id}
 *
 * delivers it again, as the provider retries a callback the lender did not take (filing is
 * idempotent: one copy however often it comes; nothing for an unsigned request).
 */
export interface EsignHandlerOptions {
  db: () => Promise<Db>;
  settings: () => EsignSettings;
}

const PREFIX = "/api/local/esign";

const STATUS: Record<EsignErrorType, number> = {
  ResourceNotFoundException: 404,
  ConflictException: 409,
  FailedPrecondition: 409,
  LinkUsed: 410,
  LinkExpired: 410,
  LinkInvalid: 404,
};

/** hellosign:error codes the page reports to the embedding client. */
const CODE: Record<EsignErrorType, string> = {
  ResourceNotFoundException: "signature_request_not_found",
  ConflictException: "already_signed",
  FailedPrecondition: "failed_precondition",
  LinkUsed: "link_used",
  LinkExpired: "link_expired",
  LinkInvalid: "link_invalid",
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

function html(status: number, nonce: string, body: string, frameAncestor: string): Response {
  return new Response(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      // Only the registered domain may embed the page; only its own nonce-d script and style run.
      "content-security-policy": [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        "connect-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
        `frame-ancestors ${frameAncestor}`,
      ].join("; "),
    },
  });
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

async function embeddedSign(request: Request, options: EsignHandlerOptions): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const settings = options.settings();
  const nonce = randomBytes(16).toString("base64");
  const signatureId = params.get("signature_id");
  const parentOrigin = originOf(params.get("parent_url"));
  const config: PageConfig = {
    signatureId,
    token: null,
    // Messages go only to the registered domain: a parent_url elsewhere gets no message at all.
    parentOrigin: parentOrigin === settings.appOrigin ? parentOrigin : null,
    skipDomainVerification: params.get("skip_domain_verification") === "1",
  };
  const fail = (status: number, code: string, message: string) =>
    html(status, nonce, errorPage(nonce, message, { ...config, errorCode: code }), settings.appOrigin);

  if (!settings.clientId || params.get("client_id") !== settings.clientId) {
    return fail(400, "invalid_client_id", "The client_id of the embedding site does not match this signature request's API app.");
  }
  if (!config.parentOrigin) {
    return fail(400, "invalid_parent_url", `This signature request may be embedded only by ${settings.appOrigin}.`);
  }
  try {
    const db = await options.db();
    const summary = await openSigningLink(db, params.get("token"), signatureId);
    return html(200, nonce, signingPage(nonce, summary, { ...config, token: params.get("token") }), settings.appOrigin);
  } catch (error) {
    if (error instanceof EsignError) return fail(STATUS[error.type], CODE[error.type], error.message);
    if (error instanceof InputError) return fail(400, "invalid_request", error.message);
    throw error;
  }
}

async function readJson(request: Request): Promise<Record<string, unknown> | Response> {
  // JSON only: a cross-site form post cannot send it without a preflight.
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return json(415, { code: "unsupported_media_type", message: "Send application/json." });
  }
  const read = await readJsonBody(request, 16 * 1024);
  if (!read.ok && read.reason === "too-large") return json(413, { code: "too_large", message: "The request body is too large." });
  const body = read.ok ? read.value : undefined;
  if (typeof body === "object" && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  return json(400, { code: "invalid_json", message: "The request body must be a JSON object." });
}

function failure(error: unknown): Response {
  if (error instanceof InputError)
    return json(400, { code: "invalid_request", field: error.field, message: error.message, retryable: true });
  if (error instanceof EsignError) return json(STATUS[error.type], { code: CODE[error.type], message: error.message });
  throw error;
}

/** The provider's callback to the lender's API after a signing; its failure is the callback's, not the signing's. */
async function deliverSignedCallback(db: Db, signatureId: string): Promise<void> {
  try {
    await fileSignedContract(db, signatureId);
  } catch (error) {
    logger().error({ component: "local esign", err: error }, "the signed callback was not delivered");
  }
}

export function createEsignHandler(options: EsignHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const route = pathname.startsWith(`${PREFIX}/`) ? pathname.slice(PREFIX.length) : null;
    if (route === "/editor/embeddedSign") {
      if (request.method !== "GET") return json(405, { code: "method_not_allowed", message: "Use GET." });
      return embeddedSign(request, options);
    }
    if (route === "/sign" || route === "/exit" || route === "/callback") {
      if (request.method !== "POST") return json(405, { code: "method_not_allowed", message: "Use POST." });
      const body = await readJson(request);
      if (body instanceof Response) return body;
      try {
        const db = await options.db();
        if (route === "/callback") {
          const { filed } = await fileSignedContract(db, body.signature_id);
          return json(200, { signature_id: body.signature_id, filed });
        }
        if (route === "/sign") {
          const { signatureId } = await completeSigning(db, {
            token: body.token,
            signatureId: body.signature_id,
            name: body.name,
            consent: body.consent,
          });
          await deliverSignedCallback(db, signatureId);
          return json(200, { signature_id: signatureId, signed: true });
        }
        await exitSigning(db, { token: body.token, signatureId: body.signature_id, kind: body.kind, reason: body.reason });
        return json(200, { signature_id: body.signature_id, exited: body.kind });
      } catch (error) {
        return failure(error);
      }
    }
    return json(404, { code: "not_found", message: "No such e-signature endpoint." });
  };
}
