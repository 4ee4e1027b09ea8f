"use client";

import type { ActionResult } from "@/lib/actions/action-result";
import { useEffect, useRef, useState } from "react";
import { primaryButtonClass } from "@/components/forms/form";
import { REFUSAL_WORDS } from "@/lib/application/refusal-words";
import { useSubmitOnce } from "@/components/forms/use-submit-once";
import { unansweredWriteText } from "@/components/forms/submit-messages";
import { loadVendorScript } from "@/lib/browser/vendor-script";
import { logClientError } from "@/lib/browser/error-logging";

/** Argyle Link web (v5) as the app uses it; see ../shared/WIDGETS.md. */
interface ArgyleLink {
  open(): void;
  close(): void;
}
interface ArgyleGlobal {
  create(config: {
    userToken: string;
    sandbox?: boolean;
    flowId?: string;
    /** One item: Link opens directly at its sign-in (Argyle's direct login). */
    items?: string[];
    onAccountConnected?: (p: { accountId: string; userId: string; itemId: string }) => void;
    onAccountError?: (p: { accountId: string | null; userId: string; itemId: string }) => void;
    onError?: (p: { errorType: string; errorMessage: string; errorDetails: unknown }) => void;
    onClose?: () => void;
    onTokenExpired?: (update: (token: string) => void) => void;
  }): ArgyleLink;
}
declare global {
  interface Window {
    Argyle?: ArgyleGlobal;
  }
}

/** Loads the Argyle script once, on demand (only when the person asks to link payroll). */
async function loadArgyle(src: string): Promise<ArgyleGlobal> {
  if (!window.Argyle) await loadVendorScript(src);
  if (!window.Argyle) throw new Error("Argyle did not load");
  return window.Argyle;
}

export interface PayrollLinkProps {
  employerName: string;
  /** The widget script: Argyle's CDN, or the local stand-in's copy. */
  scriptUrl: string;
  directDeposit: boolean;
  /** initializeArgyle: a user token (a new one each call, for the same Argyle user) and the employer's item. */
  start: () => Promise<ActionResult<{ userToken: string; sandbox: boolean; flowId: string | null; argyleEmployerId: string | null }>>;
  finish: (argyleUserId: string) => Promise<ActionResult>;
  /**
   * Already linked (loadFrontend's appInfo.payrollLinked), and whether that link confirmed direct
   * deposit (directDepositConfirmedBy "payroll"): the page says so and offers no second link.
   */
  linked?: { directDepositConfirmed: boolean } | null;
}

type State =
  | { kind: "idle" }
  | { kind: "open" }
  /** The widget closed with an account connected: successfulArgyleUpdate is on its way (the button waits for its answer). */
  | { kind: "saving" }
  | { kind: "linked"; directDeposit: boolean }
  | { kind: "failed"; message: string };

const SAVE_FAILED_TEXT = "We could not save your payroll link. Please try again.";

/**
 * While the widget's dialog is open the page behind it is inert (issue 50: Tab stays in the
 * dialog, a screen reader's reading too, whatever the widget does itself): every element in
 * <body> before the widget adds its own. Returns the undo, which clears only what it set.
 */
function pageBehindInert(): () => void {
  const set = Array.from(document.body.children).filter((el) => !el.hasAttribute("inert") && el.tagName !== "SCRIPT");
  for (const el of set) el.setAttribute("inert", "");
  return () => {
    for (const el of set) el.removeAttribute("inert");
  };
}

/**
 * Payroll linking through Argyle: initializeArgyle, the widget, then successfulArgyleUpdate. The
 * widget opens at the chosen employer (direct login, `items`), and when its one-hour user token
 * expires mid-way (onTokenExpired) a new one is asked for and handed over, so the person goes on.
 */
export function PayrollLink({ employerName, scriptUrl, directDeposit, start, finish, linked = null }: PayrollLinkProps) {
  const [state, setState] = useState<State>(linked ? { kind: "linked", directDeposit: linked.directDepositConfirmed } : { kind: "idle" });
  // Where focus goes when the widget closes (Done, Close or Escape): back to the button that opened
  // it, or to the section's heading once linked (the button is gone then and the status says so).
  const button = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed === 0 || state.kind === "open") return;
    (button.current ?? heading.current)?.focus();
  }, [closed, state.kind]);
  const { run, pending } = useSubmitOnce(async () => {
    setState({ kind: "idle" });
    const [init, Argyle] = await Promise.all([start(), loadArgyle(scriptUrl).catch(() => null)]);
    if (!init.ok || !Argyle) {
      // A refusal by the lender's rules says why (closed, done, not yet); only a failure is "try again later".
      const ruled = !init.ok && init.reason === "refused" && init.rule;
      setState({
        kind: "failed",
        message: ruled ? REFUSAL_WORDS[ruled] : "Payroll linking is not available right now. Please try again later.",
      });
      return;
    }
    let connected: string | null = null;
    const link = Argyle.create({
      userToken: init.userToken,
      sandbox: init.sandbox,
      ...(init.flowId && !init.flowId.startsWith("flow_local") ? { flowId: init.flowId } : {}),
      ...(init.argyleEmployerId ? { items: [init.argyleEmployerId] } : {}),
      onTokenExpired: (updateToken) => {
        void start().then(
          (renewed) => {
            if (renewed.ok) updateToken(renewed.userToken);
            else logClientError("error", new Error("[payroll link] the user token could not be renewed"));
          },
          (error: unknown) => logClientError("error", error instanceof Error ? error : new Error(String(error))),
        );
      },
      onAccountConnected: ({ userId }) => {
        connected = userId;
      },
      onError: ({ errorType }) => logClientError("error", new Error(`[payroll link] widget error ${errorType}`)),
      onClose: () => {
        restorePage();
        setClosed((n) => n + 1);
        if (!connected) {
          setState({ kind: "idle" });
          return;
        }
        setState({ kind: "saving" });
        void finish(connected).then(
          (r) => {
            if (r.ok) return setState({ kind: "linked", directDeposit });
            const ruled = r.reason === "refused" && r.rule;
            setState({ kind: "failed", message: ruled ? REFUSAL_WORDS[ruled] : SAVE_FAILED_TEXT });
          },
          // No answer (the request deadline, the network): said, and the button is there to link again.
          (error: unknown) => setState({ kind: "failed", message: unansweredWriteText(error, SAVE_FAILED_TEXT) }),
        );
      },
    });
    setState({ kind: "open" });
    const restorePage = pageBehindInert();
    link.open();
  });

  return (
    <section aria-labelledby="payroll-link-title" className="flex flex-col gap-3 rounded-md border border-gray-300 bg-white p-4">
      <h2 ref={heading} id="payroll-link-title" tabIndex={-1} className="text-lg font-bold text-brand-dark focus:outline-none">
        {state.kind === "linked" ? "Your payroll account" : "Link your payroll account"}
      </h2>
      {state.kind !== "linked" && (
        <p className="text-gray-800">
          {directDeposit
            ? `Connect your ${employerName} payroll account to confirm your income and set up your loan payment by direct deposit.`
            : `Connect your ${employerName} payroll account to confirm your income faster.`}
        </p>
      )}
      {state.kind === "linked" && (
        <p role="status" className="font-semibold text-brand-dark">
          Your payroll account is linked{state.directDeposit ? " and direct deposit is confirmed" : ""}.
        </p>
      )}
      {state.kind === "saving" && <p role="status">Saving your payroll link…</p>}
      {/* Always in the page, so a failure is heard when it is said. */}
      <div role="alert" className="empty:hidden">
        {state.kind === "failed" && <p className="text-red-700">{state.message}</p>}
      </div>
      {state.kind !== "linked" && (
        <button
          ref={button}
          type="button"
          className={primaryButtonClass + " self-start"}
          disabled={pending || state.kind === "open" || state.kind === "saving"}
          onClick={() => void run()}
        >
          {pending ? "Opening…" : "Link payroll account"}
        </button>
      )}
    </section>
  );
}
