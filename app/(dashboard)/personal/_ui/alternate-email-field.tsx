"use client";

import { TextField, type FormApi } from "@/components/forms";

type EmailInput = { personal_email?: string | null };

/** The optional second e-mail, as the personal details and the account settings both ask for it. */
export function AlternateEmailField<In extends EmailInput>({ form }: { form: FormApi<In> }) {
  return (
    <TextField
      // Like AddressFields: a generic In cannot be narrowed to its e-mail field's name, so the form is seen as just that field.
      form={form as unknown as FormApi<EmailInput>}
      name="personal_email"
      label="Alternate email"
      kind="email"
      type="email"
      autoComplete="email"
      optional
      maxLength={254}
    />
  );
}
