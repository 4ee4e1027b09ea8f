"use client";

import { DigitsField, Form, FormError, SelectField, SubmitButton, TextField, lazySchema, useZodForm } from "@/components/forms";
import type { ActionResult } from "@/lib/actions/action-result";
import type { FundingSource } from "../operations";

const manualAccountFormSchema = lazySchema(() => import("@/lib/bank/schema").then((m) => m.manualAccountFormSchema));

const TYPES = [
  { value: "checking", label: "Checking" },
  { value: "savings", label: "Savings" },
] as const;

const EMPTY = { routing: "", account: "", accountConfirm: "", name: "", type: null };

/** A checking or savings account entered by hand; two micro-deposits below $1.00 follow. */
export function ManualAccountForm({
  add,
  onAdded,
}: {
  add: (input: { account: string; name: string; routing: string; type: string }) => Promise<ActionResult<{ source: FundingSource }>>;
  onAdded: () => Promise<void>;
}) {
  const form = useZodForm({
    schema: manualAccountFormSchema,
    initialValues: EMPTY,
    onSubmit: async (values, { setFieldError, setFormError }) => {
      const answer = await add({ account: values.account, name: values.name, routing: values.routing, type: values.type });
      if (answer.ok) {
        form.reset(EMPTY);
        await onAdded();
        return;
      }
      if (answer.reason === "signed-out") setFormError("Your session ended. Please sign in again.");
      else if (answer.message) setFormError(answer.message);
      else if (answer.fieldErrors?.routing) setFieldError("routing", "Check the routing number");
      else if (answer.fieldErrors?.account) setFieldError("account", "Check the account number");
      else setFormError("We could not add this account. Please try again.");
    },
  });
  return (
    <Form form={form} aria-labelledby="manual-title">
      <DigitsField
        form={form}
        name="routing"
        label="Routing number"
        hint="9 digits, printed at the bottom left of a cheque"
        maxDigits={9}
      />
      <DigitsField form={form} name="account" label="Account number" hint="4 to 17 digits" maxDigits={17} />
      <DigitsField form={form} name="accountConfirm" label="Account number again" maxDigits={17} />
      <TextField form={form} name="name" label="Account name" hint="For example, My checking" maxLength={64} />
      <SelectField form={form} name="type" label="Account type" options={TYPES} />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} pendingLabel="Adding…">
        Add account
      </SubmitButton>
    </Form>
  );
}
