"use client";

import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PlaidLinkError, PlaidLinkOnExitMetadata, PlaidLinkOnSuccessMetadata } from "react-plaid-link";
import {
  addManualAccount,
  checkCredentials,
  linkAccount,
  loadAccounts,
  logBankEvent,
  makeActive,
  requestLinkToken,
  verifyDeposits,
} from "../actions";
import { primaryButtonClass } from "@/components/ui/button-classes";
import { useSubmissionKeys, useSubmitOnce } from "@/components/forms/use-submit-once";
import { unansweredWriteText } from "@/components/forms/submit-messages";
import { CredentialsExpiredPopup } from "@/components/popups/credentials-expired-popup";
import type { FundingSource } from "../operations";
import { refreshAndFollow } from "@/lib/auth/refresh-claims";
import { directDepositSetUp, directDepositText, isExitedState, showMask, type DirectDepositConfirmer } from "@/lib/bank/funding-rules";
import { MICRO_DEPOSIT_CAP_MESSAGE, WRONG_TRIES_TEXT } from "@/lib/bank/funding-rules";
import { isOAuthReturn, PENDING_LINK_TOKEN_KEY } from "@/lib/bank/plaid-oauth";
import { sessionDraftStore } from "@/lib/forms/draft-store";
import { LinkScript } from "./link-script";
import { AccountList } from "./account-list";
import { OnDemand } from "@/components/ui/on-demand";
import { ApplicationProgress } from "@/components/progress/application-progress";
import { StepHeading } from "@/components/progress/step-heading";
import { BANK_HEADING, BANK_STEPS, servesBankStep } from "../bank-steps";

// The forms (the form kit and zod) load when one is shown: most visits only look at their accounts.
const ManualAccountForm = dynamic(() => import("./manual-account-form").then((m) => m.ManualAccountForm));
const MicroDepositForm = dynamic(() => import("./micro-deposit-form").then((m) => m.MicroDepositForm));
// Plaid's hook and its script load only once the user asks to link.
const PlaidLauncher = dynamic(() => import("./plaid-launcher").then((m) => m.PlaidLauncher), { ssr: false });

export interface BankPageProps {
  initialAccounts: FundingSource[] | null;
  /** The application step from the claims; null while they are not loaded. */
  step: string | null;
  directDepositConfirmed: boolean;
  /** Who confirmed direct deposit (loadFrontend); null when not confirmed or not known: then nobody is named. */
  directDepositConfirmedBy?: DirectDepositConfirmer | null;
  /** Locally the micro-deposits are readable in the local outbox. */
  outboxUrl: string | null;
  /** Locally the Plaid Link stand-in, loaded when Link is first asked for (null elsewhere). */
  plaidStandInScript: string | null;
  /** /bank/oauth: back from a bank's OAuth login, Link resumes with the link token that left. */
  oauthReturn?: boolean;
  /** The signed-in user's username: the forms' drafts are theirs alone (null: no drafts kept). */
  draftOwner?: string | null;
}

/** The forms' draft keys (lib/forms/draft-store.ts): per user, and per account for the deposits. */
const draftKeys = (owner: string | null) =>
  owner
    ? { manual: `bank-by-hand:${owner}`, deposits: (accountId: string) => `micro-deposits:${owner}:${accountId}` }
    : { manual: undefined, deposits: () => undefined };

/** The API refused the accounts chosen in Link (SPEC: only checking and savings count). */
const LINK_REFUSED_TEXT = "We could not link this account. Only checking and savings accounts can be used. Please choose another account.";
/** No answer, or a failure of the API's own: nothing about the account is known, so nothing is blamed on it. */
const LINK_FAILED_TEXT = "We could not link this account. Please try again.";
const ACTIVE_FAILED_TEXT = "We could not change your active account. Please try again.";

const LINK_NOT_AVAILABLE_TEXT = "Bank linking is not available right now. Please try again, or add your account by hand.";

const LINK_UNAVAILABLE_TEXT =
  "Bank linking could not be loaded. Check your connection and try again, or add your account by hand below: we send two small deposits instead.";

/** Back from a bank's OAuth login: said from the first paint, while the page looks for the link that left. */
const OAUTH_RESUMING_TEXT = "Finishing your bank link…";
const OAUTH_LOST_TEXT = "We could not finish linking your bank. Please link it again.";

type Notice = { kind: "ok" | "problem" | "progress"; text: string } | null;
type Launch = { token: string; mode: "new" | "update"; accountId?: string; receivedRedirectUri?: string } | null;

/** The link token a bank's OAuth login will return to (Plaid: Link resumes with the same token). */
const pendingLinkToken = {
  keep(token: string) {
    try {
      window.sessionStorage.setItem(PENDING_LINK_TOKEN_KEY, token);
    } catch {
      // Storage refused (private mode): an OAuth bank's return then asks to link again.
    }
  },
  take(): string | null {
    try {
      const token = window.sessionStorage.getItem(PENDING_LINK_TOKEN_KEY);
      window.sessionStorage.removeItem(PENDING_LINK_TOKEN_KEY);
      return token;
    } catch {
      return null;
    }
  },
};

/**
 * After links, manually or verifies at a step where a funding event may move the application:
 * refreshes the claims and, where the step moved, follows it through the shell's routes (the
 * guards read the fresh claims). True when the browser is leaving.
 */
export async function followFundingChange(step: string | null, leaving: () => void = () => undefined): Promise<boolean> {
  if (!step || !BANK_STEPS.has(step)) return false;
  const followed = await refreshAndFollow(
    (refreshed) => (refreshed.ok && refreshed.claims.step !== step ? `/apply/${encodeURIComponent(refreshed.claims.step)}` : null),
    { beforeLeaving: leaving },
  );
  return followed !== null;
}

export function BankPage({
  initialAccounts,
  step,
  directDepositConfirmed,
  directDepositConfirmedBy = null,
  outboxUrl,
  plaidStandInScript,
  oauthReturn = false,
  draftOwner = null,
}: BankPageProps) {
  const [accounts, setAccounts] = useState<FundingSource[] | null>(initialAccounts);
  const [notice, setNotice] = useState<Notice>(oauthReturn ? { kind: "progress", text: OAUTH_RESUMING_TEXT } : null);
  /** Retrying the accounts' load after it failed (nothing is offered beside a list we could not read). */
  const [retrying, setRetrying] = useState(false);
  const drafts = draftKeys(draftOwner);
  const [launch, setLaunch] = useState<Launch>(null);
  const [busy, setBusy] = useState(false);
  const writeKeys = useSubmissionKeys();
  const [expired, setExpired] = useState<{ accountId: string; token: string } | null>(null);
  const [showManual, setShowManual] = useState(false);
  /** The last lockout reached the micro-deposit cap: the account went to manual review. */
  const [capped, setCapped] = useState(false);
  // Whether the deposits form is on the page on arrival (rendered by the server) or appears later.
  const [verifyingOnArrival] = useState(() => initialAccounts?.some((a) => !a.verified && !a.locked) ?? false);
  const checked = useRef(false);

  // A by-hand form being typed when the page was reloaded opens again with its draft (issue 42).
  useEffect(() => {
    if (drafts.manual && sessionDraftStore().load(drafts.manual)) setShowManual(true);
  }, [drafts.manual]);

  const reload = useCallback(async () => {
    const answer = await loadAccounts();
    if (answer.ok) setAccounts(answer.accounts);
    return answer.ok ? answer.accounts : null;
  }, []);

  /** After a change: refresh the claims; where the step moved, follow it through the shell's routes. */
  const afterChange = useCallback(
    async (message: string) => {
      if (await followFundingChange(step, () => setNotice({ kind: "ok", text: `${message} Taking you to the next step…` }))) return;
      await reload();
      setNotice({ kind: "ok", text: message });
    },
    [reload, step],
  );

  // Back from a bank's OAuth login: Link opens again with the token that left and this URL; the
  // address goes back to /bank, so a reload does not resume twice. No pending link: say so.
  useEffect(() => {
    if (!oauthReturn) return;
    const href = window.location.href;
    const token = pendingLinkToken.take();
    if (token && isOAuthReturn(href)) {
      window.history.replaceState(window.history.state, "", "/bank");
      setLaunch({ token, mode: "new", receivedRedirectUri: href });
    } else setNotice({ kind: "problem", text: OAUTH_LOST_TEXT });
  }, [oauthReturn]);

  // SPEC 4: the credential refresh flow runs when the link check is not SUCCESS.
  useEffect(() => {
    if (checked.current || !initialAccounts) return;
    checked.current = true;
    const linked = initialAccounts.filter((a) => a.link_type === "plaid_getAuth");
    void (async () => {
      for (const account of linked) {
        const answer = await checkCredentials(account.account_id);
        if (answer.ok && answer.refreshToken) {
          setExpired({ accountId: account.account_id, token: answer.refreshToken });
          return;
        }
      }
    })();
  }, [initialAccounts]);

  const retryAccounts = async () => {
    setRetrying(true);
    await reload();
    setRetrying(false);
  };

  /** Link's script failed or did not load in time: say so, and open the by-hand path. */
  const linkUnavailable = useCallback(() => {
    setLaunch(null);
    pendingLinkToken.take();
    void logBankEvent("LinkFailure", "the Link script did not load");
    setNotice({ kind: "problem", text: LINK_UNAVAILABLE_TEXT });
    setShowManual(true);
  }, []);

  const startLink = async () => {
    setBusy(true);
    setNotice(null);
    let answer: Awaited<ReturnType<typeof requestLinkToken>>;
    try {
      answer = await requestLinkToken();
    } catch (error) {
      // A token minted per opening (no write): no answer is "not available" (or the deadline's words), the button enabled again.
      setNotice({ kind: "problem", text: unansweredWriteText(error, LINK_NOT_AVAILABLE_TEXT) });
      return;
    } finally {
      setBusy(false);
    }
    if (answer.ok) {
      pendingLinkToken.keep(answer.linkToken);
      setLaunch({ token: answer.linkToken, mode: "new" });
    } else
      setNotice({
        kind: "problem",
        text: answer.reason === "signed-out" ? "Your session ended. Please sign in again." : LINK_NOT_AVAILABLE_TEXT,
      });
  };

  const onLinkSuccess = async (publicToken: string | null, metadata: PlaidLinkOnSuccessMetadata) => {
    const current = launch;
    setLaunch(null);
    pendingLinkToken.take();
    if (current?.mode === "update") {
      // Update mode repairs the login; nothing new to add. Check again that it worked.
      const answer = current.accountId ? await checkCredentials(current.accountId) : null;
      if (answer?.ok && !answer.refreshToken) {
        setExpired(null);
        setNotice({ kind: "ok", text: "Your bank login is working again." });
      } else {
        setNotice({ kind: "problem", text: "Your bank login still needs attention. Please try again." });
      }
      return;
    }
    setBusy(true);
    setNotice(null);
    let answer: Awaited<ReturnType<typeof linkAccount>>;
    try {
      answer = await linkAccount(
        publicToken ?? "",
        {
          institution: metadata.institution,
          accounts: metadata.accounts.map((a) => ({ id: a.id, name: a.name, mask: a.mask, type: a.type, subtype: a.subtype })),
          link_session_id: metadata.link_session_id,
        },
        writeKeys.keyFor({ link: publicToken }),
      );
    } catch (error) {
      // No answer (the request deadline, the network): said, and a retry of this link is the same write (its key).
      setNotice({ kind: "problem", text: unansweredWriteText(error, LINK_FAILED_TEXT) });
      return;
    } finally {
      setBusy(false);
    }
    if (answer.ok) {
      const names = metadata.accounts.map((a) => `${a.name} ${showMask(a.mask)}`).join(", ");
      await afterChange(`${names} is linked and verified.`);
    } else {
      // SPEC 8: anything other than 200 is LinkFailure.
      void logBankEvent("LinkFailure", answer.reason);
      const refused = answer.reason === "invalid" || answer.reason === "refused";
      setNotice({ kind: "problem", text: refused ? LINK_REFUSED_TEXT : LINK_FAILED_TEXT });
    }
  };

  const onLinkExit = (error: PlaidLinkError | null, metadata: PlaidLinkOnExitMetadata) => {
    setLaunch(null);
    pendingLinkToken.take();
    // SPEC 8: exiting the widget is Exited and is logged.
    void logBankEvent("Exited", `${metadata.status ?? ""} ${error?.error_code ?? ""}`.trim());
    setNotice(
      error
        ? {
            kind: "problem",
            text: `Bank linking stopped: ${error.display_message ?? "the bank could not be reached"}. You can try again or add your account by hand.`,
          }
        : { kind: "ok", text: "You closed bank linking. You can link an account whenever you are ready." },
    );
  };

  // One change of active account at a time, locked from the press (a ref, so two presses in one frame send one) to the answer.
  const activation = useSubmitOnce(async (accountId: string) => {
    setNotice(null);
    let answer: Awaited<ReturnType<typeof makeActive>>;
    try {
      answer = await makeActive(accountId, writeKeys.keyFor({ active: accountId }));
    } catch (error) {
      setNotice({ kind: "problem", text: unansweredWriteText(error, ACTIVE_FAILED_TEXT) });
      return;
    }
    if (answer.ok) {
      await reload();
      const a = accounts?.find((x) => x.account_id === accountId);
      setNotice({ kind: "ok", text: `${a ? `${a.name} ${showMask(a.mask)}` : "This account"} is now your active account.` });
    } else setNotice({ kind: "problem", text: ACTIVE_FAILED_TEXT });
  });
  const activate = (accountId: string) => void activation.run(accountId);
  /** A write of this page's own buttons is in flight: every other button that writes waits for its answer. */
  const writing = busy || activation.pending;

  const pending = accounts?.find((a) => !a.verified) ?? null;
  const oauthNotice = notice?.text === OAUTH_RESUMING_TEXT || notice?.text === OAUTH_LOST_TEXT;
  const dd = directDepositSetUp(step ?? "", directDepositConfirmed, directDepositConfirmedBy);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 p-4 sm:p-6">
      <header className="flex flex-col gap-2">
        {/* Away from its step (a later step, an old tab) the bar says where the application is instead. */}
        <ApplicationProgress step={step} here={servesBankStep(step)} />
        <StepHeading heading={BANK_HEADING} step={step} here={servesBankStep(step)} className="text-gray-900 sm:text-2xl" />
        <p className="text-gray-700">
          Your loan is paid into, and repaid from, your active bank account. Only checking and savings accounts can be used.
        </p>
      </header>

      {/* Back from OAuth, the notice's box is in the server's HTML, sized for the longer of its two texts
          (a hidden copy in the same grid cell): the answer replaces the text without moving the page. */}
      <div className={oauthNotice ? "grid *:col-start-1 *:row-start-1" : "contents"}>
        {oauthNotice && (
          <p aria-hidden="true" className="invisible border p-3">
            {OAUTH_LOST_TEXT}
          </p>
        )}
        <div aria-live="polite" role="status" className="empty:hidden">
          {notice?.kind === "ok" && <p className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">{notice.text}</p>}
          {notice?.kind === "progress" && (
            <p className="h-full rounded-md border border-gray-400 bg-gray-50 p-3 text-gray-800">{notice.text}</p>
          )}
        </div>
        <div role="alert" className="empty:hidden">
          {notice?.kind === "problem" && (
            <p className="h-full rounded-md border border-red-700 bg-red-50 p-3 text-red-900">{notice.text}</p>
          )}
        </div>
      </div>

      <section aria-labelledby="accounts-title" className="flex flex-col gap-3">
        <h2 id="accounts-title" className="text-lg font-semibold text-gray-900">
          Your accounts
        </h2>
        {accounts ? (
          <AccountList accounts={accounts} busy={writing} onMakeActive={activate} capped={capped} />
        ) : (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            <p>
              We could not load your bank accounts. Linking or adding an account waits until we can show the ones you have, so nothing is
              added twice.
            </p>
            <button
              type="button"
              onClick={() => void retryAccounts()}
              disabled={retrying}
              className="rounded-md border border-red-900 px-3 py-1.5 text-sm font-semibold hover:bg-red-100 disabled:opacity-60 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {retrying ? "Trying again…" : "Try again"}
            </button>
          </div>
        )}
        <p className="text-sm text-gray-700" data-testid="direct-deposit">
          {directDepositText(dd)}
        </p>
      </section>

      {pending && (
        <section
          aria-labelledby="verify-title"
          className="flex flex-col gap-3"
          data-exited={accounts && isExitedState(accounts) ? "true" : undefined}
        >
          <h2 id="verify-title" className="text-lg font-semibold text-gray-900">
            Verify {pending.name} {showMask(pending.mask)}
          </h2>
          {pending.locked ? (
            <p className="text-amber-900" data-testid="locked-notice">
              {capped
                ? MICRO_DEPOSIT_CAP_MESSAGE
                : `This account is locked after ${WRONG_TRIES_TEXT}. Add it again by hand below to get two new deposits.`}
            </p>
          ) : (
            <>
              <p className="text-gray-700">
                We sent two deposits below $1.00 to this account. They take 1–2 business days to appear on your statement. Enter both
                amounts.
                {pending.verifyTriesLeft !== null && ` ${pending.verifyTriesLeft} ${pending.verifyTriesLeft === 1 ? "try" : "tries"} left.`}
              </p>
              {outboxUrl && (
                <p className="text-sm text-gray-700">
                  Local environment: the deposits are listed in the{" "}
                  <a className="underline" href={outboxUrl}>
                    local outbox
                  </a>
                  .
                </p>
              )}
              <OnDemand inPage={verifyingOnArrival} loading="Loading the form…">
                <MicroDepositForm
                  key={pending.account_id}
                  draftKey={drafts.deposits(pending.account_id)}
                  verify={async (values, idempotencyKey) => {
                    const answer = await verifyDeposits(pending.account_id, values, idempotencyKey);
                    if (!answer.ok && answer.message === MICRO_DEPOSIT_CAP_MESSAGE) setCapped(true);
                    return answer;
                  }}
                  onDone={async (verified) => {
                    if (verified) await afterChange(`${pending.name} ${showMask(pending.mask)} is verified.`);
                    else await reload();
                  }}
                />
              </OnDemand>
            </>
          )}
        </section>
      )}

      {accounts && (
        <>
          <section aria-labelledby="link-title" className="flex flex-col gap-3">
            <h2 id="link-title" className="text-lg font-semibold text-gray-900">
              Link your bank instantly
            </h2>
            <p className="text-gray-700">Log in at your bank through Plaid. The account is verified at once.</p>
            <button type="button" onClick={startLink} disabled={writing || launch !== null} className={primaryButtonClass}>
              Link a bank account
            </button>
          </section>

          <section aria-labelledby="manual-title" className="flex flex-col gap-3">
            <h2 id="manual-title" className="text-lg font-semibold text-gray-900">
              Add an account by hand
            </h2>
            <p className="text-gray-700">We send two small deposits to the account; you confirm their amounts here.</p>
            {showManual ? (
              <OnDemand inPage={false} loading="Loading the form…">
                <ManualAccountForm
                  draftKey={drafts.manual}
                  add={addManualAccount}
                  onAdded={async () => {
                    setShowManual(false);
                    await afterChange("Account added. Two deposits below $1.00 are on their way.");
                  }}
                />
              </OnDemand>
            ) : (
              <button
                type="button"
                onClick={() => setShowManual(true)}
                className="self-start rounded-md border border-gray-800 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                Enter account details
              </button>
            )}
          </section>
        </>
      )}

      {launch && (
        <LinkScript src={plaidStandInScript} onUnavailable={linkUnavailable}>
          <PlaidLauncher
            key={launch.token}
            token={launch.token}
            receivedRedirectUri={launch.receivedRedirectUri}
            onSuccess={onLinkSuccess}
            onExit={onLinkExit}
            onUnavailable={linkUnavailable}
          />
        </LinkScript>
      )}
      <CredentialsExpiredPopup
        open={expired !== null && launch === null}
        onClose={() => setExpired(null)}
        onLoginAgain={() => expired && setLaunch({ token: expired.token, mode: "update", accountId: expired.accountId })}
      />
    </div>
  );
}
