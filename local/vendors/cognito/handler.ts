import { logger } from "@/lib/observability/logger";
import { randomUUID } from "node:crypto";
import { clientAddress } from "../../infra/http/client-ip";
import { findInvalidText } from "../../infra/http/invalid-text";
import { readJsonBody } from "../../infra/http/read-body";
import { CognitoError } from "./errors";
import { jwks } from "./keys";
import { createIdentityService, OPERATIONS, type IdentityDeps, type Operation } from "./service";

const TARGET_PREFIX = "AWSCognitoIdentityProviderService.";
const JSON_11 = "application/x-amz-json-1.1";
const MAX_BODY_BYTES = 64 * 1024;

/** Headers a browser may send cross-origin: those Amplify's Cognito client sets. */
const ALLOWED_HEADERS = "content-type, x-amz-target, x-amz-user-agent, cache-control, authorization";

/**
 * POST /api/local/cognito: Cognito's JSON 1.1 protocol, dispatched on x-amz-target, as Amplify
 * reaches it through Auth.Cognito.userPoolEndpoint.
 */
export function createCognitoHandler(deps: IdentityDeps): (request: Request) => Promise<Response> {
  const service = createIdentityService(deps);
  return async (request) => {
    const cors = corsHeaders(request, deps);
    if (request.method === "OPTIONS") {
      return new Response(null, {
        status: cors || !request.headers.get("origin") ? 204 : 403,
        headers: {
          ...cors,
          "access-control-allow-methods": "POST, OPTIONS",
          "access-control-allow-headers": ALLOWED_HEADERS,
          "access-control-max-age": "600",
          vary: "Origin",
        },
      });
    }
    if (request.method !== "POST") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST, OPTIONS" } });
    }
    const requestId = randomUUID();
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: {
          "content-type": JSON_11,
          "cache-control": "no-store",
          "x-amzn-requestid": requestId,
          vary: "Origin",
          ...cors,
          ...extra,
        },
      });
    const fail = (error: CognitoError) =>
      reply(error.status, { __type: error.type, message: error.message }, { "x-amzn-errortype": error.type });

    try {
      const target = request.headers.get("x-amz-target") ?? "";
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : "";
      if (!(OPERATIONS as readonly string[]).includes(operation)) {
        throw new CognitoError("UnknownOperationException", `Unknown operation ${target || "(no x-amz-target)"}`);
      }
      const contentType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (contentType !== JSON_11) {
        throw new CognitoError("SerializationException", `Content-Type must be ${JSON_11}`);
      }
      const body = await readJsonBody(request, MAX_BODY_BYTES);
      if (!body.ok) {
        if (body.reason === "too-large") throw new CognitoError("SerializationException", "Request body too large");
        if (body.reason === "too-deep") throw new CognitoError("SerializationException", "Request body nested too deep");
        if (body.reason === "invalid-text") throw new CognitoError("InvalidParameterException", `Invalid characters in ${body.field}`);
        throw new CognitoError("SerializationException", "Malformed JSON request body");
      }
      const input = body.value;
      if (typeof input !== "object" || input === null || Array.isArray(input)) {
        throw new CognitoError("SerializationException", "Request body must be a JSON object");
      }
      const invalid = findInvalidText(input);
      if (invalid) throw new CognitoError("InvalidParameterException", `Invalid characters in ${invalid}`);
      const source = clientAddress(request.headers, deps.settings().trustedProxyHops);
      return reply(200, await service[operation as Operation](input, { source }));
    } catch (error) {
      if (error instanceof CognitoError) return fail(error);
      logger().error({ component: "local cognito", err: error }, "internal error");
      return fail(new CognitoError("InternalErrorException", "Internal error", 500));
    }
  };
}

/**
 * GET /api/local/cognito/<poolId>/.well-known/jwks.json: the pool's public keys; another pool id
 * is a 404, as it would be at AWS.
 */
export function createJwksHandler(deps: Pick<IdentityDeps, "db" | "config">): (request: Request, poolId: string) => Promise<Response> {
  return async (request, poolId) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    if (poolId !== deps.config().cognito.userPoolId) {
      return Response.json({ message: "User pool does not exist" }, { status: 404 });
    }
    const body = await jwks(await deps.db());
    return Response.json(body, {
      headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
    });
  };
}

/**
 * Same-origin calls need no CORS; a cross-origin caller is allowed only from the shell's own
 * configured origin (e.g. localhost vs 127.0.0.1), never from any site.
 */
function corsHeaders(request: Request, deps: IdentityDeps): Record<string, string> | undefined {
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  let allowed: string | undefined;
  try {
    allowed = new URL(deps.config().appUrl).origin;
  } catch {
    allowed = undefined;
  }
  const self = new URL(request.url).origin;
  if (origin !== allowed && origin !== self) return undefined;
  return { "access-control-allow-origin": origin, "access-control-expose-headers": "x-amzn-requestid, x-amzn-errortype" };
}
