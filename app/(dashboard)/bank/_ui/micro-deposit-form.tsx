"use client";

import { DraftRestored, Form, FormError, MoneyField, SubmitButton, lazySchema, useZodForm } from "@/components/forms";
import type { ActionResult } from "@/lib/actions/action-result";

const microDepositSchema = lazySchema(() => import("@/lib/bank/schema").then((m) => m.microDepositSchema));

/** The two micro-deposit amounts of the unverified account (either order). */
export function MicroDepositForm({
  verify,
  onDone,
  draftKey,
}: {
  /** Keeps the typed amounts across a reload (lib/forms/draft-store.ts), keyed by user and account. */
  draftKey?: string;
  verify: (input: { amount1: number; amount2: number }, idempotencyKey?: string) => Promise<ActionResult<object>>;
  onDone: (verified: boolean) => Promise<void>;
}) {
  const form = useZodForm({
    schema: microDepositSchema,
    initialValues: { amount1: null, amount2: null },
    draft: draftKey ? { key: draftKey, omit: [] } : undefined,
    onSubmit: async (values, { setFormError, clearDraft, idempotencyKey }) => {
      const answer = await verify(values, idempotencyKey);
      if (answer.ok) {
        clearDraft();
        return onDone(true);
      }
      if (answer.reason === "signed-out") setFormError("Your session ended. Please sign in again.");
      else setFormError(answer.message ?? "We could not check these amounts. Please try again.");
      await onDone(false);
    },
  });
  return (
    <Form form={form} aria-labelledby="verify-title">
      <DraftRestored form={form}>We kept what you typed before the page was reloaded.</DraftRestored>
      <MoneyField form={form} name="amount1" label="First deposit" placeholder="0.00" />
      <MoneyField form={form} name="amount2" label="Second deposit" placeholder="0.00" />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} pendingLabel="Checking…">
        Verify deposits
      </SubmitButton>
    </Form>
  );
}
