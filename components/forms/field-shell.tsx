"use client";

import { type ReactNode, useId } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";

/** The look of every text-like control of the kit. */
export const inputClass = classNames(
  "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900",
  "aria-[invalid=true]:border-red-700 disabled:bg-gray-100 read-only:bg-gray-50",
  focusRing,
);

/** The attributes a control needs to be labelled and described by its hint and error. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid": boolean;
  "aria-required"?: boolean;
}

export interface FieldShellProps {
  label: ReactNode;
  /** Help text under the label, read with the control. */
  hint?: ReactNode;
  error?: string;
  /** Marks the label "(optional)"; every other field is required. */
  optional?: boolean;
  /**
   * A group of controls answering one question (radio buttons): a fieldset whose legend is the
   * label, described by the hint and the error itself; the controls inside get no aria attributes.
   */
  group?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label above, control, error text below the control (SPEC 5). The error is tied to the control
 * (or the group) with aria-describedby and aria-invalid, so a screen reader reads it with the field.
 */
export function FieldShell({ label, hint, error, optional, group = false, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const described = { "aria-describedby": describedBy, "aria-invalid": Boolean(error) };
  const title = (
    <>
      {label}
      {optional && <span className="font-normal text-gray-700"> (optional)</span>}
    </>
  );
  const body = (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {children(group ? { id, "aria-invalid": Boolean(error) } : { id, ...described, "aria-required": optional ? undefined : true })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </>
  );
  if (group) {
    return (
      <fieldset id={id} className={classNames("flex flex-col gap-1", className)} {...described}>
        <legend className="font-semibold text-gray-900">{title}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={classNames("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-semibold text-gray-900">
        {title}
      </label>
      {body}
    </div>
  );
}
