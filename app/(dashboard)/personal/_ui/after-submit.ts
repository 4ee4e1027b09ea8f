import { refreshAndFollow } from "@/lib/auth/refresh-claims";
import type { PersonalActionResult } from "../actions";
import type { SubmitHelpers } from "@/components/forms";

/**
 * What every /personal form does with its action's answer: field errors under the fields, a
 * form-level message otherwise; on success the user is refreshed (SPEC 7: "followed by a refresh
 * of the user") and, for a step, the browser follows the next route through the shell's routes.
 */
export async function afterSubmit<In>(result: PersonalActionResult, helpers: SubmitHelpers<In>): Promise<boolean> {
  if (!result.ok) {
    if (result.reason === "invalid") {
      const fields = Object.entries(result.fieldErrors ?? {});
      for (const [field, message] of fields) helpers.setFieldError(field as keyof In & string, message);
      // The form's error summary lists the fields and takes focus; a refusal naming none says so here.
      if (fields.length === 0) helpers.setFormError("We couldn't save these details. Please check them and try again.");
    } else if (result.reason === "signed-out") {
      helpers.setFormError("Your session has ended. Please sign in again; nothing was saved.");
    } else if (result.reason === "wrong-step") {
      helpers.setFormError("Your application has moved on since this page was opened. Please reload the page.");
    } else {
      helpers.setFormError("We couldn't save your details. Please try again in a moment.");
    }
    return false;
  }
  helpers.clearDraft();
  await refreshAndFollow(result.next ?? null);
  return true;
}

/** The onSubmit of a form that only moves on: its action's answer goes straight to afterSubmit. */
export function submitThenFollow(action: (input: unknown, idempotencyKey?: string) => Promise<PersonalActionResult>) {
  return async <In>(values: unknown, helpers: SubmitHelpers<In>): Promise<void> => {
    await afterSubmit(await action(values, helpers.idempotencyKey), helpers);
  };
}
