"use client";

import type { FocusEvent, ReactNode } from "react";
import { type ControlProps, FieldShell } from "./field-shell";
import type { Draft, FormApi } from "./use-zod-form";

/** The names of a form's fields whose value is of type V (a MoneyField only takes number fields…). */
export type FieldName<T, V> = { [K in keyof T]-?: T[K] extends V ? (K extends string ? K : never) : never }[keyof T];

/** What every field of the kit takes. */
export interface BoundFieldProps<In extends Record<string, unknown>, V> {
  form: FormApi<In>;
  name: FieldName<In, V>;
  label: string;
  hint?: string;
  optional?: boolean;
}

/** The control's side of a bound field: labelled, described, named, and marking the field visited on blur. */
export interface BoundControlProps extends ControlProps {
  name: string;
  onBlur: (event?: FocusEvent<Element>) => void;
}

/**
 * FieldShell bound to one field of a form: the label, the hint and the field's current error
 * around the control, which gets its id, aria attributes, name and blur handler, and the value.
 * Every field of the kit is built on it, so the rules of SPEC 5 (error below the field, read with
 * it) live in one place.
 */
export function FormField<In extends Record<string, unknown>, V>({
  form,
  name,
  label,
  hint,
  optional,
  group,
  className,
  children,
}: BoundFieldProps<In, V> & {
  group?: boolean;
  className?: string;
  children: (control: BoundControlProps, value: Draft<In>[FieldName<In, V>]) => ReactNode;
}) {
  return (
    <FieldShell label={label} hint={hint} error={form.errorFor(name)} optional={optional} group={group} className={className}>
      {(control) => children({ ...control, name, onBlur: (event) => form.touch(name, event?.relatedTarget) }, form.values[name])}
    </FieldShell>
  );
}
