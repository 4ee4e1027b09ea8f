"use client";

import { ELIGIBILITY_MESSAGES } from "@/lib/lending/eligibility";
import { useMemo } from "react";
import {
  DateField,
  DraftRestored,
  Form,
  FormError,
  IntegerField,
  MoneyField,
  SelectField,
  SubmitButton,
  TextField,
  YesNoField,
  lazySchema,
  useZodForm,
  type Draft,
} from "@/components/forms";
import { todayIso } from "@/lib/format/dates";
import { EMPLOYMENT_STATUSES, EMPLOYMENT_STATUS_LABELS, PAY_FREQUENCIES, PAY_FREQUENCY_LABELS } from "@/lib/employment/labels";
import { EARLIEST_START_DATE } from "@/lib/employment/limits";
import type { EmploymentArgs, EmploymentInput } from "@/lib/employment/schema";

/** What the API holds of the user's employment (loadFrontend appInfo.employment), for prefilling. */
export interface SavedEmployment {
  jobTitle: string | null;
  employmentStatus: string | null;
  startDate: string | null;
  employeeId: string | null;
  salary: number | null;
  additionalIncome: number | null;
  payMonths: number | null;
  payFrequency: string | null;
  ddAccounts: number | null;
  activeMilitary: boolean | null;
  choaCostCenter: string | null;
  choaDepartmentExtension: string | null;
}

const pick = <T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : null;

/** The income the personal details already gave: asked once, so the employment form starts from it. */
export interface KnownIncome {
  salary: number | null;
  additionalIncome: number | null;
}

export function draftFromSaved(saved: SavedEmployment | null, known: KnownIncome | null = null): Draft<EmploymentInput> {
  return {
    id: saved?.employeeId ?? "",
    title: saved?.jobTitle ?? "",
    // SPEC 3: employment status defaults to full.
    status: pick(saved?.employmentStatus, EMPLOYMENT_STATUSES) ?? "full",
    start: saved?.startDate ? saved.startDate.slice(0, 10) : null,
    salary: saved?.salary ?? known?.salary ?? null,
    // The additional income goes with the salary it was given with.
    additional: saved?.salary != null ? (saved.additionalIncome ?? null) : (known?.additionalIncome ?? null),
    payMonths: saved?.payMonths ?? null,
    payFrequency: pick(saved?.payFrequency, PAY_FREQUENCIES),
    ddAccounts: saved?.ddAccounts ?? null,
    activeMilitary: saved?.activeMilitary ?? null,
    cost_center: saved?.choaCostCenter ?? "",
    dept_ext: saved?.choaDepartmentExtension ?? "",
  };
}

export type SaveOutcome = { ok: true } | { ok: false; field?: string; message: string };

export interface EmploymentFormProps {
  saved: SavedEmployment | null;
  /** The income from the personal details, when the employment holds none yet. */
  knownIncome?: KnownIncome | null;
  childrensHospital: boolean;
  submitLabel: string;
  /** `saved` forgets the kept draft: called by the page as soon as the save is accepted (before it moves on). */
  onSave: (values: EmploymentArgs, saved: () => void, idempotencyKey?: string) => Promise<SaveOutcome>;
  onCancel?: () => void;
  /** Keeps a draft of what is typed across reloads in this tab (the user's own key). */
  draftKey?: string;
  /**
   * After the credit decision: only the details it did not use are asked (employee ID, accounts,
   * military duty, the hospital's codes); its inputs are sent as saved, which the API takes as no
   * change. No draft then: one kept from before could carry other values of them.
   */
  decisionFinal?: boolean;
}

/** The employment details form (SPEC 3, 5) on the form kit, validated with the shared schema. */
export function EmploymentForm({
  saved,
  knownIncome = null,
  childrensHospital,
  submitLabel,
  onSave,
  onCancel,
  draftKey,
  decisionFinal = false,
}: EmploymentFormProps) {
  const schema = useMemo(
    () => lazySchema(() => import("@/lib/employment/schema").then((m) => m.employmentSchema({ childrensHospital }))),
    [childrensHospital],
  );
  const form = useZodForm({
    schema,
    initialValues: draftFromSaved(saved, knownIncome),
    // No field of this form is a secret (no SSN, account or routing number), so nothing is omitted.
    draft: draftKey && !decisionFinal ? { key: draftKey } : undefined,
    onSubmit: async (values, { setFieldError, setFormError, clearDraft, idempotencyKey }) => {
      const outcome = await onSave(values, clearDraft, idempotencyKey);
      if (outcome.ok) return;
      if (outcome.field && outcome.field in values) setFieldError(outcome.field as keyof EmploymentInput & string, outcome.message);
      else setFormError(outcome.message);
    },
  });

  return (
    <Form form={form} aria-labelledby="employment-details-title">
      <DraftRestored form={form}>We kept what you typed before the page was reloaded.</DraftRestored>
      {!decisionFinal && (
        <>
          <TextField form={form} name="title" label="Job title" autoComplete="organization-title" maxLength={100} />
          <SelectField
            form={form}
            name="status"
            label="Employment status"
            hint={ELIGIBILITY_MESSAGES.hint}
            placeholder={false}
            options={EMPLOYMENT_STATUSES.map((value) => ({ value, label: EMPLOYMENT_STATUS_LABELS[value] }))}
          />
          <DateField
            form={form}
            name="start"
            label="Start date"
            hint="The day you started with this employer."
            min={EARLIEST_START_DATE}
            max={todayIso()}
          />
        </>
      )}
      <TextField form={form} name="id" label="Employee ID" hint="As on your pay stub or badge." maxLength={50} />
      {!decisionFinal && (
        <>
          <MoneyField
            form={form}
            name="salary"
            label="Annual salary"
            hint={
              saved?.salary == null && knownIncome?.salary != null
                ? "Your yearly gross pay, before taxes, as you gave it with your personal details."
                : "Your yearly gross pay, before taxes."
            }
          />
          <MoneyField
            form={form}
            name="additional"
            label="Additional yearly income"
            hint="Other income you want us to consider."
            optional
          />
          <IntegerField
            form={form}
            name="payMonths"
            label="Months paid per year"
            hint="For example 12, or 10 for a school year."
            maxDigits={2}
          />
          <SelectField
            form={form}
            name="payFrequency"
            label="How often are you paid?"
            options={PAY_FREQUENCIES.map((value) => ({ value, label: PAY_FREQUENCY_LABELS[value] }))}
          />
        </>
      )}
      <IntegerField
        form={form}
        name="ddAccounts"
        label="Accounts your pay is deposited into"
        hint="How many bank accounts your paycheck is split between."
        maxDigits={2}
      />
      <YesNoField form={form} name="activeMilitary" label="Are you on active military duty?" />
      {childrensHospital && (
        <>
          <TextField form={form} name="cost_center" label="Cost centre" hint="As on your pay stub, e.g. CC-2210." maxLength={20} />
          <TextField
            form={form}
            name="dept_ext"
            label="Department extension"
            hint="Your department's phone extension."
            maxLength={10}
            inputMode="numeric"
          />
        </>
      )}
      <FormError message={form.formError} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={form.pending}>{submitLabel}</SubmitButton>
        {onCancel && (
          <button
            type="button"
            className="min-h-11 rounded-md px-4 py-2 font-semibold text-brand underline"
            onClick={onCancel}
            disabled={form.pending}
          >
            Cancel
          </button>
        )}
      </div>
    </Form>
  );
}
