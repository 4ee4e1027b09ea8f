import type { ApiErrorDetail } from "@/lib/graphql/client";
import { RULE_REFUSAL_ERROR_TYPE } from "@/lib/application/refusal-codes";
import { CHECK_FIELD, failure, type ActionFailure, type FailureReason } from "./action-result";

/**
 * What a server action answers when its API call fails, the same on every page. Pure, so that each
 * page's rules can be tested as a table; lib/actions/user-action.ts applies it.
 */

/** An API message a page may show as it is (SPEC's funding messages): a pattern, or the exact text. */
export type ShownMessage = RegExp | string;

export interface ApiErrorRules {
  /** The form's fields: a BadRequestException naming one becomes that field's error. */
  fields?: readonly string[];
  /** The API messages the page may show; any other wording stays on the server (SPEC 8). */
  shown?: readonly ShownMessage[];
  /** errorTypes that mean something of the page's own (dashboard-sign: not-found, conflict). */
  errorTypes?: Readonly<Record<string, FailureReason>>;
}

/** Who made the call: the signed-in user, or the app with the public API key. */
export type Caller = "user" | "public";

const isShown = (message: string, shown: readonly ShownMessage[]) =>
  shown.some((m) => (typeof m === "string" ? m === message : m.test(message)));

/**
 * The answer for a failed call, or undefined for a failure that is ours or the network's (no
 * detail, InternalFailure, no errorType): those are logged with the request id, then `failed`.
 * - 401 or an Unauthorized errorType: the user's identity is no longer accepted → signed-out. With
 *   the public key it is a configuration fault, not the visitor's: logged like any failure.
 * - an errorType the page maps → the page's reason;
 * - BadRequestException naming a form field → `invalid` with that field's error;
 * - any other errorType → `refused` (a FailedPrecondition with its rule's reason code as `rule`);
 * each with the API's message only where the page may show it.
 */
export function answerForApiError(detail: ApiErrorDetail | undefined, rules: ApiErrorRules, caller: Caller): ActionFailure | undefined {
  if (!detail) return undefined;
  const { errorType } = detail;
  if (detail.status === 401 || errorType === "UnauthorizedException" || errorType === "Unauthorized") {
    return caller === "user" ? failure("signed-out") : undefined;
  }
  if (errorType === undefined || errorType === "InternalFailure") return undefined;
  if (rules.errorTypes && Object.hasOwn(rules.errorTypes, errorType)) return failure(rules.errorTypes[errorType]!);
  const message = isShown(detail.message, rules.shown ?? []) ? { message: detail.message } : {};
  const field = errorType === "BadRequestException" && detail.field && rules.fields?.includes(detail.field) ? detail.field : undefined;
  if (field) return failure("invalid", { fieldErrors: { [field]: CHECK_FIELD }, ...message });
  return failure("refused", errorType === RULE_REFUSAL_ERROR_TYPE && detail.reason ? { ...message, rule: detail.reason } : message);
}
