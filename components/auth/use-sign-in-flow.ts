"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { AUTH_MESSAGES, AuthFlowError, toAuthFlowError } from "@/lib/auth/auth-errors";
import { normalizeCode, parseEmail, parseIdentifier } from "@/lib/auth/identifier";
import { returnTarget, signInTarget } from "@/lib/auth/redirect-target";
import type { PublicConfig } from "@/lib/config/env";
import { clearPendingSignIn, loadPendingSignIn, savePendingSignIn, type PendingSignIn } from "./pending-sign-in";
import {
  CODE_INVALID,
  CODE_RESENT,
  CODE_RESENT_AFTER_RELOAD,
  CODE_SENT_AGAIN,
  FINISH_FAILED,
  FINISH_SIGNED_OUT,
  identifierError,
  wrongCode,
  type SignInMode,
} from "./sign-in-messages";
import type { SignInServices } from "./sign-in-services";

/** The custom challenge allows three answers (the identity service enforces it; this only counts for the message). */
export const MAX_CODE_TRIES = 3;

export type Phase = "identify" | "code" | "finishing";
type CodeResultOrEnd = Awaited<ReturnType<SignInServices["answerCode"]>> | "end";
export type Pending = "send" | "verify" | "resend" | "finish" | null;

export interface FlowError {
  message: string;
  /** Which field the error is about, for aria-describedby and focus. */
  field: "identifier" | "code" | null;
  /** Offer to load again (the account loaded badly after the code was accepted). */
  retryFinish?: boolean;
}

export interface SignInFlowOptions {
  mode: SignInMode;
  config: PublicConfig;
  redirect?: string;
  partner?: string;
  services: SignInServices;
}

/**
 * The one sign-in flow behind /login and /register: identify (register signs up first), answer
 * the code, then load the account (claims cookie) and go to the target. What was typed is never
 * cleared by an error; the partner tag and the redirect target ride along to the end. The sign-in
 * waiting for its code is kept in the tab (./pending-sign-in): a reload comes back to the code
 * screen with a fresh code, and says so (issue 49).
 */
export function useSignInFlow({ mode, config, redirect, partner, services }: SignInFlowOptions) {
  const [phase, setPhase] = useState<Phase>("identify");
  const [identifier, setIdentifier] = useState("");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<FlowError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | undefined>();
  const [wrongTries, setWrongTries] = useState(0);
  /** The normalised identifier the code was sent for. */
  const sentFor = useRef<string>("");
  /** A new account was created in this flow (partner origin is recorded only for those). */
  const createdAccount = useRef(false);
  /** A new account whose registration the lender has not been told of yet (justRegistered, once). */
  const announceRegistration = useRef(false);
  /**
   * The identity provider said there is no such account (a pool without "prevent user existence
   * errors"). The page does not say so: it asks for the code as for an account, and every code is
   * wrong, exactly as for an account, so the page never reveals whether an account exists.
   */
  const noAccount = useRef(false);
  const busy = useRef(false);

  const target = signInTarget(redirect, partner);

  /** Keeps the sign-in waiting for its code in this tab (never the code). */
  const keepPending = (typedIdentifier: string) =>
    savePendingSignIn({
      mode,
      identifier: typedIdentifier,
      sentFor: sentFor.current,
      createdAccount: createdAccount.current,
      announceRegistration: announceRegistration.current,
      sentAt: Date.now(),
    });

  const finish = useCallback(async () => {
    setPhase("finishing");
    setPending("finish");
    setError(null);
    if (announceRegistration.current) {
      try {
        const token = await services.currentUserIdToken();
        // The route the person arrived for (the safe redirect target, or the dashboard), without the partner tag.
        if (token) {
          await services.justRegistered(config.graphql.url, token, returnTarget(redirect));
          announceRegistration.current = false;
        }
      } catch (e) {
        services.logError("justRegistered", e);
      }
    }
    if (createdAccount.current && partner) {
      try {
        const token = await services.currentUserIdToken();
        if (token) await services.logOriginTracking(config.graphql.url, token, partner);
        createdAccount.current = false;
      } catch (e) {
        services.logError("logOriginTracking", e);
      }
    }
    const loaded = await services.refreshClaims();
    if (loaded.ok) {
      clearPendingSignIn();
      services.navigate(target);
      return; // Stays "finishing" while the browser leaves.
    }
    setPending(null);
    if (loaded.reason === "signed-out") {
      clearPendingSignIn();
      try {
        await services.signOutOfAmplify();
      } catch (e) {
        services.logError("signOut", e);
      }
      setPhase("identify");
      setError({ message: FINISH_SIGNED_OUT, field: "identifier" });
      return;
    }
    setError({ message: FINISH_FAILED, field: null, retryFinish: true });
  }, [config.graphql.url, partner, redirect, services, target]);

  async function run(kind: Exclude<Pending, null>, work: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setPending(kind);
    try {
      await work();
    } finally {
      busy.current = false;
      setPending((p) => (p === kind ? null : p));
    }
  }

  function failed(e: unknown, field: FlowError["field"]): AuthFlowError {
    const flowError = toAuthFlowError(e);
    // The visitor's own mistakes (unknown account, wrong or expired code) are not worth a log line.
    if (flowError.failure.kind === "unknown" || flowError.failure.kind === "network") {
      services.logError(field === "code" ? "confirmSignIn" : "signIn", flowError.cause ?? e);
    }
    return flowError;
  }

  async function sendCode(value: string): Promise<void> {
    let started: Awaited<ReturnType<SignInServices["startSignIn"]>> = {};
    try {
      started = await services.startSignIn(value);
      noAccount.current = false;
    } catch (e) {
      if (toAuthFlowError(e).failure.kind !== "user-not-found") throw e;
      noAccount.current = true;
    }
    sentFor.current = value;
    setDestination(started.destination);
    setWrongTries(0);
    setCode("");
  }

  /**
   * The code screen again after a reload, with a fresh code: the identity service's challenge is
   * not carried across the reload by this page, so the one sent before is replaced, and the page says so.
   */
  function resume(kept: PendingSignIn) {
    setIdentifier(kept.identifier);
    sentFor.current = kept.sentFor;
    setPhase("code");
    void run("resend", async () => {
      try {
        await sendCode(kept.sentFor);
        keepPending(kept.identifier);
        setNotice(CODE_RESENT_AFTER_RELOAD);
      } catch (e) {
        const { failure } = failed(e, "code");
        setError({ message: failure.message, field: "code" });
      }
    });
  }

  // A session that is still good in this browser (its identity token had expired, the refresh
  // token had not): finish signing in without asking for a code. The services load Amplify for it.
  // Otherwise a sign-in this tab was waiting on (the code screen, reloaded) comes back.
  useEffect(() => {
    let cancelled = false;
    const kept = loadPendingSignIn(mode, Date.now());
    if (kept) {
      // What the flow still owes for a new account (justRegistered, the partner origin) survives the reload.
      createdAccount.current = kept.createdAccount;
      announceRegistration.current = kept.announceRegistration;
    }
    void services.currentUserIdToken().then((token) => {
      if (cancelled || busy.current) return;
      if (token) {
        busy.current = true;
        void finish().finally(() => {
          busy.current = false;
        });
      } else if (kept) {
        resume(kept);
      }
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page: the configuration and services do not change while it is shown
  }, []);

  /** A code for an account that does not exist: answered as a wrong code, the last one ending the attempt. */
  function answerWithoutAccount(): CodeResultOrEnd {
    return wrongTries + 1 >= MAX_CODE_TRIES ? "end" : { status: "wrong-code" };
  }

  const submitIdentifier = () =>
    run("send", async () => {
      setNotice(null);
      const parsed = mode === "register" ? parseEmail(identifier) : parseIdentifier(identifier);
      if (parsed.kind === "invalid") {
        setError({ message: identifierError(parsed.reason, mode), field: "identifier" });
        return;
      }
      setError(null);
      try {
        if (mode === "register") {
          const { created } = await services.registerAccount(parsed.value);
          if (created) {
            createdAccount.current = true;
            announceRegistration.current = true;
          }
        }
        // The same identifier again in this tab (a second sign-up, or back and on): its earlier code is void.
        const again = sentFor.current === parsed.value;
        await sendCode(parsed.value);
        keepPending(identifier);
        setPhase("code");
        if (again) setNotice(CODE_SENT_AGAIN);
      } catch (e) {
        const { failure } = failed(e, "identifier");
        setError({ message: failure.message, field: "identifier" });
      }
    });

  const submitCode = () =>
    run("verify", async () => {
      setNotice(null);
      const value = normalizeCode(code);
      if (!value) {
        setError({ message: CODE_INVALID, field: "code" });
        return;
      }
      setError(null);
      let result;
      try {
        const answered = noAccount.current ? answerWithoutAccount() : await services.answerCode(value);
        if (answered === "end") throw new AuthFlowError({ kind: "too-many-attempts", message: AUTH_MESSAGES["too-many-attempts"] });
        result = answered;
      } catch (e) {
        const { failure } = failed(e, "code");
        if (failure.kind === "too-many-attempts") {
          // The challenge is over: back to the first step, with what was typed there kept.
          clearPendingSignIn();
          setPhase("identify");
          setError({ message: failure.message, field: "identifier" });
        } else {
          setError({ message: failure.message, field: "code" });
        }
        return;
      }
      if (result.status === "wrong-code") {
        const tries = wrongTries + 1;
        setWrongTries(tries);
        setError({ message: wrongCode(Math.max(1, MAX_CODE_TRIES - tries)), field: "code" });
        return;
      }
      await finish();
    });

  const resendCode = () =>
    run("resend", async () => {
      setError(null);
      setNotice(null);
      try {
        await sendCode(sentFor.current);
        keepPending(identifier);
        setNotice(CODE_RESENT);
      } catch (e) {
        const { failure } = failed(e, "code");
        setError({ message: failure.message, field: "code" });
      }
    });

  const startOver = () => {
    if (busy.current) return;
    clearPendingSignIn();
    setPhase("identify");
    setError(null);
    setNotice(null);
    setCode("");
  };

  const retryFinish = () => run("finish", finish);

  // An error below a field goes once what is typed there is valid again (it was about the old value).
  const editIdentifier = (value: string) => {
    services.prefetch?.();
    setIdentifier(value);
    const parsed = mode === "register" ? parseEmail(value) : parseIdentifier(value);
    if (parsed.kind !== "invalid") setError((e) => (e?.field === "identifier" ? null : e));
  };
  const editCode = (value: string) => {
    setCode(value);
    if (normalizeCode(value)) setError((e) => (e?.field === "code" ? null : e));
  };

  return {
    phase,
    identifier,
    setIdentifier: editIdentifier,
    code,
    setCode: editCode,
    pending,
    error,
    notice,
    destination: destination ?? sentFor.current,
    /** What the visitor typed to sign in, as typed. */
    sentTo: identifier.trim(),
    submitIdentifier,
    submitCode,
    resendCode,
    startOver,
    retryFinish,
  };
}
