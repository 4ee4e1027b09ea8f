"use client";

import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { inputClass } from "./field-shell";
import { type BoundFieldProps, FormField } from "./form-field";

export interface Option {
  value: string;
  label: string;
}

type ChoiceProps<In extends Record<string, unknown>, V> = BoundFieldProps<In, V> & { disabled?: boolean };

/** A native select; the first option is an empty "Choose…" unless `placeholder` is false. */
export function SelectField<In extends Record<string, unknown>>({
  disabled,
  options,
  placeholder = "Choose…",
  autoComplete,
  ...field
}: ChoiceProps<In, string | null | undefined> & { options: readonly Option[]; placeholder?: string | false; autoComplete?: string }) {
  return (
    <FormField {...field}>
      {(control, value) => (
        <select
          {...control}
          autoComplete={autoComplete}
          disabled={disabled}
          className={inputClass}
          value={(value as string | null) ?? ""}
          onChange={(e) => field.form.setValue(field.name, (e.target.value || null) as never)}
        >
          {placeholder !== false && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A whole number in a native number-free text input (no spinner, no scroll-wheel changes). */
export function IntegerField<In extends Record<string, unknown>>({
  disabled,
  maxDigits = 3,
  ...field
}: ChoiceProps<In, number | null | undefined> & { maxDigits?: number }) {
  return (
    <FormField {...field}>
      {(control, value) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          maxLength={maxDigits}
          disabled={disabled}
          className={inputClass}
          value={(value as number | null) ?? ""}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, "");
            field.form.setValue(field.name, (digits === "" ? null : Number(digits)) as never);
          }}
        />
      )}
    </FormField>
  );
}

const DATE_PICKER_RING =
  "[&::-webkit-calendar-picker-indicator:focus]:rounded-sm [&::-webkit-calendar-picker-indicator:focus]:outline [&::-webkit-calendar-picker-indicator:focus]:outline-2 [&::-webkit-calendar-picker-indicator:focus]:outline-brand";

/** A calendar date; the wire value is the input's own YYYY-MM-DD. */
export function DateField<In extends Record<string, unknown>>({
  disabled,
  max,
  min,
  autoComplete,
  ...field
}: ChoiceProps<In, string | null | undefined> & { max?: string; min?: string; autoComplete?: string }) {
  return (
    <FormField {...field}>
      {(control, value) => (
        <input
          {...control}
          type="date"
          autoComplete={autoComplete}
          max={max}
          min={min}
          disabled={disabled}
          // Chromium's calendar button inside the field takes focus without matching :focus-visible,
          // so the ring shows on :focus here (issue 50, WCAG 2.4.7); the button gets one of its own too.
          className={classNames(inputClass, "focus:outline focus:outline-2 focus:outline-offset-2 focus:outline-brand", DATE_PICKER_RING)}
          value={(value as string | null) ?? ""}
          onChange={(e) => field.form.setValue(field.name, (e.target.value || null) as never)}
        />
      )}
    </FormField>
  );
}

/** A yes/no question as two radio buttons in a fieldset (the legend is the question). */
export function YesNoField<In extends Record<string, unknown>>({ disabled, ...field }: ChoiceProps<In, boolean | null | undefined>) {
  return (
    <FormField {...field} group>
      {(control, value) => (
        <div className="flex gap-6">
          {([true, false] as const).map((option) => (
            <label key={String(option)} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={control.name}
                className={classNames("h-5 w-5 accent-brand", focusRing)}
                checked={value === option}
                disabled={disabled}
                onChange={() => field.form.setValue(field.name, option as never)}
                onBlur={control.onBlur}
              />
              {option ? "Yes" : "No"}
            </label>
          ))}
        </div>
      )}
    </FormField>
  );
}
