"use client";

import {
  Form,
  FormError,
  LiveStatus,
  MoneyField,
  SelectField,
  SaveOrCancel,
  TextField,
  lazySchema,
  savedStatusClass,
} from "@/components/forms";
import { formatUsd } from "@/lib/format";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { LOAN_REASONS } from "@/lib/personal/reference-lists";
import { SERVED_STATES, stateName } from "@/lib/personal/states";
import { LOAN_AMOUNT_HINT } from "@/lib/lending/loan-amount";
import { updateLoanRequest } from "../actions";
import { useEditInPlace } from "./edit-in-place";
import type { LoanRequestSaved } from "../saved-values";

const loanRequestSchema = lazySchema(() => import("@/lib/personal/schemas").then((m) => m.loanRequestSchema));

const REASONS = LOAN_REASONS.map((r) => ({ value: r, label: r }));
const STATES = SERVED_STATES.map((s) => ({ value: s.abbreviation, label: s.name }));

/**
 * The review's "Change your loan" (before the rate check): the amount, what it is for and the state
 * of residence, on the loan request's own schema. The state must stay the home address's; the
 * server refuses another with the way to change both (residenceChangeError). A save says what the
 * loan is now in a polite live region.
 */
export function LoanRequestChange({ saved, homeState }: { saved: LoanRequestSaved; homeState?: string | null }) {
  const initial = {
    amount: saved.amount,
    reason: (LOAN_REASONS as readonly string[]).includes(saved.reason ?? "") ? (saved.reason as (typeof LOAN_REASONS)[number]) : null,
    other: saved.other ?? "",
    state: saved.state,
  };
  const {
    form,
    editing,
    saved: savedNote,
    opener,
    region,
    open,
    cancel,
  } = useEditInPlace({
    schema: loanRequestSchema,
    initialValues: initial,
    action: updateLoanRequest,
    savedMessage: (v) => `Your loan is now ${formatUsd(v.amount)}, for ${v.other ?? v.reason}, in ${stateName(v.state)}.`,
  });
  return (
    <div ref={region} className="flex flex-col gap-3">
      <LiveStatus message={savedNote} className={savedStatusClass} />
      {!editing ? (
        <button
          ref={opener}
          type="button"
          className={classNames("min-h-11 self-start rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900", focusRing)}
          onClick={open}
        >
          Change your loan
        </button>
      ) : (
        <Form form={form} aria-label="Change your loan">
          <MoneyField form={form} name="amount" label="How much would you like to borrow?" hint={LOAN_AMOUNT_HINT} />
          <SelectField form={form} name="reason" label="What is the loan for?" options={REASONS} />
          {form.values.reason === "Other" && <TextField form={form} name="other" label="Tell us what the loan is for" maxLength={500} />}
          <SelectField
            form={form}
            name="state"
            label="State of residence"
            hint={homeState ? `Must be the state of your home address (${stateName(homeState)}).` : undefined}
            options={STATES}
            autoComplete="address-level1"
          />
          <FormError message={form.formError} />
          <SaveOrCancel pending={form.pending} onCancel={cancel} />
        </Form>
      )}
    </div>
  );
}
