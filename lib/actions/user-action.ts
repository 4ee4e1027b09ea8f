import "server-only";
import type { GraphQLClient } from "graphql-request";
import type { z } from "zod";
import { apiError } from "@/lib/graphql/client";
import { IDEMPOTENCY_HEADER, isIdempotencyKey } from "@/lib/graphql/idempotency";
import { loadFrontend, type FrontendLoad } from "@/lib/graphql/operations";
import { parseForm } from "@/lib/forms/validation";
import { logApiFailure } from "@/lib/observability/api-failure";
import { audit, type AuditEvent, type AuditOutcome } from "@/lib/observability/audit";
import { requestLogger } from "@/lib/observability/request-context";
import { publicApi, signedInApi } from "@/lib/session/signed-in-api";
import { failure, invalid, type ActionFailure, type ActionResult } from "./action-result";
import { answerForApiError, type ApiErrorRules, type Caller } from "./api-error-answer";

/**
 * The one way to write a server action: `userAction` for the signed-in user, `publicAction` for
 * the public lookups (API key). The body makes the calls and answers data; the helper does the
 * rest, the same on every page:
 * 1. parses the form with the page's schema (before anything else) → `invalid` with its errors;
 * 2. acts as the signed-in user (signedInApi, failing closed) → `signed-out`;
 * 3. checks the application step, where the action needs one → `wrong-step`;
 * 4. maps a failed API call (api-error-answer.ts); a failure of ours or the network's is logged
 *    with the request id (logApiFailure), then `failed`;
 * 5. writes the action's audit event with its outcome.
 * A write whose answer never came (the call timed out, the network failed, a gateway's bare 5xx) may
 * still have taken effect: with a `reconcile` hook the helper reads the state back before answering,
 * and a write that happened is answered as the success it was (issue 44: a save reported as it happened).
 * A write carries the browser's idempotency key (`idempotencyKey`, one per submission and the same on
 * its resends): every call of the action sends it, and the API makes each write once per key, so a
 * double press, a resend after offline or a balancer's retry writes once (issue 51).
 * A project helper rather than next-safe-action: the pieces were already ours (ActionResult,
 * parseForm, signedInApi), and it adds no dependency.
 */

interface ActionOptions<S extends z.ZodType> extends ApiErrorRules {
  /** The API operation, as logs and the api_failures counter name it. */
  operation: string;
  /** The page, as logs name it. */
  page: string;
  /**
   * The page's form schema and what the browser sent; the body gets the parsed values as `data`.
   * An object schema's keys are also the `fields` an API refusal may name, unless given.
   */
  form?: { schema: S; input: unknown };
}

export interface UserActionOptions<S extends z.ZodType, T extends object = object> extends ActionOptions<S> {
  /** The steps this action may run at (the server-held step, loadFrontend); the body gets the `load`. */
  step?: (load: FrontendLoad) => boolean;
  /**
   * The audit event of this action, written once the user is known with the outcome: success, or
   * refused (the body's failure, or a typed API error), or failed.
   */
  audit?: AuditEvent;
  /**
   * Called only when the body's call got no answer (timeout, network failure, a gateway's bare 5xx):
   * reads the state back (a fresh, bounded call) and answers the body's success if the write took
   * effect, or undefined if it did not (then `failed`, as without the hook). A failing read-back is
   * the same as "did not".
   */
  reconcile?: (ctx: ReconcileContext<Data<S>>) => Promise<ActionResult<T> | undefined>;
  /**
   * The submission's idempotency key, as the browser sent it (lib/graphql/idempotency.ts): sent with
   * every call of the action. Absent: the calls go without one; malformed: `invalid`, nothing sent.
   */
  idempotencyKey?: unknown;
}

/** What a read-back gets: the client, the parsed form, and `changed` for the audited change a confirmed write made (as the body's). */
interface ReconcileContext<Data> {
  client: GraphQLClient;
  data: Data;
  changed: (event: AuditEvent) => Promise<void>;
}

/** A call that got no answer of the API's own: the write may or may not have happened (or is still running under its key). */
function unanswered(error: unknown): boolean {
  const detail = apiError(error);
  return !detail || (detail.status >= 500 && detail.errorType === undefined) || detail.errorType === KEY_IN_USE;
}

/** The API's answer while the first request with a key still runs (contract/README.md, "Idempotency keys"). */
const KEY_IN_USE = "IdempotencyKeyInUseException";

interface ActionContext<Data> {
  client: GraphQLClient;
  data: Data;
  /** An answer the action cannot use (a serverError, an unsafe URL): logged with the request id, then failed. */
  unusable: (what: string) => Promise<ActionFailure>;
}

export interface UserContext<Data> extends ActionContext<Data> {
  username: string;
  sub: string;
  /**
   * An audited change is made part-way through the action (personal: the identity changes before
   * the step moves): its success is written now, whatever comes after.
   */
  changed: (event: AuditEvent) => Promise<void>;
}

type Body<C, T extends object> = (ctx: C) => Promise<ActionResult<T>>;
type Data<S extends z.ZodType> = z.output<S>;

/** The parsed form, or the invalid answer; no form is `undefined` data. */
function parsed<S extends z.ZodType>(form: { schema: S; input: unknown } | undefined): { ok: true; data: Data<S> } | ActionFailure {
  if (!form) return { ok: true, data: undefined as Data<S> };
  const result = parseForm(form.schema, form.input);
  return result.ok ? result : invalid(result.fieldErrors);
}

function rulesOf<S extends z.ZodType>(options: ActionOptions<S>): ApiErrorRules {
  const shape = (options.form?.schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return {
    shown: options.shown,
    errorTypes: options.errorTypes,
    ruleReasons: options.ruleReasons,
    fields: options.fields ?? (shape ? Object.keys(shape) : undefined),
  };
}

function unusable(options: { operation: string; page: string }) {
  return async (what: string): Promise<ActionFailure> => {
    (await requestLogger({ page: options.page })).error({ operation: options.operation }, `${options.operation} ${what}`);
    return failure("failed");
  };
}

/** A thrown call's answer: the page's reason for an API refusal, or logged and failed. */
async function answerFor<S extends z.ZodType>(error: unknown, options: ActionOptions<S>, caller: Caller): Promise<ActionFailure> {
  const answer = answerForApiError(apiError(error), rulesOf(options), caller);
  if (answer?.rule) {
    // A page offered an action the lender's rules refused: the page and the rules disagree (issue 49), worth a look.
    (await requestLogger({ page: options.page })).warn(
      { operation: options.operation, rule: answer.rule },
      `${options.operation} refused by rule ${answer.rule}`,
    );
  }
  if (answer) return answer;
  await logApiFailure(options.operation, error, { page: options.page });
  return failure("failed");
}

/** An error's class for a log line (a DOMException from an abort is no Error subclass in every runtime). */
const errorName = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : "unknown";
};

/** The reconcile hook's success, or undefined (the write did not happen, or the read-back failed too). */
async function readBack<S extends z.ZodType, T extends object>(
  options: UserActionOptions<S, T>,
  ctx: ReconcileContext<Data<S>>,
  error: unknown,
): Promise<ActionResult<T> | undefined> {
  const log = await requestLogger({ page: options.page, operation: options.operation });
  try {
    const answer = await options.reconcile!(ctx);
    const took = answer?.ok === true;
    log.warn(
      { errorType: error instanceof Error ? error.name : "unknown", reconciled: took },
      `${options.operation} got no answer: read back`,
    );
    return took ? answer : undefined;
  } catch (readError) {
    log.warn({ errorType: errorName(readError) }, `${options.operation} read-back failed`);
    return undefined;
  }
}

export function userAction<T extends object, S extends z.ZodType = z.ZodUndefined>(
  options: UserActionOptions<S, T> & { step: (load: FrontendLoad) => boolean },
  body: Body<UserContext<Data<S>> & { load: FrontendLoad }, T>,
): Promise<ActionResult<T>>;
export function userAction<T extends object, S extends z.ZodType = z.ZodUndefined>(
  options: UserActionOptions<S, T>,
  body: Body<UserContext<Data<S>>, T>,
): Promise<ActionResult<T>>;
export async function userAction<T extends object, S extends z.ZodType>(
  options: UserActionOptions<S, T>,
  body: Body<UserContext<Data<S>> & { load: FrontendLoad }, T>,
): Promise<ActionResult<T>> {
  const form = parsed(options.form);
  if (!form.ok) return form;
  if (options.idempotencyKey !== undefined && !isIdempotencyKey(options.idempotencyKey)) return invalid();
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  if (options.idempotencyKey !== undefined) api.client.setHeader(IDEMPOTENCY_HEADER, options.idempotencyKey);
  const sub = api.session.sub;
  const record = async (outcome: AuditOutcome, reason?: string) => {
    if (options.audit) await audit(options.audit, { sub, outcome, reason });
  };
  const changed = (event: AuditEvent) => audit(event, { sub, outcome: "success" });
  try {
    const load = options.step ? await loadFrontend(api.client) : undefined;
    if (load && options.step && !options.step(load)) {
      await record("refused", "wrong-step");
      return failure("wrong-step");
    }
    const result = await body({
      client: api.client,
      data: form.data,
      username: api.username,
      sub,
      // Undefined only where the action checks no step, and so its body's type has no load.
      load: load as FrontendLoad,
      unusable: unusable(options),
      changed,
    });
    await record(result.ok ? "success" : "refused", result.ok ? undefined : result.reason);
    return result;
  } catch (error) {
    const settled =
      options.reconcile && unanswered(error) ? await readBack(options, { client: api.client, data: form.data, changed }, error) : undefined;
    if (settled) {
      await record("success", "reconciled");
      return settled;
    }
    const detail = apiError(error);
    // The API answered with an error of its own (a 401 too): refused; InternalFailure, a bare 5xx or the network: failed.
    const refused =
      detail && (detail.errorType ? detail.errorType !== "InternalFailure" && detail.errorType !== KEY_IN_USE : detail.status < 500);
    await record(refused ? "refused" : "failed", detail?.errorType);
    return answerFor(error, options, "user");
  }
}

/** An action over the public API key (the public lookups): no session, and a 401 is the key's fault, logged. */
export async function publicAction<T extends object, S extends z.ZodType = z.ZodUndefined>(
  options: ActionOptions<S>,
  body: Body<ActionContext<Data<S>>, T>,
): Promise<ActionResult<T>> {
  const form = parsed(options.form);
  if (!form.ok) return form;
  try {
    return await body({ client: await publicApi(), data: form.data, unusable: unusable(options) });
  } catch (error) {
    return answerFor(error, options, "public");
  }
}
