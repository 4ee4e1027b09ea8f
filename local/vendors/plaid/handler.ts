import { logger } from "@/lib/observability/logger";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../infra/db/index";
import { escapeHtml, htmlPage, htmlResponse } from "../../infra/http/html-page";
import { finishOAuthAtBank, linkTokenInfo, login, oauthBank, resumeOAuth, startOAuth } from "./plaid";
import { SANDBOX_INSTITUTIONS } from "./sandbox";
import { readJsonBody } from "../../infra/http/read-body";

/**
 * The Plaid stand-in's HTTP endpoints under /api/local/plaid (local environment only):
 * - GET  link-initialize.js  the Link widget stand-in (window.Plaid), with the sandbox banks
 * - POST link/token/get      {link_token} → {update, institution}
 * - POST link/login          {link_token, institution_id, username, password} → public token and accounts, or {error, retry}
 * - POST webhook             accepts Plaid item webhooks (logged)
 * - POST link/oauth/start    {link_token, institution_id} → {oauth_url}: Link leaves for an OAuth bank's own site
 * - GET/POST oauth/bank      that bank's login page (a stand-in); it returns to the link token's redirect_uri?oauth_state_id=…
 * - POST link/oauth/resume   {link_token, received_redirect_uri} → the login's outcome, as link/login answers it
 */
export function createPlaidHandler(deps: { db: () => Promise<Db> }): (request: Request, segments: string[]) => Promise<Response> {
  let script: Promise<string> | undefined;
  const widget = () =>
    (script ??= readFile(path.join(process.cwd(), "local", "vendors", "plaid", "widget.js"), "utf8").then((source) =>
      source.replace(
        "/*INSTITUTIONS*/ []",
        JSON.stringify(SANDBOX_INSTITUTIONS.map((i) => ({ institution_id: i.institution_id, name: i.name, oauth: Boolean(i.oauth) }))),
      ),
    ));

  return async (request, segments) => {
    const route = segments.join("/");
    if (route === "link-initialize.js") {
      if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET, HEAD");
      return new Response(await widget(), {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
      });
    }
    if (route === "oauth/bank") return oauthBankPage(request, deps);
    if (route === "link/oauth/start" || route === "link/oauth/resume") {
      if (request.method !== "POST") return methodNotAllowed("POST");
      const read = await readJsonBody(request, 16 * 1024);
      if (!read.ok && read.reason === "invalid-text") return invalid("INVALID_FIELD", `${read.field}: invalid characters`);
      const body = read.ok ? asObject(read.value) : null;
      const field = (k: string) => (body && typeof body[k] === "string" ? (body[k] as string) : "");
      if (!field("link_token")) return invalid("INVALID_FIELD", "link_token is required");
      const db = await deps.db();
      if (route === "link/oauth/start") {
        const started = await startOAuth(db, { linkToken: field("link_token"), institutionId: field("institution_id") });
        if (!started.ok) return Response.json({ error: started.error, retry: false }, { status: 400 });
        return Response.json({
          oauth_url: `${new URL(request.url).pathname.replace(/\/link\/oauth\/start$/, "")}/oauth/bank?state=${started.oauth_state_id}`,
        });
      }
      const result = await resumeOAuth(db, { linkToken: field("link_token"), receivedRedirectUri: field("received_redirect_uri") });
      if (!result.ok) return Response.json({ error: result.error, retry: false }, { status: result.status });
      return Response.json(result);
    }
    if (route === "link/token/get" || route === "link/login" || route === "webhook") {
      if (request.method !== "POST") return methodNotAllowed("POST");
      const read = await readJsonBody(request, 64 * 1024);
      if (!read.ok && read.reason === "invalid-text") return invalid("INVALID_FIELD", `${read.field}: invalid characters`);
      const body = read.ok ? asObject(read.value) : null;
      if (!body) return invalid("INVALID_BODY", "the body must be a JSON object");
      if (route === "webhook") {
        logger().info({ component: "local plaid", webhookType: body.webhook_type, webhookCode: body.webhook_code }, "webhook received");
        return Response.json({ received: true });
      }
      const linkToken = typeof body.link_token === "string" ? body.link_token : "";
      if (!linkToken) return invalid("INVALID_FIELD", "link_token is required");
      const db = await deps.db();
      if (route === "link/token/get") {
        const info = await linkTokenInfo(db, linkToken);
        return info ? Response.json(info) : invalid("INVALID_LINK_TOKEN", "link token is invalid or expired");
      }
      const strings = ["institution_id", "username", "password"].map((k) => (typeof body[k] === "string" ? (body[k] as string) : ""));
      if (strings.some((s) => s.length > 200))
        return invalid("INVALID_FIELD", "institution_id, username and password are at most 200 characters");
      if (!strings[0]) return invalid("INVALID_FIELD", "institution_id is required");
      // A blank login field is the person's to fix: named, and the widget asks again (not "the bank could not be reached").
      if (!strings[1]!.trim()) return missingLogin("username");
      if (!strings[2]) return missingLogin("password");
      const result = await login(db, { linkToken, institutionId: strings[0]!, username: strings[1]!, password: strings[2]! });
      if (!result.ok) return Response.json({ error: result.error, retry: result.retry }, { status: result.status });
      return Response.json(result);
    }
    return new Response("Not Found", { status: 404 });
  };
}

const methodNotAllowed = (allow: string) => new Response("Method Not Allowed", { status: 405, headers: { allow } });

const invalid = (code: string, message: string) =>
  Response.json(
    { error: { error_type: "INVALID_REQUEST", error_code: code, error_message: message, display_message: null }, retry: false },
    { status: 400 },
  );

const missingLogin = (field: "username" | "password") =>
  Response.json(
    {
      error: {
        error_type: "INVALID_INPUT",
        error_code: field === "username" ? "MISSING_USERNAME" : "MISSING_PASSWORD",
        error_message: `${field} is required`,
        display_message: `Enter your ${field}.`,
      },
      retry: true,
    },
    { status: 400 },
  );

/** A JSON object body, or null (not JSON, not an object, or over 64 KB). */
function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The OAuth bank's own login page (a stand-in for a bank's site, outside Link): GET shows it, the
 * form posts back here, and a login that went through (or failed for good) returns the browser to
 * the link token's redirect_uri. Sandbox logins as in Link: user_good / pass_good.
 */
async function oauthBankPage(request: Request, deps: { db: () => Promise<Db> }): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") return methodNotAllowed("GET, HEAD, POST");
  const db = await deps.db();
  let state = new URL(request.url).searchParams.get("state") ?? "";
  let message: string | null = null;
  if (request.method === "POST") {
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(await request.text());
    } catch {
      form = new URLSearchParams();
    }
    state = form.get("state") ?? "";
    const done = await finishOAuthAtBank(db, {
      stateId: state,
      username: form.get("username") ?? "",
      password: form.get("password") ?? "",
    });
    if (done.kind === "return")
      return new Response(null, { status: 303, headers: { location: done.location, "cache-control": "no-store" } });
    if (done.kind === "retry") message = done.message;
  }
  const bank = await oauthBank(db, state);
  if (!bank) {
    return htmlResponse(
      htmlPage(
        "Bank login — local stand-in",
        "<main><h1>This bank login has ended</h1><p>Go back to the app and link your bank again.</p></main>",
      ),
      404,
    );
  }
  const name = escapeHtml(bank.name);
  const body = `<main>
<p class="banner"><strong>Local stand-in for ${name}'s own website</strong> (an OAuth bank: Plaid Link sent you here and the bank sends you back). Sandbox login: user_good / pass_good.</p>
<h1>Log in to ${name}</h1>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <p><label for="bank-user">Username</label><br><input id="bank-user" name="username" autocomplete="off" required></p>
  <p><label for="bank-pass">Password</label><br><input id="bank-pass" name="password" type="password" autocomplete="off" required></p>
  <p><button type="submit">Allow access and return</button></p>
</form>
</main>`;
  return htmlResponse(htmlPage(`Log in to ${bank.name} — local stand-in`, body), message ? 400 : 200);
}
