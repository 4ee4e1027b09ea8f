"use client";

import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { FieldShell, inputClass } from "./field-shell";
import type { FormApi } from "./use-zod-form";

type Keys<T, V> = { [K in keyof T]-?: T[K] extends V ? (K extends string ? K : never) : never }[keyof T];

export interface Option {
  value: string;
  label: string;
}

interface ChoiceProps<In extends Record<string, unknown>> {
  form: FormApi<In>;
  label: string;
  hint?: string;
  optional?: boolean;
  disabled?: boolean;
}

/** A native select; the first option is an empty "Choose…" unless `placeholder` is false. */
export function SelectField<In extends Record<string, unknown>>({ form, name, label, hint, optional, disabled, options, placeholder = "Choose…", autoComplete }: ChoiceProps<In> & { name: Keys<In, string | null | undefined>; options: readonly Option[]; placeholder?: string | false; autoComplete?: string }) {
  const value = (form.values[name] as string | null | undefined) ?? "";
  return (
    <FieldShell label={label} hint={hint} error={form.errorFor(name)} optional={optional}>
      {(control) => (
        <select
          {...control}
          name={name}
          autoComplete={autoComplete}
          disabled={disabled}
          className={inputClass}
          value={value}
          onChange={(e) => form.setValue(name, (e.target.value || null) as never)}
          onBlur={() => form.touch(name)}
        >
          {placeholder !== false && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A whole number in a native number-free text input (no spinner, no scroll-wheel changes). */
export function IntegerField<In extends Record<string, unknown>>({ form, name, label, hint, optional, disabled, maxDigits = 3 }: ChoiceProps<In> & { name: Keys<In, number | null | undefined>; maxDigits?: number }) {
  const value = form.values[name] as number | null | undefined;
  return (
    <FieldShell label={label} hint={hint} error={form.errorFor(name)} optional={optional}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="text"
          inputMode="numeric"
          maxLength={maxDigits}
          disabled={disabled}
          className={inputClass}
          value={value ?? ""}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, "");
            form.setValue(name, (digits === "" ? null : Number(digits)) as never);
          }}
          onBlur={() => form.touch(name)}
        />
      )}
    </FieldShell>
  );
}

/** A calendar date; the wire value is the input's own YYYY-MM-DD. */
export function DateField<In extends Record<string, unknown>>({ form, name, label, hint, optional, disabled, max, min, autoComplete }: ChoiceProps<In> & { name: Keys<In, string | null | undefined>; max?: string; min?: string; autoComplete?: string }) {
  const value = (form.values[name] as string | null | undefined) ?? "";
  return (
    <FieldShell label={label} hint={hint} error={form.errorFor(name)} optional={optional}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="date"
          autoComplete={autoComplete}
          max={max}
          min={min}
          disabled={disabled}
          className={inputClass}
          value={value}
          onChange={(e) => form.setValue(name, (e.target.value || null) as never)}
          onBlur={() => form.touch(name)}
        />
      )}
    </FieldShell>
  );
}

/** A yes/no question as two radio buttons in a fieldset (the legend is the question). */
export function YesNoField<In extends Record<string, unknown>>({ form, name, label, hint, disabled }: ChoiceProps<In> & { name: Keys<In, boolean | null | undefined> }) {
  const value = form.values[name] as boolean | null | undefined;
  const error = form.errorFor(name);
  const errorId = `${name}-yes-no-error`;
  const hintId = `${name}-yes-no-hint`;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-invalid={Boolean(error)}
      aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="font-semibold text-gray-900">{label}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      <div className="flex gap-6">
        {([true, false] as const).map((option) => (
          <label key={String(option)} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              className={classNames("h-5 w-5 accent-brand", focusRing)}
              checked={value === option}
              disabled={disabled}
              onChange={() => form.setValue(name, option as never)}
              onBlur={() => form.touch(name)}
            />
            {option ? "Yes" : "No"}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
