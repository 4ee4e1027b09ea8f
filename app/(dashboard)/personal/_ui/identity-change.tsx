"use client";

import {
  DateField,
  Form,
  FormError,
  LiveStatus,
  SaveOrCancel,
  SsnField,
  TextField,
  lazySchema,
  savedStatusClass,
} from "@/components/forms";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { todayIso } from "@/lib/format/dates";
import { correctIdentity } from "../actions";
import { useEditInPlace } from "./edit-in-place";
import type { IdentitySaved } from "../saved-values";

const identitySchema = lazySchema(() => import("@/lib/personal/schemas").then((m) => m.identityCorrectionSchema()));

/**
 * The review's correction of what the credit check is run on (issue 42): name, birth date and SSN,
 * in place, before the rate check. A masked SSN typo is caught here rather than in the check.
 */
export function IdentityChange({ saved, ssnLastFour }: { saved: IdentitySaved; ssnLastFour: string | null }) {
  const initial = {
    given_name: saved.given_name ?? "",
    middle_name: saved.middle_name ?? "",
    family_name: saved.family_name ?? "",
    birthdate: saved.birthdate,
    ssn: "",
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
    schema: identitySchema,
    initialValues: initial,
    action: correctIdentity,
    savedMessage: "Your name, birth date and Social Security number are saved.",
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
          Correct name, birth date or SSN
        </button>
      ) : (
        <Form form={form} aria-label="Correct name, birth date or SSN">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField form={form} name="given_name" label="First name" kind="name" autoComplete="given-name" maxLength={50} />
            <TextField
              form={form}
              name="middle_name"
              label="Middle name"
              kind="name"
              autoComplete="additional-name"
              optional
              maxLength={50}
            />
            <TextField form={form} name="family_name" label="Last name" kind="name" autoComplete="family-name" maxLength={50} />
          </div>
          <DateField
            form={form}
            name="birthdate"
            label="Birth date"
            hint="MM/DD/YYYY. You must be 18 or older."
            autoComplete="bday"
            max={todayIso()}
          />
          <SsnField
            form={form}
            name="ssn"
            label="Social Security number"
            optional
            hint={ssnLastFour ? `Leave it empty to keep the one ending in ${ssnLastFour}.` : "Leave it empty to keep the saved one."}
          />
          <FormError message={form.formError} />
          <SaveOrCancel pending={form.pending} onCancel={cancel} />
        </Form>
      )}
    </div>
  );
}
