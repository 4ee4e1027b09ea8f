"use client";

import { type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { ButtonLink } from "@/components/ui/button-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { refreshClaims as reloadClaims } from "@/lib/auth/refresh-claims";
import { REFUSAL_KIND, type RefusalCode } from "@/lib/application/refusal-codes";
import { REFUSAL_NEXT, REFUSAL_WORDS } from "@/lib/application/refusal-words";
import type { FailureReason } from "@/lib/actions/action-result";
import type { SignedCopyResult, SigningUrlResult } from "../actions";
import { SignedCopy } from "./signed-copy";
import { createHelloSignClient, type EmbeddedClient, type EmbeddedClientFactory } from "./hellosign-client";
import { logClientError } from "@/lib/browser/error-logging";
import { canStillOpen } from "@/lib/esign/sign-url";

/** How long the signing window may take to load before the person is told it could not (the provider's default is 30 s). */
export const SIGNING_LOAD_TIMEOUT_MS = 15_000;

/** What each way of not finishing says: closed by the person, never loaded, or failed inside. */
const FAILED_BODY = {
  exit: "The signing window was closed before the contract was signed. Your contract is not signed yet.",
  load: "The signing window could not load. Your contract is not signed yet. Check your connection, then try again.",
  error: "Something went wrong while signing. Your contract is not signed yet.",
} as const;

export type SigningState =
  /** A URL to open, minted at `mintedAt` (ms since the epoch); the contract opens when the reader asks. */
  | { kind: "unopened"; url: string; mintedAt: number }
  | { kind: "loading" }
  | { kind: "signing"; url: string; ready: boolean }
  | { kind: "recording" }
  | { kind: "signed"; claimsRefreshed: boolean }
  /** A signing exit (SPEC 8: "Signing exit gives fail"): cancelled, closed, declined or an error. */
  | { kind: "failed"; cause: "exit" | "error" | "load" }
  | { kind: "problem"; reason: FailureReason; rule?: RefusalCode };

export interface SigningFlowProps {
  signatureId: string;
  clientId: string;
  /** The provider's test mode (skips domain verification): everywhere but production. */
  testMode: boolean;
  /** The server action that calls counters(signature_id) with the user's token. */
  requestUrl: (signatureId: string) => Promise<SigningUrlResult>;
  /**
   * The page's own answer to that call, asked for while the server rendered it: a contract that
   * cannot be signed is explained in the first paint, and one that can opens without a round trip
   * while its URL is fresh. Later opens ask requestUrl (the provider's URLs are one-time and expire).
   */
  initial: SigningUrlResult;
  /** The server action that looks for the signed copy in the user's documents (loadFrontend). */
  requestCopy: (signatureId: string) => Promise<SignedCopyResult>;
  /** For a contract already signed on arrival: the page's own look for the copy, asked while it rendered. */
  initialCopy?: SignedCopyResult;
  /** The loan is already funded (an old signing link): the copy's whereabouts say so. */
  funded?: boolean;
  /** Tests pass a fake embedded client; the app uses hellosign-embedded. */
  createClient?: EmbeddedClientFactory;
  /** Tests pass their own; the app reloads the claims (lib/auth/refresh-claims). */
  refreshClaims?: () => Promise<boolean>;
}

const stateFor = (result: SigningUrlResult): SigningState =>
  result.ok
    ? { kind: "signing", url: result.url, ready: false }
    : { kind: "problem", reason: result.reason, ...(result.rule ? { rule: result.rule } : {}) };

const OUTCOMES: readonly SigningState["kind"][] = ["signed", "failed", "problem"];

/** Reloads the user's data so the guards see the signed contract; one more try after a network or API failure. */
export async function postClaimsRefresh(): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await reloadClaims();
    if (result.ok) return true;
    if (result.reason === "signed-out") return false;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

/** The reasons the page explains; any other (the API failed or refused, or signing is not configured) is UNAVAILABLE, with a retry. */
const PROBLEM_COPY: Partial<Record<FailureReason, { title: string; body: string }>> = {
  "not-found": {
    title: "We couldn't find this contract",
    body: "The signing link doesn't match a contract waiting for your signature. Open the link on your dashboard again.",
  },
  conflict: {
    title: "Your contract is already signed",
    body: "There is nothing left to sign. Your dashboard shows your loan and what happens next.",
  },
  "signed-out": {
    title: "Please sign in again",
    body: "Your session has ended. Sign in and open the signing link on your dashboard again.",
  },
};
const UNAVAILABLE = {
  title: "Signing isn't available right now",
  body: "We couldn't prepare your contract. Please try again in a moment.",
};

const secondaryButton = classNames(
  "inline-flex min-h-11 items-center justify-center rounded-md border border-brand bg-white px-5 py-2 text-sm font-semibold text-brand hover:bg-brand-light",
  focusRing,
);
const primaryButton = classNames(
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 py-2 text-sm font-semibold text-white hover:bg-brand-dark",
  focusRing,
);

/**
 * dashboard-sign's client island: when the reader asks, opens a signing URL with the e-signature
 * provider's embedded client inside the page, and turns the client's events into the page's states.
 * The client is not loaded before the press: its code is one long task (issue 24), and the provider
 * asks for the URL to be used when the reader is ready to sign.
 */
export function SigningFlow({
  signatureId,
  clientId,
  testMode,
  requestUrl,
  initial,
  requestCopy,
  initialCopy,
  funded = false,
  createClient = createHelloSignClient,
  refreshClaims = postClaimsRefresh,
}: SigningFlowProps) {
  const [state, setState] = useState<SigningState>(() =>
    initial.ok ? { kind: "unopened", url: initial.url, mintedAt: Date.now() } : stateFor(initial),
  );
  const [attempt, setAttempt] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  // What the focus moves to when the state changes: the state's heading, or its status line.
  const focusTarget = useRef<HTMLElement | null>(null);
  const focusHere = useCallback((element: HTMLElement | null) => {
    focusTarget.current = element;
  }, []);

  // 1. A fresh URL on every later open and retry (the provider's URLs are one-time and expire).
  useEffect(() => {
    if (attempt === 0) return;
    let stale = false;
    requestUrl(signatureId).then(
      (result) => {
        if (!stale) setState(stateFor(result));
      },
      () => {
        if (!stale) setState({ kind: "problem", reason: "failed" });
      },
    );
    return () => {
      stale = true;
    };
  }, [signatureId, requestUrl, attempt]);

  // 2. The embedded client, for as long as a URL is being signed.
  const signingUrl = state.kind === "signing" ? state.url : null;
  useEffect(() => {
    if (!signingUrl) return;
    let disposed = false;
    let settled = false;
    let client: EmbeddedClient | undefined;
    const settle = (next: () => void) => {
      if (settled || disposed) return;
      settled = true;
      next();
    };
    const fail = (cause: "exit" | "error" | "load") => settle(() => setState({ kind: "failed", cause }));
    // Only a window that loaded can be closed by the person: a close before "ready" is the
    // provider giving up on a frame that never loaded (its own timeout), and is said as such.
    let ready = false;

    createClient({ clientId })
      .then((c) => {
        if (disposed) return;
        client = c;
        c.on("ready", () => {
          ready = true;
          if (!settled && !disposed) setState((s) => (s.kind === "signing" ? { ...s, ready: true } : s));
        });
        c.on("sign", () => settle(() => setState({ kind: "recording" })));
        c.on("cancel", () => fail("exit"));
        c.on("decline", () => fail("exit"));
        c.on("error", () => fail("error"));
        // Closed before signing: a signing exit; before the window loaded: it never loaded.
        c.on("close", () => fail(ready ? "exit" : "load"));
        const container = containerRef.current;
        if (!container) return fail("error");
        c.open(signingUrl, { container, allowCancel: true, testMode, skipDomainVerification: testMode, timeout: SIGNING_LOAD_TIMEOUT_MS });
        // The client leaves its iframe unnamed; assistive technology needs a name for it.
        c.iFrame?.setAttribute("title", "Loan contract to sign");
      })
      .catch((error: unknown) => {
        logClientError("error", error);
        fail("error");
      });

    return () => {
      disposed = true;
      if (client) {
        for (const event of ["ready", "sign", "cancel", "decline", "error", "close"] as const) client.off(event);
        if (client.isOpen) client.close();
      }
    };
  }, [signingUrl, clientId, testMode, createClient]);

  // 3. Signed: refresh the claims so the guards treat the user as signed, then say so.
  const recording = state.kind === "recording";
  useEffect(() => {
    if (!recording) return;
    let stale = false;
    void refreshClaims()
      .catch(() => false)
      .then((claimsRefreshed) => {
        if (!stale) setState({ kind: "signed", claimsRefreshed });
      });
    return () => {
      stale = true;
    };
  }, [recording, refreshClaims]);

  // Each new state takes the focus to its heading (or status), so screen readers announce it and
  // keyboard users go on from there, not from the top of the page when the button they pressed is
  // gone. On arrival only an outcome takes it.
  const kind = state.kind;
  const arriving = useRef(true);
  useEffect(() => {
    const first = arriving.current;
    arriving.current = false;
    if (first && !OUTCOMES.includes(kind)) return;
    focusTarget.current?.focus();
  }, [kind]);

  const retry = useCallback(() => {
    setState({ kind: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  const open = useCallback(() => {
    if (state.kind !== "unopened") return;
    if (canStillOpen(state.mintedAt, Date.now())) setState({ kind: "signing", url: state.url, ready: false });
    else retry();
  }, [state, retry]);
  const preload = createClient.preload;

  switch (state.kind) {
    case "unopened":
      return (
        <section aria-labelledby="signing-title" data-signing-state="unopened" className="flex flex-col items-start gap-3">
          <h2 id="signing-title" className={HEADING_CLASS}>
            Review and sign
          </h2>
          <p className="text-gray-700">Open the contract to read it in full, type your name and sign. You can cancel at any time.</p>
          <button type="button" onClick={open} onPointerEnter={preload} onPointerDown={preload} onFocus={preload} className={primaryButton}>
            Open your contract
          </button>
        </section>
      );
    case "loading":
    case "recording":
      return (
        <div
          ref={focusHere}
          tabIndex={-1}
          role="status"
          data-signing-state={state.kind}
          className="flex items-center gap-3 rounded-md border border-gray-200 bg-white p-6 text-gray-700 focus:outline-none"
        >
          <span
            aria-hidden="true"
            className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none"
          />
          {state.kind === "loading" ? "Preparing your contract…" : "Recording your signature…"}
        </div>
      );
    case "signing":
      return (
        <section aria-labelledby="signing-title" data-signing-state="signing" className="flex flex-col gap-3">
          <h2 id="signing-title" ref={focusHere} tabIndex={-1} className={HEADING_CLASS}>
            Review and sign
          </h2>
          <p className="text-gray-700">Read the contract below, type your name and sign. You can cancel at any time.</p>
          <p role="status" className="text-sm text-gray-700">
            {state.ready ? "Your contract is ready to sign." : "Opening your contract…"}
          </p>
          <div
            ref={containerRef}
            data-testid="signing-frame"
            // On a phone the frame is tall enough for the whole form: the page scrolls as one, no
            // box with its own scroll below the fold (issue 14).
            className="h-[40rem] max-h-[80dvh] min-h-[26rem] w-full overflow-hidden rounded-md border border-gray-300 bg-gray-50 max-tablet:h-[64rem] max-tablet:max-h-none"
          />
        </section>
      );
    case "signed":
      return (
        <OutcomePanel
          name="signed"
          signingState="signed"
          tone="border-brand bg-brand-light"
          title="Your contract is signed"
          headingRef={focusHere}
          body={
            <>
              Thank you. We have your signature and will let you know when your loan is funded.
              {!state.claimsRefreshed && " Your dashboard may take a moment to show it."}
            </>
          }
        >
          <SignedCopy signatureId={signatureId} requestCopy={requestCopy} />
          <ButtonLink href="/dashboard" className="min-h-11 px-5">
            Go to your dashboard
          </ButtonLink>
        </OutcomePanel>
      );
    case "failed":
      return (
        <OutcomePanel
          name="failed"
          signingState="failed"
          tone="border-red-300 bg-red-50"
          title="Signing was not completed"
          headingRef={focusHere}
          body={FAILED_BODY[state.cause]}
        >
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={retry} className={primaryButton}>
              Try signing again
            </button>
            <AppLink href="/dashboard" className={secondaryButton}>
              Back to dashboard
            </AppLink>
          </div>
        </OutcomePanel>
      );
    case "problem": {
      if (state.rule && state.reason !== "conflict") return <RuleRefusal rule={state.rule} focusHere={focusHere} />;
      const explained = PROBLEM_COPY[state.reason];
      const copy = explained ?? UNAVAILABLE;
      return (
        <OutcomePanel
          name="problem"
          signingState={`problem-${state.reason}`}
          tone="border-gray-300 bg-white"
          title={copy.title}
          headingRef={focusHere}
          body={copy.body}
        >
          {state.reason === "conflict" && (
            <SignedCopy signatureId={signatureId} requestCopy={requestCopy} initial={initialCopy} funded={funded} />
          )}
          <div className="flex flex-wrap gap-3">
            {!explained && (
              <button type="button" onClick={retry} className={primaryButton}>
                Try again
              </button>
            )}
            {state.reason === "signed-out" ? (
              <AppLink href={`/login?redirect=${encodeURIComponent(`/dashboard?counters=${signatureId}`)}`} className={primaryButton}>
                Sign in
              </AppLink>
            ) : (
              <AppLink href="/dashboard" className={explained ? primaryButton : secondaryButton}>
                Back to dashboard
              </AppLink>
            )}
          </div>
        </OutcomePanel>
      );
    }
  }
}

/** Refused by the lender's rules: what to do first (accept the offer, set up direct deposit) or why it is closed; no "try again". */
function RuleRefusal({ rule, focusHere }: { rule: RefusalCode; focusHere: (element: HTMLElement | null) => void }) {
  const next = REFUSAL_NEXT[rule] ?? REFUSAL_NEXT.APPLICATION_CLOSED!;
  return (
    <OutcomePanel
      name="problem"
      signingState={`refused-${rule}`}
      tone="border-gray-300 bg-white"
      title={REFUSAL_KIND[rule] === "needsFirst" ? "One step before signing" : "This contract can't be signed"}
      headingRef={focusHere}
      body={REFUSAL_WORDS[rule]}
    >
      <div className="flex flex-wrap gap-3">
        <AppLink href={next.href} className={primaryButton}>
          {next.label}
        </AppLink>
      </div>
    </OutcomePanel>
  );
}

const HEADING_CLASS = "text-xl font-bold text-brand-dark focus:outline-none sm:text-2xl";

/** An outcome's panel: its heading takes the focus when the outcome arrives (SigningFlow's effect), its actions follow the text. */
function OutcomePanel({
  name,
  signingState,
  tone,
  title,
  headingRef,
  body,
  children,
}: {
  name: string;
  signingState: string;
  /** Border and background classes. */
  tone: string;
  title: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  body: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${name}-title`}
      data-signing-state={signingState}
      className={`flex flex-col items-start gap-4 rounded-md border ${tone} p-6`}
    >
      <h2 id={`${name}-title`} ref={headingRef} tabIndex={-1} className={HEADING_CLASS}>
        {title}
      </h2>
      <p className="text-gray-800">{body}</p>
      {children}
    </section>
  );
}
