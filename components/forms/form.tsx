"use client";

import type { ReactNode } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { primaryButtonClass } from "@/components/ui/button-classes";
import type { FormApi } from "./use-zod-form";

/** The form element wired to a FormApi: no browser validation bubbles, busy while submitting. */
export function Form<In extends Record<string, unknown>>({
  form,
  children,
  className,
  "aria-label": ariaLabel,
  "aria-labelledby": labelledBy,
}: {
  form: FormApi<In>;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label={ariaLabel}
      aria-labelledby={labelledBy}
      aria-busy={form.pending}
      className={classNames("flex flex-col gap-4", className)}
      onSubmit={(e) => void form.handleSubmit(e)}
    >
      {children}
    </form>
  );
}

/** Says, once the form's kept draft was restored after a reload, that what is shown is what was typed. */
export function DraftRestored<In extends Record<string, unknown>>({ form, children }: { form: FormApi<In>; children: ReactNode }) {
  if (!form.restoredDraft) return null;
  return (
    <p role="status" className="rounded-md border border-brand bg-green-50 px-3 py-2 text-sm text-gray-900">
      {children}
    </p>
  );
}

/** The form-level message (e.g. a server failure), announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

export { primaryButtonClass };

/** The submit button: says what is happening while pending and ignores clicks until done. */
export function SubmitButton({
  pending,
  children,
  pendingLabel = "Saving…",
  className,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  className?: string;
}) {
  return (
    <button type="submit" className={classNames(primaryButtonClass, className)} aria-disabled={pending || undefined} disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/** The actions of an edit-in-place form: save, or cancel back to the saved values (not while saving). */
export function SaveOrCancel({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton pending={pending}>Save changes</SubmitButton>
      <button
        type="button"
        className={classNames("min-h-11 rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900", focusRing)}
        onClick={onCancel}
        disabled={pending}
      >
        Cancel
      </button>
    </div>
  );
}
