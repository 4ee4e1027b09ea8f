"use client";

import { type FormEvent, useCallback, useMemo, useRef, useState } from "react";
import type { z } from "@/lib/forms/zod";
import { type FieldErrors, issuesByField } from "@/lib/forms/validation";
import { useSubmitOnce } from "./use-submit-once";

/**
 * The form state behind every form of the shell: values as the fields hold them, errors computed
 * from the form's zod schema (the same schema the call is checked with on the server), and one
 * submit at a time.
 *
 * - A field's error shows once the field was left (blur) or a submit was tried, and it follows the
 *   value from then on: it changes as the person types and disappears as soon as the field is valid.
 * - An error set from the server's answer (setFieldError) shows until that field changes.
 * - Submitting validates everything, focuses the first field in error and only then calls onSubmit
 *   with the parsed (wire) values. A double submit sends one request; `pending` says one is running.
 */

/** What a form holds while being filled: every field present, possibly empty (null). */
export type Draft<T> = { [K in keyof T]-?: T[K] | null };

export interface SubmitHelpers<In> {
  setFieldError: (name: keyof In & string, message: string) => void;
  setFormError: (message: string | null) => void;
}

export interface UseZodFormOptions<S extends z.ZodType<unknown, Record<string, unknown>>> {
  schema: S;
  initialValues: Draft<z.input<S>>;
  onSubmit: (values: z.output<S>, helpers: SubmitHelpers<z.input<S>>) => Promise<void> | void;
}

export interface FormApi<In extends Record<string, unknown>> {
  values: Draft<In>;
  setValue: <K extends keyof In & string>(name: K, value: Draft<In>[K]) => void;
  /** The error to show under a field now, if any. */
  errorFor: (name: keyof In & string) => string | undefined;
  /** Marks a field as visited: its errors show from now on. */
  touch: (name: keyof In & string) => void;
  handleSubmit: (event?: FormEvent) => Promise<void>;
  pending: boolean;
  /** A message about the whole form (e.g. "we could not save"), shown above the submit button. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  setFieldError: (name: keyof In & string, message: string) => void;
  /** Replaces every value (e.g. when the saved data arrives) and forgets visits and errors. */
  reset: (values: Draft<In>) => void;
  /** Set by the Form component; the first field in error is focused from it. */
  formRef: React.RefObject<HTMLFormElement | null>;
}

export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(options: UseZodFormOptions<S>): FormApi<z.input<S>> {
  type In = z.input<S>;
  type Name = keyof In & string;
  const { schema } = options;
  const [values, setValues] = useState<Draft<In>>(options.initialValues);
  const [visited, setVisited] = useState<Partial<Record<Name, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const onSubmit = useRef(options.onSubmit);
  onSubmit.current = options.onSubmit;

  const schemaErrors = useMemo(() => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesByField(result.error);
  }, [schema, values]);

  const setValue = useCallback(<K extends Name>(name: K, value: Draft<In>[K]) => {
    setValues((current) => (Object.is(current[name], value) ? current : { ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  const touch = useCallback((name: Name) => setVisited((v) => (v[name] ? v : { ...v, [name]: true })), []);

  const errorFor = (name: Name) => serverErrors[name] ?? (submitted || visited[name] ? schemaErrors[name] : undefined);

  const setFieldError = useCallback((name: Name, message: string) => setServerErrors((e) => ({ ...e, [name]: message })), []);

  const { run, pending } = useSubmitOnce(async (current: Draft<In>) => {
    setFormError(null);
    const result = schema.safeParse(current);
    if (!result.success) {
      focusFirstInvalid(formRef.current, Object.keys(issuesByField(result.error)));
      return;
    }
    await onSubmit.current(result.data, { setFieldError, setFormError });
  });

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      await run(values);
    },
    [run, values],
  );

  const reset = useCallback((next: Draft<In>) => {
    setValues(next);
    setVisited({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }, []);

  return { values, setValue, errorFor, touch, handleSubmit, pending, formError, setFormError, setFieldError, reset, formRef };
}

/** Focuses the first control, in document order, whose name is in error. */
function focusFirstInvalid(form: HTMLFormElement | null, names: string[]) {
  if (!form || names.length === 0) return;
  const wanted = new Set(names);
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && wanted.has(name) && typeof (element as HTMLElement).focus === "function") {
      (element as HTMLElement).focus();
      return;
    }
  }
}
