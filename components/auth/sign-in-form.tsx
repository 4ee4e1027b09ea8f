"use client";

import { type FormEvent, useEffect, useId, useMemo, useRef } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import type { PublicConfig } from "@/lib/config/env";
import { codeDigits } from "@/lib/auth/identifier";
import type { SignInMode } from "./sign-in-messages";
import { browserSignInServices, type SignInServices } from "./sign-in-services";
import { useSignInFlow } from "./use-sign-in-flow";

export interface SignInFormProps {
  mode: SignInMode;
  /** Read by the page on the server at request time. */
  config: PublicConfig;
  /** The raw redirect query; only a safe in-app path is ever followed. */
  redirect?: string;
  /** The partner tag (?partner=), kept to the end of the flow. */
  partner?: string;
  /** Why the visitor was signed out (e.g. idle), shown above the form. */
  signedOut?: string;
  /** Tests only. */
  services?: SignInServices;
}

const input =
  "block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 aria-[invalid=true]:border-red-700 disabled:bg-gray-100";
const primary = classNames(
  "inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-70",
  focusRing,
);
const secondary = classNames(
  "min-h-11 rounded-md px-3 py-2 font-semibold text-brand underline-offset-2 hover:underline disabled:opacity-70",
  focusRing,
);

/** The query that carries the redirect target and partner tag between /login and /register. */
const submitLabel = (mode: SignInMode) => (mode === "register" ? "Sign up" : "Send my code");

function carriedQuery(redirect: string | undefined, partner: string | undefined): string {
  const params = new URLSearchParams();
  if (redirect) params.set("redirect", redirect);
  if (partner) params.set("partner", partner);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * /login and /register: one form, one code path. Register asks for an e-mail and creates the
 * account first; login takes an e-mail or a US mobile number. Both then ask for the 6-digit code.
 */
export function SignInForm({ mode, config, redirect, partner, signedOut, services: injected }: SignInFormProps) {
  const browserServices = useMemo(() => browserSignInServices(config), [config]);
  const services = injected ?? browserServices;
  const flow = useSignInFlow({ mode, config, redirect, partner, services });
  const ids = { identifier: useId(), code: useId(), error: useId(), hint: useId() };
  const identifierRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const { phase, error, pending } = flow;

  // Focus follows the flow: the field in error, or the code field when the code step opens.
  useEffect(() => {
    if (error?.field === "identifier") identifierRef.current?.focus();
    else if (error?.field === "code") codeRef.current?.select();
  }, [error]);
  useEffect(() => {
    if (phase === "code") codeRef.current?.focus();
  }, [phase]);

  const onIdentifier = (e: FormEvent) => {
    e.preventDefault();
    void flow.submitIdentifier();
  };
  const onCode = (e: FormEvent) => {
    e.preventDefault();
    void flow.submitCode();
  };

  const query = carriedQuery(redirect, partner);
  const errorBox = error && (
    <div id={ids.error} role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{error.message}</p>
    </div>
  );
  const busyField = pending !== null;

  if (phase === "finishing") {
    return (
      <section aria-labelledby="sign-in-title" className="flex flex-col gap-4">
        <h1 id="sign-in-title" className="text-2xl font-bold text-brand-dark">
          Signing you in
        </h1>
        {pending === "finish" && <p role="status">Loading your account…</p>}
        {errorBox}
        {error?.retryFinish && (
          <button type="button" className={primary} onClick={() => void flow.retryFinish()} disabled={busyField}>
            Try again
          </button>
        )}
      </section>
    );
  }

  if (phase === "code") {
    const codeInvalid = error?.field === "code";
    return (
      <section aria-labelledby="sign-in-title" className="flex flex-col gap-4">
        <h1 id="sign-in-title" className="text-2xl font-bold text-brand-dark">
          Enter your code
        </h1>
        <p id={ids.hint} className="text-gray-700">
          {mode === "register" ? (
            <>
              We sent a 6-digit code to <strong>{flow.destination}</strong>. It expires in a few minutes; only the newest code we sent
              works.
            </>
          ) : (
            // The same words whether or not an account exists: the page never says which.
            <>
              If <strong>{flow.sentTo}</strong> belongs to an account, we sent a 6-digit code to its e-mail address. It expires in a few
              minutes; only the newest code we sent works.
            </>
          )}
        </p>
        <form noValidate onSubmit={onCode} className="flex flex-col gap-4" aria-busy={pending === "verify"}>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.code} className="font-semibold">
              Verification code
            </label>
            <input
              ref={codeRef}
              id={ids.code}
              name="code"
              className={classNames(input, "tracking-widest", focusRing)}
              autoComplete="one-time-code"
              inputMode="numeric"
              // Digits only, six at most. No maxLength: the browser would cut a pasted "123 456" before the space goes.
              pattern="[0-9]*"
              value={flow.code}
              onChange={(e) => flow.setCode(codeDigits(e.target.value))}
              aria-invalid={codeInvalid}
              aria-describedby={codeInvalid ? `${ids.error} ${ids.hint}` : ids.hint}
              readOnly={busyField}
            />
          </div>
          {errorBox}
          {flow.notice && (
            <p role="status" className="text-sm text-brand-dark">
              {flow.notice}
            </p>
          )}
          <button type="submit" className={primary} disabled={busyField}>
            {pending === "verify" ? "Checking…" : "Verify"}
          </button>
        </form>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className={secondary} onClick={() => void flow.resendCode()} disabled={busyField}>
            {pending === "resend" ? "Sending…" : "Send a new code"}
          </button>
          <button type="button" className={secondary} onClick={flow.startOver} disabled={busyField}>
            {mode === "register" ? "Use a different e-mail" : "Use a different e-mail or phone"}
          </button>
        </div>
      </section>
    );
  }

  const identifierInvalid = error?.field === "identifier";
  return (
    <section aria-labelledby="sign-in-title" className="flex flex-col gap-4">
      <h1 id="sign-in-title" className="text-2xl font-bold text-brand-dark">
        {mode === "register" ? "Create your account" : "Log in"}
      </h1>
      {signedOut && (
        <p role="status" className="rounded-md border border-brand bg-brand-light/30 px-3 py-2 text-sm text-brand-dark">
          {signedOut}
        </p>
      )}
      <p id={ids.hint} className="text-gray-700">
        {mode === "register"
          ? "Enter your e-mail address. We will send you a code to sign in; no password needed."
          : "Enter the e-mail address or mobile number of your account. We will send you a code to sign in."}
      </p>
      <form noValidate onSubmit={onIdentifier} className="flex flex-col gap-4" aria-busy={pending === "send"}>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.identifier} className="font-semibold">
            {mode === "register" ? "E-mail address" : "E-mail or mobile number"}
          </label>
          <input
            ref={identifierRef}
            id={ids.identifier}
            name={mode === "register" ? "email" : "username"}
            type={mode === "register" ? "email" : "text"}
            inputMode="email"
            autoComplete={mode === "register" ? "email" : "username"}
            autoCapitalize="none"
            spellCheck={false}
            className={classNames(input, focusRing)}
            value={flow.identifier}
            onChange={(e) => flow.setIdentifier(e.target.value)}
            aria-invalid={identifierInvalid}
            aria-describedby={identifierInvalid ? `${ids.error} ${ids.hint}` : ids.hint}
            readOnly={busyField}
          />
        </div>
        {errorBox}
        <button type="submit" className={primary} disabled={busyField}>
          {pending === "send" ? "Sending your code…" : submitLabel(mode)}
        </button>
      </form>
      <p className="text-sm text-gray-700">
        {mode === "register" ? (
          <>
            Already have an account?{" "}
            <a className="font-semibold text-brand underline" href={`/login${query}`}>
              Log in
            </a>
          </>
        ) : (
          <>
            New here?{" "}
            <a className="font-semibold text-brand underline" href={`/register${query}`}>
              Create an account
            </a>
          </>
        )}
      </p>
    </section>
  );
}
