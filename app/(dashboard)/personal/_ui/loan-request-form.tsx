"use client";

import {
  DraftRestored,
  Form,
  FormError,
  MoneyField,
  SelectField,
  SubmitButton,
  TextField,
  lazySchema,
  useZodForm,
} from "@/components/forms";
import { submitLoanRequest } from "../actions";
import { SectionTitle } from "@/components/ui/section-title";
import { LOAN_REASONS } from "@/lib/personal/reference-lists";
import { LOAN_AMOUNT_HINT } from "@/lib/lending/loan-amount";
import { SERVED_STATES, UNSERVED_STATES_NOTE } from "@/lib/personal/states";
import { submitThenFollow } from "./after-submit";
import type { LoanRequestSaved } from "../saved-values";

const loanRequestSchema = lazySchema(() => import("@/lib/personal/schemas").then((m) => m.loanRequestSchema));
const REASONS = LOAN_REASONS.map((r) => ({ value: r, label: r }));
/** Only where the lender lends (lib/lending/service-area); the hint names the rest. */
const STATES = SERVED_STATES.map((s) => ({ value: s.abbreviation, label: s.name }));

/** Step loanDetails: amount, reason (a description for Other), state of residence; sent with `applies`. */
export function LoanRequestForm({ saved, draftKey }: { saved: LoanRequestSaved; draftKey?: string }) {
  const form = useZodForm({
    schema: loanRequestSchema,
    draft: draftKey ? { key: draftKey } : undefined,
    initialValues: {
      amount: saved.amount,
      reason: (LOAN_REASONS as readonly string[]).includes(saved.reason ?? "") ? (saved.reason as (typeof LOAN_REASONS)[number]) : null,
      other: saved.other ?? "",
      // A saved state the lender does not serve is asked again rather than refused at prequalification.
      state: SERVED_STATES.some((s) => s.abbreviation === saved.state) ? saved.state : null,
    },
    onSubmit: submitThenFollow(submitLoanRequest),
  });
  return (
    <Form form={form} aria-labelledby="loan-request-title">
      <SectionTitle id="loan-request-title">Your loan</SectionTitle>
      <DraftRestored form={form}>We kept what you typed before the page was reloaded.</DraftRestored>
      <MoneyField form={form} name="amount" label="How much would you like to borrow?" hint={LOAN_AMOUNT_HINT} />
      <SelectField form={form} name="reason" label="What is the loan for?" options={REASONS} />
      {form.values.reason === "Other" && <TextField form={form} name="other" label="Tell us what the loan is for" maxLength={500} />}
      <SelectField
        form={form}
        name="state"
        label="State of residence"
        hint={`Where you live now: your home address must be in this state. ${UNSERVED_STATES_NOTE}`}
        options={STATES}
        autoComplete="address-level1"
      />
      <FormError message={form.formError} />
      <SubmitButton pending={form.pending} pendingLabel="Saving…">
        Continue
      </SubmitButton>
    </Form>
  );
}
