import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/index";
import { linkTokenInfo, login } from "./plaid";
import { SANDBOX_INSTITUTIONS } from "./sandbox";

/**
 * The Plaid stand-in's HTTP endpoints under /api/local/plaid (local environment only):
 * - GET  link-initialize.js  the Link widget stand-in (window.Plaid), with the sandbox banks
 * - POST link/token/get      {link_token} → {update, institution}
 * - POST link/login          {link_token, institution_id, username, password} → public token and accounts, or {error, retry}
 * - POST webhook             accepts Plaid item webhooks (logged)
 */
export function createPlaidHandler(deps: { db: () => Promise<Db> }): (request: Request, segments: string[]) => Promise<Response> {
  let script: Promise<string> | undefined;
  const widget = () =>
    (script ??= readFile(path.join(process.cwd(), "local", "plaid", "widget.js"), "utf8").then((source) =>
      source.replace(
        "/*INSTITUTIONS*/ []",
        JSON.stringify(SANDBOX_INSTITUTIONS.map((i) => ({ institution_id: i.institution_id, name: i.name }))),
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
    if (route === "link/token/get" || route === "link/login" || route === "webhook") {
      if (request.method !== "POST") return methodNotAllowed("POST");
      const body = await readJson(request);
      if (!body) return invalid("INVALID_BODY", "the body must be a JSON object");
      if (route === "webhook") {
        console.log("[local plaid] webhook", JSON.stringify(body).slice(0, 500));
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

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await request.json();
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
