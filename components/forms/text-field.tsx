"use client";

import { type InputHTMLAttributes, useLayoutEffect, useRef } from "react";
import { TEXT_MAX_LENGTH } from "@/lib/forms/text-limit";
import { capitalizeName, normalizeEmail } from "@/lib/format";
import { inputClass } from "./field-shell";
import { type BoundFieldProps, FormField } from "./form-field";

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "name" | "form" | "id">;

export interface TextFieldProps<In extends Record<string, unknown>>
  extends InputAttributes, BoundFieldProps<In, string | null | undefined> {
  /**
   * "name": the first letter is capitalised as you type; "email": lowercased and trimmed as you
   * type (SPEC 5). The caret stays where it was in both cases.
   */
  kind?: "text" | "name" | "email";
}

/**
 * Lower-casing and capitalising keep the length, so the caret keeps its index; trimming an e-mail
 * moves it left by the spaces removed before it.
 */
const AUTO_CAPITALIZE: Partial<Record<NonNullable<TextFieldProps<never>["kind"]>, string>> = { email: "none", name: "words" };

function transform(kind: TextFieldProps<never>["kind"], raw: string, caret: number): { value: string; caret: number } {
  if (kind === "name") return { value: capitalizeName(raw), caret };
  if (kind === "email") {
    const value = normalizeEmail(raw);
    const before = normalizeEmail(raw.slice(0, caret)).length;
    return { value, caret: Math.min(before, value.length) };
  }
  return { value: raw, caret };
}

/** A labelled text input; maxlength 524288 (the HTML default, SPEC 5) unless the field sets one. */
export function TextField<In extends Record<string, unknown>>({
  form,
  name,
  label,
  hint,
  optional,
  kind = "text",
  maxLength = TEXT_MAX_LENGTH,
  ...rest
}: TextFieldProps<In>) {
  const ref = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const value = (form.values[name] as string | null | undefined) ?? "";

  // React writes a changed value into the input after the change event, which puts the caret at the
  // end; put it back where the person was typing.
  useLayoutEffect(() => {
    const el = ref.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (el && caret !== null && el === el.ownerDocument.activeElement && el.selectionStart !== caret) el.setSelectionRange(caret, caret);
  }, [value]);

  return (
    <FormField form={form} name={name} label={label} hint={hint} optional={optional}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          {...rest}
          name={name}
          // type="email" inputs have no selection API, so the caret could not be kept: text + inputMode.
          type="text"
          inputMode={kind === "email" ? "email" : rest.inputMode}
          autoCapitalize={AUTO_CAPITALIZE[kind] ?? rest.autoCapitalize}
          spellCheck={kind === "email" || kind === "name" ? false : rest.spellCheck}
          maxLength={maxLength}
          className={inputClass}
          value={value}
          readOnly={rest.readOnly}
          onChange={(e) => {
            const next = transform(kind, e.target.value, e.target.selectionStart ?? e.target.value.length);
            if (next.value === value) {
              // Nothing to store (e.g. a space trimmed away), so no render follows: React puts the old
              // value back after this handler, and the caret is restored once it has.
              const el = e.target;
              queueMicrotask(() => el.setSelectionRange(next.caret, next.caret));
              return;
            }
            pendingCaret.current = next.caret;
            form.setValue(name, next.value as never);
          }}
          onBlur={(e) => {
            control.onBlur(e);
            rest.onBlur?.(e);
          }}
        />
      )}
    </FormField>
  );
}
