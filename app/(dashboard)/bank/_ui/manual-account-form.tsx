"use client";

import {
  DigitsField,
  DraftRestored,
  Form,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  lazySchema,
  useZodForm,
} from "@/components/forms";
import type { ActionResult } from "@/lib/actions/action-result";
import type { FundingSource } from "../operations";

const manualAccountFormSchema = lazySchema(() => import("@/lib/bank/schema").then((m) => m.manualAccountFormSchema));

const TYPES = [
  { value: "checking", label: "Checking" },
  { value: "savings", label: "Savings" },
] as const;

const EMPTY = { routing: "", account: "", accountConfirm: "", name: "", type: null };

/** Kept in the tab's draft: the account's name and type; never the routing or account numbers (issue 42). */
export const MANUAL_DRAFT_OMIT = ["routing", "account", "accountConfirm"] as const;

/** A checking or savings account entered by hand; two micro-deposits below $1.00 follow. */
export function ManualAccountForm({
  add,
  onAdded,
  draftKey,
}: {
  /** Keeps what is typed across a reload (lib/forms/draft-store.ts), keyed by the user. */
  draftKey?: string;
  add: (
    input: { account: string; name: string; routing: string; type: string },
    idempotencyKey?: string,
  ) => Promise<ActionResult<{ source: FundingSource }>>;
  onAdded: () => Promise<void>;
}) {
  const form = useZodForm({
    schema: manualAccountFormSchema,
    initialValues: EMPTY,
    draft: draftKey ? { key: draftKey, omit: MANUAL_DRAFT_OMIT } : undefined,
    onSubmit: async (values, { setFieldError, setFormError, clearDraft, idempotencyKey }) => {
      const answer = await add({ account: values.account, name: values.name, routing: values.routing, type: values.type }, idempotencyKey);
      if (answer.ok) {
        clearDraft();
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
      <DraftRestored form={form}>
        We kept what you typed before the page was reloaded. Enter the routing and account numbers again: they are never kept.
      </DraftRestored>
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
