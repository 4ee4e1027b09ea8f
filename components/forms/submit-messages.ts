import { logClientError } from "@/lib/browser/error-logging";
import { deadlineFormText, deadlineReference } from "@/lib/observability/deadline-answer";

/** What every form says when its submit cannot reach the server (issue 44: offline at submit is said). */
export const OFFLINE_AT_SUBMIT_TEXT = "You're offline — we'll send this when you're back.";
export const SEND_FAILED_TEXT = "We could not reach our server. Nothing you typed is lost: please check your connection and try again.";

/**
 * What a write says when the server's request deadline cut it (lib/observability/deadline-answer.ts):
 * the form's words with the request id as the reference; undefined for any other error.
 */
export function deadlineCutText(error: unknown): string | undefined {
  const reference = deadlineReference(error);
  return reference ? deadlineFormText(reference) : undefined;
}

/**
 * What a write outside a form (a button, a widget's callback) says when its server action threw
 * instead of answering (issue 51): cut by the request deadline, the form kit's words with the
 * reference (the server logged it under that id); anything else (the network, an answer Next could
 * not read), the page's own failure words, and the error logged. The caller clears its busy state.
 */
export function unansweredWriteText(error: unknown, failed: string): string {
  const cut = deadlineCutText(error);
  if (cut) return cut;
  logClientError("error", error);
  return failed;
}
