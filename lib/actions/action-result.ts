import type { RefusalCode } from "@/lib/application/refusal-codes";

/**
 * The one answer of every server action: ok with its data, or a failure from one small vocabulary.
 * Answers are data, never thrown, and never carry the API's own wording unless SPEC says to show it
 * (`message`). Each page turns a reason into its own copy.
 */
export type FailureReason =
  /** No valid identity any more: sign in again. Nothing was saved. */
  | "signed-out"
  /** The input was refused; `fieldErrors` names the fields at fault, when known. */
  | "invalid"
  /** The API refused the request by one of its rules (not the input's shape). */
  | "refused"
  /** The application has moved on since the page was opened. */
  | "wrong-step"
  /** Unknown id, or not this user's. */
  | "not-found"
  /** Already done (a contract already signed). */
  | "conflict"
  /** The API or the network failed, or the service is not configured: try again later. */
  | "failed";

export interface ActionFailure {
  ok: false;
  reason: FailureReason;
  /** Field name → message, for the form kit to show under each field at once. */
  fieldErrors?: Record<string, string>;
  /** Wording SPEC allows the page to show as it is (funding messages, lock notices). */
  message?: string;
  /** With `refused`: which of the lender's rules refused, for the page's words (lib/application/refusal-codes.ts). */
  rule?: RefusalCode;
}

export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionFailure;

export function failure(reason: FailureReason, detail: Omit<ActionFailure, "ok" | "reason"> = {}): ActionFailure {
  return { ok: false, reason, ...detail };
}

/** The generic message under a field the API named, in the shell's own words (SPEC 5). */
export const CHECK_FIELD = "Please check this field";

/** An input failure naming the fields at fault; with no known field, a bare "invalid". */
export function invalid(fields: Record<string, string> | readonly string[] = {}): ActionFailure {
  const fieldErrors = Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, CHECK_FIELD])) : (fields as Record<string, string>);
  return Object.keys(fieldErrors).length > 0 ? failure("invalid", { fieldErrors }) : failure("invalid");
}

/** The first field a failure names, if any (forms that show one field's error at a time). */
export function firstFailedField(result: ActionFailure): string | undefined {
  return result.fieldErrors ? Object.keys(result.fieldErrors)[0] : undefined;
}
