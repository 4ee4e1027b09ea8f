import { GraphQLError, execute, getOperationAST, parse, validate, type DocumentNode } from "graphql";
import type { Db } from "../../infra/db";
import { parseJsonBody } from "../../../lib/security/json-body";
import { BodyTooLarge, readLimitedText } from "../../infra/http/read-body";
import { UnauthorizedException, authenticate, type AuthConfig } from "./auth";
import { AppSyncError, formatError, type AppSyncErrorEntry } from "./errors";
import { claim, release, requestHash, settle, type KeyScope } from "../data/idempotency";
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from "../../../lib/graphql/idempotency";
import { executableSchema as schema } from "./executable-schema";
import { checkLimits, invalidTextField } from "./limits";
import type { Context } from "./resolvers";

export interface GraphqlHandlerOptions {
  db: () => Promise<Db>;
  auth: () => AuthConfig;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

const rejected = (status: number, errorType: string, message: string) => json(status, { errors: [{ errorType, message }] });

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Parsed documents by source text: the shell sends the same few operations over and over. Bounded
 * by total size (oldest out first) and only small documents are kept: arbitrary distinct queries
 * once exhausted the heap.
 */
const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
const CACHE_MAX_CHARS = 2_000_000;
const CACHEABLE_MAX_CHARS = 16_384;
let cachedChars = 0;

function compile(source: string): DocumentNode | readonly GraphQLError[] {
  let result = documents.get(source);
  if (!result) {
    try {
      const document = parse(source, { maxTokens: 10_000 });
      const errors = [...checkLimits(document)];
      if (!errors.length) errors.push(...validate(schema, document));
      result = errors.length ? errors : document;
    } catch (error) {
      result = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
    }
    if (source.length <= CACHEABLE_MAX_CHARS) {
      documents.set(source, result);
      cachedChars += source.length;
      for (const key of documents.keys()) {
        if (cachedChars <= CACHE_MAX_CHARS) break;
        documents.delete(key);
        cachedChars -= key.length;
      }
    }
  }
  return result;
}

/**
 * POST /api/local/graphql, as AppSync answers it: auth first (401 UnauthorizedException before
 * anything runs), then the operation, with per-field errors in AppSync's shape.
 */
export function createGraphqlHandler(options: GraphqlHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== "POST") return rejected(405, "MethodNotAllowedException", "Only POST is supported.");

    let auth;
    try {
      auth = await authenticate(request.headers, options.auth());
    } catch (error) {
      if (error instanceof UnauthorizedException) return rejected(401, "UnauthorizedException", error.message);
      throw error;
    }

    let raw: string;
    try {
      raw = await readLimitedText(request, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return rejected(413, "PayloadTooLargeException", "The request body is too large.");
      throw error;
    }
    const parsed = parseJsonBody(raw);
    if (!parsed.ok) {
      const message = parsed.reason === "too-deep" ? "The request body is nested too deep." : "The request body is not valid JSON.";
      return rejected(400, "MalformedHttpRequestException", message);
    }
    const body = parsed.value as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof body !== "object" || body === null || typeof body.query !== "string") {
      return rejected(400, "MalformedHttpRequestException", "The request body must have a query string.");
    }
    const variables = body.variables ?? undefined;
    if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables))) {
      return rejected(400, "MalformedHttpRequestException", "variables must be an object.");
    }
    const operationName = typeof body.operationName === "string" ? body.operationName : undefined;

    const compiled = compile(body.query);
    if (!("kind" in compiled)) {
      return json(200, { data: null, errors: compiled.map((e) => formatError(e, "ValidationError")) });
    }

    const invalid = invalidTextField(compiled, (variables as Record<string, unknown> | null) ?? undefined);
    if (invalid) {
      return json(200, {
        data: null,
        errors: [
          { errorType: "BadRequestException", message: `${invalid}: invalid characters`, errorInfo: { field: invalid }, data: null },
        ],
      });
    }

    const context: Context = { auth, db: options.db };
    /** The answer, and whether it refuses after its write committed (a wrong try counted). */
    const run = async () => {
      const result = await execute({
        schema,
        document: compiled,
        contextValue: context,
        variableValues: (variables as Record<string, unknown> | null) ?? undefined,
        operationName,
      });
      const committed = !!result.errors?.some((e) => e.originalError instanceof AppSyncError && e.originalError.committed);
      const errors: AppSyncErrorEntry[] | undefined = result.errors?.map((e) => formatError(e));
      return { answer: errors ? { data: result.data ?? null, errors } : { data: result.data ?? null }, committed };
    };

    // A write sent with an idempotency key runs once per caller and key (contract/README.md).
    const key = request.headers.get(IDEMPOTENCY_HEADER);
    const operation = getOperationAST(compiled, operationName);
    if (key === null || operation?.operation !== "mutation") return json(200, (await run()).answer);
    if (!isIdempotencyKey(key)) return rejected(400, "BadRequestException", IDEMPOTENCY_KEY_MALFORMED);
    const scope: KeyScope = {
      caller: auth.kind === "user" ? `user:${auth.caller.sub}` : "api-key",
      key,
      operation: operationName ?? operation.name?.value ?? "",
    };
    const db = await options.db();
    const claimed = await claim(db, scope, requestHash(body.query, variables ?? null));
    if (claimed.kind === "replay") return json(200, claimed.answer);
    if (claimed.kind === "mismatch") return json(200, keyError("IdempotencyKeyReusedException", IDEMPOTENCY_KEY_REUSED));
    if (claimed.kind === "busy") return json(200, keyError("IdempotencyKeyInUseException", IDEMPOTENCY_KEY_IN_USE));
    let ran;
    try {
      ran = await run();
    } catch (error) {
      await release(db, scope);
      throw error;
    }
    // A write's success is kept, and a refusal that came after its write committed (a wrong try
    // counted): a repeat must not count again. Any other refusal wrote nothing and may not hold later
    // (another account waiting, a wrong step), and an internal failure is no answer: the key is freed.
    const { answer, committed } = ran;
    if (answer.errors && !committed) await release(db, scope);
    else await settle(db, scope, answer);
    return json(200, answer);
  };
}

const IDEMPOTENCY_KEY_MALFORMED = "Idempotency-Key must be 8 to 128 letters, digits or the characters . _ : -";
const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used with a different request.";
const IDEMPOTENCY_KEY_IN_USE = "A request with this Idempotency-Key is still running. Try again.";

const keyError = (errorType: string, message: string) => ({
  data: null,
  errors: [{ errorType, message, errorInfo: { field: "Idempotency-Key" }, data: null }],
});
