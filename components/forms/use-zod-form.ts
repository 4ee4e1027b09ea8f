"use client";

import { type FormEvent, startTransition, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { z } from "zod";
import { restoreDraft, sessionDraftStore } from "@/lib/forms/draft-store";
import { whenIdle } from "@/lib/browser/when-idle";
import { type FieldErrors, issuesByField } from "@/lib/forms/validation";
import { PAGE_LOAD_FAILED_TEXT } from "@/components/app-shell/page-load-messages";
import { afterPress, isPressable } from "./after-press";
import type { SchemaSource } from "./lazy-schema";
import { deadlineCutText, OFFLINE_AT_SUBMIT_TEXT, SEND_FAILED_TEXT } from "./submit-messages";
import { useSubmissionKeys, useSubmitOnce } from "./use-submit-once";

/**
 * The form state behind every form of the shell: values as the fields hold them, errors computed
 * from the form's zod schema (the same schema the call is checked with on the server), and one
 * submit at a time.
 *
 * - A field's error shows once the person changed the field and left it (blur), or a submit was tried,
 *   and it follows the value from then on: it changes as the person types and disappears as soon as
 *   the field is valid. Focus passing through a field (Tab to explore) never shows its error (issue
 *   50; GOV.UK: errors after leaving a field or after submit).
 *   A blur caused by pressing a button shows its error after that button's click (after-press.ts),
 *   so the error's line cannot move Continue away from under the pointer and eat the submit.
 * - An error set from the server's answer (setFieldError) shows until that field changes.
 * - Submitting validates everything and only then calls onSubmit with the parsed (wire) values. A
 *   submit that ends with an error shown — the schema's, the server's under a field, or a form-level
 *   message — counts a failed submit (`failedSubmits`): the Form then moves focus to its error summary
 *   at the top (GOV.UK's error summary), or to the form-level message when no field is in error.
 *   A double submit sends one request; `pending` says one is running.
 * - With `draft`, what is typed is kept in session storage (never the `omit` fields) and laid over
 *   the initial values after a reload; `clearDraft` (after a successful submit) forgets it. It is
 *   written when the browser is idle (at once when the page is hidden or the form goes away).
 * - The schema comes from a SchemaSource (lazy-schema.ts): it loads on the form's first use (`inUse`:
 *   focus entering it or already inside, a touch on it, a value changing; after the touch's lift and
 *   the next paint, so its long task never holds the press's own answer), and a submit waits for
 *   it. Errors are computed once it is there; no error shows before a field is left, which needs
 *   focus first, so nobody sees the difference. What else only a form in use needs (the address
 *   fields' Maps library) reads `inUse` too.
 * - Offline at submit (navigator.onLine false, or the action's fetch failing with a network error
 *   while offline): nothing is sent and nothing typed is lost; the form says so and sends itself
 *   when the browser is back online. A network failure while online says to try again (the
 *   button is enabled again). The button is disabled while a write is in flight (SubmitButton).
 * - A submit cut by the server's request deadline says so with the request id as its reference; the
 *   button is enabled again, and a retry of the same values carries the same idempotency key.
 */

/** What a form holds while being filled: every field present, possibly empty (null). */
export type Draft<T> = { [K in keyof T]-?: T[K] | null };

export interface SubmitHelpers<In> {
  setFieldError: (name: keyof In & string, message: string) => void;
  setFormError: (message: string | null) => void;
  /** Forgets the form's kept draft (call it once the submission was accepted). */
  clearDraft: () => void;
  /** This submission's idempotency key, for the action to pass on (the same on a resend of the same values). */
  idempotencyKey: string;
}

export interface DraftOptions<In> {
  /** Unique per form and user, e.g. `personal-details:${username}`. */
  key: string;
  /** Fields never written to the browser's storage (the SSN). */
  omit?: readonly (keyof In & string)[];
}

export interface UseZodFormOptions<S extends z.ZodType<unknown, Record<string, unknown>>> {
  schema: SchemaSource<S>;
  initialValues: Draft<z.input<S>>;
  onSubmit: (values: z.output<S>, helpers: SubmitHelpers<z.input<S>>) => Promise<void> | void;
  /** Keep a draft of this form across reloads (long forms). */
  draft?: DraftOptions<z.input<S>>;
}

export interface FormApi<In extends Record<string, unknown>> {
  values: Draft<In>;
  setValue: <K extends keyof In & string>(name: K, value: Draft<In>[K]) => void;
  /** The error to show under a field now, if any. */
  errorFor: (name: keyof In & string) => string | undefined;
  /** The fields showing an error now, in the order of `initialValues`, with their messages. */
  shownErrors: () => { name: keyof In & string; message: string }[];
  /** How many submits ended with an error shown; each one moves focus to the error summary. */
  failedSubmits: number;
  /**
   * The field was left: when its value was changed, its errors show from now on (a field only passed
   * through stays quiet). Pass the blur's relatedTarget (where focus went): when that is a button or
   * link, the error waits for its click.
   */
  touch: (name: keyof In & string, focusedNext?: EventTarget | null) => void;
  handleSubmit: (event?: FormEvent) => Promise<void>;
  pending: boolean;
  /** A message about the whole form (e.g. "we could not save"), shown above the submit button. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  setFieldError: (name: keyof In & string, message: string) => void;
  /** Replaces every value (e.g. when the saved data arrives) and forgets visits and errors. */
  reset: (values: Draft<In>) => void;
  /** True when the values shown came from a draft kept in this tab (the form may say so). */
  restoredDraft: boolean;
  /** Set by the Form component; the first field in error is focused from it. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /**
   * True from the form's first use: focus entering it (or already inside when it mounts), a touch
   * anywhere on it, a value changing or a field left. A visit that only looks never sets it.
   */
  inUse: boolean;
}

export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(options: UseZodFormOptions<S>): FormApi<z.input<S>> {
  type In = z.input<S>;
  type Name = keyof In & string;
  const { schema: source, draft } = options;
  const [values, setValues] = useState<Draft<In>>(options.initialValues);
  const [restoredDraft, setRestoredDraft] = useState(false);
  const [visited, setVisited] = useState<Partial<Record<Name, true>>>({});
  // The fields whose value changed since the last reset: only these count as visited when left.
  const changed = useRef<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);
  // Set when onSubmit reports a problem (a field's or the form's), read once it has returned.
  const reported = useRef(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const onSubmit = useRef(options.onSubmit);
  onSubmit.current = options.onSubmit;

  // The schema, once loaded; `loadedNow` re-renders when it arrives.
  const [, loadedNow] = useReducer((n: number) => n + 1, 0);
  const schema = source.loaded;
  const schemaWanted = useRef(false);
  const needSchema = useCallback((): Promise<S> => {
    schemaWanted.current = true;
    if (source.loaded) return Promise.resolve(source.loaded);
    return source.load().then((loaded) => {
      loadedNow();
      return loaded;
    });
  }, [source]);
  // The form's first use. Wanted early, a schema that fails to load is only reported (the
  // chunk-load popup); a submit tries again.
  const [inUse, setInUse] = useState(false);
  const prepare = useCallback(() => {
    setInUse(true);
    void needSchema().catch(() => undefined);
  }, [needSchema]);
  useEffect(() => {
    // A source that changed (its rules follow a prop) loads at once when the form was already in use.
    if (schemaWanted.current) prepare();
  }, [prepare]);
  useEffect(() => {
    const form = formRef.current;
    if (!form || inUse) return;
    if (form.contains(document.activeElement)) return prepare();
    // A touch counts too: on a phone a tap on a label or between fields is the start of filling in.
    // Loading is one long task on a phone (the schema's script, the Maps library): it starts once
    // the press that began the use has been answered and painted, never between a finger's
    // pointerdown and its lift, where it held the lift's click 120 ms at 4× CPU (issue 52).
    let pressed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    const afterPaint = () => {
      if (frame !== undefined || timer !== undefined) return;
      frame = requestAnimationFrame(() => (timer = setTimeout(prepare, 0)));
    };
    const onPointerDown = () => (pressed = true);
    const onPointerUp = () => pressed && afterPaint();
    const onFocusIn = () => !pressed && afterPaint();
    form.addEventListener("pointerdown", onPointerDown);
    form.addEventListener("focusin", onFocusIn);
    // The lift may land outside the form (a finger that slid); a cancelled press ends it too.
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("pointercancel", onPointerUp);
    return () => {
      form.removeEventListener("pointerdown", onPointerDown);
      form.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerup", onPointerUp);
      document.removeEventListener("pointercancel", onPointerUp);
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [inUse, prepare]);

  const schemaErrors = useMemo(() => {
    if (!schema) return {};
    const result = schema.safeParse(values);
    return result.success ? {} : issuesByField(result.error);
  }, [schema, values]);

  const setValue = useCallback(
    <K extends Name>(name: K, value: Draft<In>[K]) => {
      prepare();
      setValues((current) => {
        if (Object.is(current[name], value)) return current;
        changed.current.add(name); // a control that re-reports its value on focus or blur changes nothing
        return { ...current, [name]: value };
      });
      setServerErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _dropped, ...rest } = current;
        return rest;
      });
    },
    [prepare],
  );

  const touch = useCallback(
    (name: Name, focusedNext?: EventTarget | null) => {
      prepare();
      if (!changed.current.has(name)) return;
      afterPress(() => setVisited((v) => (v[name] ? v : { ...v, [name]: true })), isPressable(focusedNext));
    },
    [prepare],
  );

  // The draft: read once after hydration (the server cannot see it, so the first render is the
  // saved values on both sides), then written on every change until cleared.
  const draftKey = draft?.key;
  const omit = useRef<readonly string[]>(draft?.omit ?? []);
  const draftState = useRef<"reading" | "keeping" | "cleared">("reading");
  const initialValues = useRef(options.initialValues);
  useEffect(() => {
    if (!draftKey) return;
    const restored = restoreDraft(initialValues.current, sessionDraftStore().load(draftKey), omit.current);
    draftState.current = "keeping";
    if (restored) {
      setValues(restored);
      setRestoredDraft(true);
    }
  }, [draftKey]);
  // Written when the main thread is idle, not in the keystroke's own frame (a storage write on every
  // keystroke is work between the input and its paint: issue 52); a newer value replaces a write not
  // yet made. A page hidden or left, or a form going away, writes at once what is still pending.
  const pendingDraft = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!draftKey || draftState.current !== "keeping" || values === initialValues.current) return;
    const write = () => {
      pendingDraft.current = null;
      if (draftState.current === "keeping") sessionDraftStore().save(draftKey, values, omit.current);
    };
    const cancel = whenIdle(write, DRAFT_WRITE_WITHIN_MS);
    pendingDraft.current = () => {
      cancel();
      write();
    };
    return cancel;
  }, [draftKey, values]);
  useEffect(() => {
    const flush = () => pendingDraft.current?.();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);
  const clearDraft = useCallback(() => {
    if (!draftKey) return;
    draftState.current = "cleared";
    sessionDraftStore().clear(draftKey);
  }, [draftKey]);

  const errorFor = (name: Name) => serverErrors[name] ?? (submitted || visited[name] ? schemaErrors[name] : undefined);

  const fieldOrder = useRef(Object.keys(options.initialValues) as Name[]);
  const shownErrors = () =>
    fieldOrder.current.flatMap((name) => {
      const message = errorFor(name);
      return message ? [{ name, message }] : [];
    });

  const setFieldError = useCallback((name: Name, message: string) => {
    reported.current = true;
    setServerErrors((e) => ({ ...e, [name]: message }));
  }, []);
  const reportFormError = useCallback((message: string | null) => {
    if (message) reported.current = true;
    setFormError(message);
  }, []);

  // Offline at submit: one resend when the browser is back online, with what is typed by then.
  const latestValues = useRef(values);
  latestValues.current = values;
  const resendWhenOnline = useRef<(() => void) | null>(null);
  const rerun = useRef<((values: Draft<In>) => Promise<void>) | null>(null);
  useEffect(() => () => resendWhenOnline.current?.(), []);
  const waitForOnline = useCallback(
    (resend: () => void) => {
      reportFormError(OFFLINE_AT_SUBMIT_TEXT);
      if (resendWhenOnline.current) return;
      const onOnline = () => {
        resendWhenOnline.current?.();
        resend();
      };
      window.addEventListener("online", onOnline);
      resendWhenOnline.current = () => {
        window.removeEventListener("online", onOnline);
        resendWhenOnline.current = null;
      };
    },
    [reportFormError],
  );

  const keys = useSubmissionKeys();
  const { run, pending } = useSubmitOnce(async (current: Draft<In>): Promise<void> => {
    setFormError(null);
    reported.current = false;
    // Whatever went wrong is said once, where focus goes (the Form's error summary).
    const failed = () => setFailedSubmits((n) => n + 1);
    let checked: S;
    try {
      checked = await needSchema();
    } catch {
      reportFormError(PAGE_LOAD_FAILED_TEXT);
      return failed();
    }
    const result = checked.safeParse(current);
    if (!result.success) return failed();
    const resend = () => void rerun.current?.(latestValues.current);
    if (isOffline()) {
      waitForOnline(resend);
      return failed();
    }
    try {
      await onSubmit.current(result.data, {
        setFieldError,
        setFormError: reportFormError,
        clearDraft,
        idempotencyKey: keys.keyFor(result.data),
      });
    } catch (error) {
      // Cut by the server's request deadline: said with its request id as the reference (deadline-answer.ts).
      const cut = deadlineCutText(error);
      if (cut) return setFormError(cut);
      // A server action's fetch that never reached the server rejects with a TypeError.
      if (!(error instanceof TypeError)) throw error;
      if (isOffline()) waitForOnline(resend);
      else reportFormError(SEND_FAILED_TEXT);
    }
    if (reported.current) failed();
  });

  rerun.current = run;

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      // Values the loaded schema refuses send nothing: every field's error, the summary and the
      // focus on it are one render, as a transition (issue 52), so the press paints at once and a
      // long form's re-render yields to the browser instead of holding that frame.
      // (schemaErrors is this render's parse of these values, empty until the schema has loaded.)
      if (Object.keys(schemaErrors).length > 0) {
        startTransition(() => {
          setSubmitted(true);
          setFormError(null);
          setFailedSubmits((n) => n + 1);
        });
        return;
      }
      setSubmitted(true);
      await run(values);
    },
    [run, schemaErrors, values],
  );

  const reset = useCallback((next: Draft<In>) => {
    setValues(next);
    changed.current = new Set();
    setVisited({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }, []);

  return {
    values,
    setValue,
    errorFor,
    shownErrors,
    failedSubmits,
    touch,
    handleSubmit,
    pending,
    formError,
    setFormError,
    setFieldError,
    reset,
    restoredDraft,
    formRef,
    inUse,
  };
}

/** A draft's write waits for an idle moment at most this long. */
const DRAFT_WRITE_WITHIN_MS = 1000;

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;
