import type { Db } from "../../infra/db";
import { escapeHtml, htmlPage, htmlResponse } from "../../infra/http/html-page";
import { runningNowMs } from "../../infra/clock/clock";
import { appSession, type AppsConfig } from "../apps/app-session";
import { signedContractPdf, verifyDocumentUrl } from "../data/documents";

/**
 * The documents door (local only): GET /api/local/documents/<id>/<file name>?expires&signature,
 * the URL loadFrontend lists for a filed document. It answers the file only for a URL the API
 * signed, before it expires, to the document's owner signed in on this browser (a URL passed on to
 * someone else opens nothing). Every refusal is a 4xx page that says what to do.
 */
export interface DocumentsHandlerOptions {
  db: () => Promise<Db>;
  config: () => AppsConfig;
}

const REFUSAL = {
  "not-found": { status: 404, title: "Document not found", body: "This document isn't in your documents." },
  invalid: { status: 403, title: "This link isn't valid", body: "Open your documents again to get a fresh link." },
  expired: {
    status: 410,
    title: "This link has expired",
    body: "Document links last a few minutes. Open your documents again to get a fresh link.",
  },
  "signed-out": { status: 401, title: "Please sign in", body: "Sign in, then open your documents again to download this file." },
} as const;

function refusal(kind: keyof typeof REFUSAL): Response {
  const r = REFUSAL[kind];
  return htmlResponse(
    htmlPage(
      r.title,
      `<main><h1>${escapeHtml(r.title)}</h1><p>${escapeHtml(r.body)}</p><p><a href="/dashboard">Back to dashboard</a></p></main>`,
    ),
    r.status,
  );
}

export function createDocumentsHandler(
  options: DocumentsHandlerOptions,
): (request: Request, id: string, fileName: string) => Promise<Response> {
  return async (request, id, fileName) => {
    const db = await options.db();
    const params = new URL(request.url).searchParams;
    const verdict = await verifyDocumentUrl(
      db,
      { id, fileName, expires: params.get("expires"), signature: params.get("signature") },
      runningNowMs(),
    );
    if (!verdict.ok) return refusal(verdict.reason);
    const session = await appSession(request, { config: options.config(), db: options.db });
    if (!session) return refusal("signed-out");
    // Someone else's document: the same answer as an unknown one.
    if (session.caller.sub !== verdict.sub) return refusal("not-found");
    const pdf = signedContractPdf(verdict.contract);
    return new Response(pdf, {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-length": String(pdf.byteLength),
        "content-disposition": `attachment; filename="${verdict.fileName}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "x-robots-tag": "noindex",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
      },
    });
  };
}
