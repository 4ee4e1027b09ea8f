import type { Db } from "../../infra/db";
import { logError } from "@/lib/observability/log-error";
import { ArgyleTokenError, argyleWidgetSession, connectArgyleAccount } from "../../lender/data/employment";
import { argyleWidgetScript } from "./widget-script";
import { readJsonBody } from "../../infra/http/read-body";

/**
 * The payroll-linking stand-in under /api/local/argyle: the widget script (in place of Argyle's
 * CDN script), the session it opens with a user token, and the account it connects.
 */
/** Argyle's errorType for a refused token or item. */
function argyleErrorType(message: string): "expired_user_token" | "invalid_item" | "invalid_user_token" {
  if (message.startsWith("expired")) return "expired_user_token";
  return message.includes("itemId") ? "invalid_item" : "invalid_user_token";
}

export function createArgyleHandler(options: { db: () => Promise<Db>; basePath?: string }): (request: Request) => Promise<Response> {
  const base = options.basePath ?? "/api/local/argyle";
  const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });
  return async (request) => {
    const path = new URL(request.url).pathname.slice(base.length);
    if (path === "/argyle.web.v5.js" && request.method === "GET") {
      return new Response(argyleWidgetScript(base), {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
      });
    }
    if (path !== "/session" && path !== "/accounts") return json(404, { message: "Not found" });
    if (request.method !== "POST") return json(405, { message: "Method not allowed" });
    const read = await readJsonBody(request, 16 * 1024);
    if (!read.ok) {
      const message = read.reason === "invalid-text" ? `${read.field}: invalid characters` : "body must be JSON, at most 16 KB";
      return json(read.reason === "too-large" ? 413 : 400, { errorType: "invalid_request", message });
    }
    const body = read.value as { userToken?: unknown; itemId?: unknown } | null;
    try {
      const db = await options.db();
      if (path === "/session") return json(200, await argyleWidgetSession(db, body?.userToken));
      return json(200, await connectArgyleAccount(db, body?.userToken, body?.itemId));
    } catch (error) {
      if (error instanceof ArgyleTokenError) {
        const errorType = argyleErrorType(error.message);
        return json(error.message.includes("itemId") ? 400 : 401, { errorType, message: error.message });
      }
      logError("local argyle: failed", error);
      return json(500, { errorType: "generic", message: "Internal error" });
    }
  };
}
