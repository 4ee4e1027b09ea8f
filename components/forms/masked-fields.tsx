"use client";

import { type ClipboardEvent, type ReactNode, useRef, useState } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { NumberFormatBase, NumericFormat } from "react-number-format";
import { formatPhoneInput, formatSsn, PHONE_INPUT_MAX_LENGTH, phoneDigits, ssnDigits } from "@/lib/format";
import { inputClass } from "./field-shell";
import { type BoundFieldProps, FormField } from "./form-field";
import { moneyRefusal } from "./money-refusal";

/**
 * Masked inputs on react-number-format: it owns the caret (typing, deleting over a separator,
 * pasting). The formats themselves come from lib/format, the one place that decides how a phone
 * number or an SSN looks, so what a field shows and what a page displays cannot drift apart.
 */

interface MaskedProps<In extends Record<string, unknown>, V> extends BoundFieldProps<In, V> {
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
}

/**
 * A pasted number that is complete once its country code is removed ("+1 (555) 123-4567") replaces
 * the field. Without this the browser would cut the paste at maxlength 14 first and keep the wrong
 * ten digits.
 */
function pasteWholePhone(event: ClipboardEvent<HTMLInputElement>, set: (digits: string) => void) {
  const text = event.clipboardData.getData("text");
  const digits = phoneDigits(text);
  if (digits.length !== 10) return;
  event.preventDefault();
  set(digits);
}

/** How one string-valued mask behaves; the field around it (label, error, stored value) is the same for all. */
interface StringMask {
  type: "tel" | "text";
  inputMode: "tel" | "numeric";
  maxLength?: number;
  format: (digits: string) => string;
  removeFormatting: (shown: string) => string;
  getCaretBoundary?: (shown: string) => boolean[];
  onPaste?: (event: ClipboardEvent<HTMLInputElement>, set: (digits: string) => void) => void;
}

/** A react-number-format input storing the unformatted digits as a string. */
function StringMaskField<In extends Record<string, unknown>>({
  placeholder,
  autoComplete,
  readOnly,
  mask,
  concealed = false,
  after,
  ...field
}: MaskedProps<In, string | null | undefined> & {
  mask: StringMask;
  /** Drawn as dots (the value is still typed, formatted and read as usual). */
  concealed?: boolean;
  /** A control beside the input (the SSN's Show button), given the input's id. */
  after?: (inputId: string) => ReactNode;
}) {
  const set = (digits: string) => field.form.setValue(field.name, digits as never);
  const { onPaste, ...maskProps } = mask;
  return (
    <FormField {...field}>
      {(control, stored) => {
        const input = (
          <NumberFormatBase
            {...control}
            {...maskProps}
            autoComplete={autoComplete}
            placeholder={placeholder}
            readOnly={readOnly}
            // A text input drawn with dots rather than type=password: the numeric keypad stays, and
            // password managers do not offer to save an SSN (Chrome, Safari, Firefox 114+).
            className={classNames(inputClass, concealed && "[-webkit-text-security:disc]", after && "pr-20")}
            data-concealed={concealed || undefined}
            value={(stored as string | null) ?? ""}
            valueIsNumericString
            onValueChange={(values) => set(values.value)}
            onPaste={onPaste ? (e) => onPaste(e, set) : undefined}
          />
        );
        if (!after) return input;
        return (
          <div className="relative">
            {input}
            {after(control.id)}
          </div>
        );
      }}
    </FormField>
  );
}

const PHONE_MASK: StringMask = {
  type: "tel",
  inputMode: "tel",
  maxLength: PHONE_INPUT_MAX_LENGTH,
  format: formatPhoneInput,
  removeFormatting: (value) => phoneDigits(value).slice(0, 10),
  onPaste: pasteWholePhone,
};

const SSN_MASK: StringMask = { type: "text", inputMode: "numeric", maxLength: 11, format: formatSsn, removeFormatting: ssnDigits };

/** US phone: shows (xxx) xxx-xxxx while typing, at most 14 characters; stores the 10 digits. */
export function PhoneField<In extends Record<string, unknown>>({
  autoComplete = "tel-national",
  ...props
}: MaskedProps<In, string | null | undefined>) {
  return <StringMaskField {...props} autoComplete={autoComplete} mask={PHONE_MASK} />;
}

/**
 * Social security number: shows xxx-xx-xxxx while typing, drawn as dots until Show is pressed
 * (someone may be looking over the shoulder); stores the 9 digits. The button's name says what it
 * does ("Show Social Security number"), its text is the visible part of that name.
 */
export function SsnField<In extends Record<string, unknown>>({
  autoComplete = "off",
  ...props
}: MaskedProps<In, string | null | undefined>) {
  const [shown, setShown] = useState(false);
  return (
    <StringMaskField
      {...props}
      autoComplete={autoComplete}
      mask={SSN_MASK}
      concealed={!shown}
      after={(inputId) => (
        <button
          type="button"
          aria-controls={inputId}
          className={classNames(
            "absolute inset-y-0 right-0 flex min-h-11 min-w-16 items-center justify-center rounded-r-md px-3 font-semibold text-brand underline",
            focusRing,
          )}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide" : "Show"}
          <span className="sr-only"> {props.label}</span>
        </button>
      )}
    />
  );
}

/**
 * What MoneyField shows: nothing when empty; the digits as typed while they are what produced the
 * stored number (or while a refusal holds the field at NaN, so the person sees what was kept).
 */
function shownMoney(stored: number | null | undefined, typed: { number: number | null; digits: string }): string {
  if (stored === null || stored === undefined) return "";
  if (Number.isNaN(stored)) return typed.digits;
  return typed.number === stored ? typed.digits : String(stored);
}

/** Dollars: shows thousands commas ("45,000.50") while typing; stores a number (null when empty). */
export function MoneyField<In extends Record<string, unknown>>({
  placeholder,
  autoComplete = "off",
  readOnly,
  ...field
}: MaskedProps<In, number | null | undefined>) {
  const stored = field.form.values[field.name] as number | null | undefined;
  // The field stores a number, but "45,000.50" and "45,000." must stay as typed: while the stored
  // number is the one this input produced, show the digits it was typed with.
  const typed = useRef<{ number: number | null; digits: string }>({ number: null, digits: "" });
  const shown = shownMoney(stored, typed.current);
  // A minus sign or a letter is refused out loud (money-refusal.ts): the field holds NaN, which every
  // money schema rejects, and the reason shows under it until the next accepted change.
  const refuse = (inserted: string | null | undefined, event: { preventDefault: () => void }) => {
    const reason = moneyRefusal(inserted);
    if (!reason) return;
    event.preventDefault();
    typed.current = { number: Number.NaN, digits: typed.current.digits };
    field.form.setValue(field.name, Number.NaN as never);
    field.form.setFieldError(field.name, reason);
  };
  const refuseRef = useRef(refuse);
  refuseRef.current = refuse;
  // The native beforeinput (React's onBeforeInput is built from keypress/textInput and misses
  // inserts that are neither): typing, dropping and paste all pass through it.
  const listener = useRef((event: Event) => refuseRef.current((event as InputEvent).data, event));
  const listening = useRef<HTMLInputElement | null>(null);
  const inputRef = (input: HTMLInputElement | null) => {
    if (listening.current === input) return;
    listening.current?.removeEventListener("beforeinput", listener.current);
    listening.current = input;
    input?.addEventListener("beforeinput", listener.current);
  };
  return (
    <FormField {...field}>
      {(control) => (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-700">
            $
          </span>
          <NumericFormat
            {...control}
            inputMode="decimal"
            autoComplete={autoComplete}
            placeholder={placeholder}
            readOnly={readOnly}
            className={`${inputClass} pl-7`}
            value={shown}
            valueIsNumericString
            thousandSeparator=","
            decimalScale={2}
            allowNegative={false}
            allowLeadingZeros={false}
            maxLength={17}
            getInputRef={inputRef}
            onPaste={(event: ClipboardEvent<HTMLInputElement>) => refuse(event.clipboardData.getData("text"), event)}
            onValueChange={(values) => {
              const number = values.floatValue ?? null;
              typed.current = { number, digits: values.value };
              field.form.setValue(field.name, number as never);
            }}
          />
        </div>
      )}
    </FormField>
  );
}

/**
 * A string of digits (routing and account numbers, codes): only digits can be typed or pasted,
 * leading zeros are kept, at most `maxDigits`. Stores the digits as a string.
 */
export function DigitsField<In extends Record<string, unknown>>({
  autoComplete = "off",
  maxDigits,
  ...props
}: MaskedProps<In, string | null | undefined> & { maxDigits: number }) {
  const mask: StringMask = {
    type: "text",
    inputMode: "numeric",
    // No maxLength: the browser would cut a pasted " 021 000 021 " before the spaces are dropped.
    format: (value) => value,
    removeFormatting: (value) => value.replace(/\D/g, "").slice(0, maxDigits),
    getCaretBoundary: (value) => Array.from({ length: value.length + 1 }, () => true),
  };
  return <StringMaskField {...props} autoComplete={autoComplete} mask={mask} />;
}
