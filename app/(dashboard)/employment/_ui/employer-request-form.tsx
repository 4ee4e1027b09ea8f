"use client";

import { useEffect, useRef } from "react";
import { Form, FormError, PhoneField, SelectField, SubmitButton, TextField, lazySchema, useZodForm } from "@/components/forms";
import type { FailureReason } from "@/lib/actions/action-result";
import { EMPLOYER_REQUEST_LIMITS } from "@/lib/employment/employer-request";
import type { EmployerRequestArgs, EmployerRequestInput } from "@/lib/employment/employer-request-schema";
import { US_STATES } from "@/lib/personal/reference-lists";
import type { RequestEmployerResult } from "../actions";
import { EMPLOYER_REQUEST_TITLE } from "./employer-request-copy";

// Fetched on the form's first use, not with the page (the form kit's lazySchema).
const schema = lazySchema(() => import("@/lib/employment/employer-request-schema").then((m) => m.employerRequestSchema));

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.abbreviation, label: s.name }));

const FAILURES: Partial<Record<FailureReason, string>> = {
  "signed-out": "Your session has ended. Please sign in again; nothing was sent.",
  // The lender's rules: the request is open only while the employer is being chosen.
  "wrong-step":
    "You can ask us to add an employer only while choosing your employer, and your application has moved past that step. Reload the page to see where it is.",
};
const FAILED = "We could not send your request. Please try again in a moment; what you typed is kept.";

export interface EmployerRequestFormProps {
  /** What was typed in the search: the name the form starts from. */
  initialName: string;
  /** Sends the request (the page's server action). */
  send: (values: EmployerRequestArgs) => Promise<RequestEmployerResult>;
  onRecorded: (request: Extract<RequestEmployerResult, { ok: true }>["request"]) => void;
  onCancel: () => void;
}

/**
 * The employer request (issue 49) in place of the search: the name typed (required), where the
 * employer is, and an HR or payroll contact if the person knows one. The same schema as the server
 * action and the lender's API (lib/employment/employer-request-schema.ts).
 */
export function EmployerRequestForm({ initialName, send, onRecorded, onCancel }: EmployerRequestFormProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // Opened by a press (or arriving from /employerRequest): the form's heading is read first.
  useEffect(() => title.current?.focus(), []);
  const form = useZodForm({
    schema,
    initialValues: {
      name: initialName.trim().slice(0, EMPLOYER_REQUEST_LIMITS.name),
      city: "",
      state: null,
      contactName: "",
      contactEmail: "",
      contactPhone: "",
    },
    onSubmit: async (values, { setFieldError, setFormError }) => {
      const result = await send(values);
      if (result.ok) return onRecorded(result.request);
      const fields = Object.entries(result.fieldErrors ?? {}).filter(([field]) => field in values);
      if (fields.length > 0) {
        for (const [field, message] of fields) setFieldError(field as keyof EmployerRequestInput & string, message);
        return;
      }
      setFormError(FAILURES[result.reason] ?? FAILED);
    },
  });

  return (
    <section aria-labelledby="employer-request-title" className="flex flex-col gap-3" data-testid="employer-request-form">
      <h2 id="employer-request-title" ref={title} tabIndex={-1} className="text-xl font-bold text-brand-dark outline-none">
        {EMPLOYER_REQUEST_TITLE}
      </h2>
      <p className="text-gray-800">
        Tell us who your employer is and we will ask them to join. Only the name is needed; where they are and who runs payroll help us
        reach the right office.
      </p>
      <Form form={form} aria-labelledby="employer-request-title">
        <TextField form={form} name="name" label="Employer name" autoComplete="organization" maxLength={EMPLOYER_REQUEST_LIMITS.name} />
        <TextField form={form} name="city" label="City" optional autoComplete="address-level2" maxLength={EMPLOYER_REQUEST_LIMITS.city} />
        <SelectField form={form} name="state" label="State" optional options={STATE_OPTIONS} />
        <fieldset className="flex flex-col gap-4 rounded-md border border-gray-300 p-4">
          <legend className="px-1 font-semibold text-gray-900">HR or payroll contact (optional)</legend>
          <p className="text-sm text-gray-700">
            Someone at your employer we may write to about joining. We will not mention your application.
          </p>
          {/* Someone else's details: the browser must not fill in the person's own. */}
          <TextField
            form={form}
            name="contactName"
            label="Contact name"
            optional
            autoComplete="off"
            maxLength={EMPLOYER_REQUEST_LIMITS.contactName}
          />
          <TextField form={form} name="contactEmail" label="Contact e-mail" optional kind="email" type="email" autoComplete="off" />
          <PhoneField form={form} name="contactPhone" label="Contact phone" optional autoComplete="off" />
        </fieldset>
        <FormError message={form.formError} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={form.pending} pendingLabel="Sending…">
            Send request
          </SubmitButton>
          <button
            type="button"
            className="min-h-11 rounded-md px-4 py-2 font-semibold text-brand underline"
            onClick={onCancel}
            disabled={form.pending}
          >
            Back to the employer search
          </button>
        </div>
      </Form>
    </section>
  );
}
