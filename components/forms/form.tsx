"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { primaryButtonClass } from "@/components/ui/button-classes";
import type { FormApi } from "./use-zod-form";

/**
 * The form element wired to a FormApi: no browser validation bubbles, busy while submitting, and
 * GOV.UK's error summary at its top. After every failed submit focus moves to that summary (a
 * screen reader reads its title and each error; each is a link to its field), or, when no field is
 * in error, to the form-level message (FormError), so the person hears what went wrong at once and
 * focus is never left on the page's body behind a disabled button.
 */
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
      <ErrorSummary form={form} />
      {children}
    </form>
  );
}

/** The title of the error summary (GOV.UK's wording). */
export const ERROR_SUMMARY_TITLE = "There is a problem";

function ErrorSummary<In extends Record<string, unknown>>({ form }: { form: FormApi<In> }) {
  const id = useId();
  const summary = useRef<HTMLDivElement | null>(null);
  const { failedSubmits, formRef } = form;
  const errors = failedSubmits > 0 ? form.shownErrors() : [];
  useEffect(() => {
    if (failedSubmits === 0) return;
    const target = summary.current ?? formRef.current?.querySelector<HTMLElement>("[data-form-error]");
    target?.focus();
  }, [failedSubmits, formRef]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={summary}
      role="group"
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-list`}
      data-error-summary
      className={classNames("flex flex-col gap-2 rounded-md border-2 border-red-700 bg-white px-4 py-3", focusRing)}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul id={`${id}-list`} className="flex flex-col gap-1">
        {errors.map(({ name, message }) => (
          <li key={name}>
            <a
              href={`#${name}`}
              className={classNames("font-semibold text-red-700 underline", focusRing)}
              onClick={(event) => {
                // The field's control has a generated id: it is found by its name instead.
                const named = formRef.current?.elements.namedItem(name);
                const control = named instanceof RadioNodeList ? named[0] : named;
                if (!(control instanceof HTMLElement)) return;
                event.preventDefault();
                control.focus();
                // Centred, so the label above the field is in view too.
                control.scrollIntoView?.({ block: "center" });
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
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

/**
 * The form-level message (e.g. a server failure), announced when it appears; a failed submit with no
 * field in error moves focus to it (Form).
 */
export function FormError({ message }: { message: string | null | undefined }) {
  const id = useId();
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={-1}
      // Named by its text, so taking focus it is read as "alert, <message>", not only "alert".
      aria-labelledby={`${id}-text`}
      data-form-error
      className={classNames("rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800", focusRing)}
    >
      <span id={`${id}-text`}>{message}</span>
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
