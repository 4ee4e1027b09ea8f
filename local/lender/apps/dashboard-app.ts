import { deriveLoanState, type LoanState } from "../../../lib/application/loan-state";
import { stepRank } from "../../../lib/application/steps";
import { applicationStateOf, isOpen, phaseOf } from "../../../lib/application/application-machine";
import { dollarsToCents, percentToBps } from "../../../lib/lending/loan-math";
import { LOCAL_PATHS } from "../../../lib/config/local-paths";
import { FILING_WITHIN_MINUTES } from "../../../lib/esign/signed-contract";
import { localToday } from "../../infra/clock/clock";
import type { Db } from "../../infra/db";
import { InputError } from "../data/validate";
import { RuleRefusal } from "../rules/machine-guard";
import { REFUSAL_WORDS } from "../../../lib/application/refusal-words";
import * as lending from "../rules/operations";
import { appSession, callApi, refreshClaims, sameOrigin, seeOther, type ApiJson, type AppSession, type AppsConfig } from "./app-session";
import { truthInLending } from "./lending-app";
import { offerSchedule } from "./deduction-schedule";
import { OFFER_TERMS_FRAGMENT } from "./offer-terms";
import { actionForm, e, loanStateWords, pct, showDate, signInResponse, standInResponse, stepWords, usd } from "./pages";

/**
 * The local stand-in of the hosted dashboard app (/api/local/apps/dashboard/…): the home a visitor
 * lands on after sign-in (name, step, loan state, what comes next; for borrowers the loan, next
 * payment and payment history; the documents and statements once there are any), the contract page
 * and the documents (/documents, where /statements leads). Reads the GraphQL API with the
 * user's token; the only write is the local ops action that originates a signed loan.
 */

const APP = "Dashboard app";

const LOAD = /* GraphQL */ `
  query {
    loadFrontend {
      applicationStep
      documents {
        loanId
        loanName
        statements {
          fileName
          sortDate
          signedUrl
        }
      }
      appInfo {
        step
        username
        primary_email
        amountAppliedFor
        directDepositConfirmed
        rejectionReason
        personal {
          given_name
          family_name
        }
        employment {
          payFrequency
          payMonths
        }
        offer {
          ...OfferTerms
          contractSigned
          offerAccepted
          hellosignDirectDepositSignatureId
        }
        prequalification {
          preQualificationStatus
          preQualifiedAmount
          preQualifiedInterestRate
          preQualifiedOriginationFee
        }
      }
      loanInfo {
        loanId
        loanName
        status
        apr
        balance
        amount
        fee
        term
        maturityDate
        payoffAmount
        deductionAmount
        originatedAt
        PayoutDate
        payments {
          amount
          sts
          effectiveDate
          source
        }
        scheduledPayments {
          frequency
          amount
          paymentDate
          accountMask
        }
      }
    }
  }
  ${OFFER_TERMS_FRAGMENT}
`;

type Load = { applicationStep: string; documents: ApiJson[]; appInfo: ApiJson; loanInfo: ApiJson | null };

const html = (title: string, body: string, status = 200) => standInResponse(APP, title, body, status);

export function loanStateOf(l: Load): LoanState {
  const info = l.appInfo;
  const q = info.prequalification;
  return deriveLoanState({
    applicationStep: l.applicationStep,
    contractSigned: info.offer?.contractSigned === true,
    qualificationErrors: q?.preQualificationStatus === false,
    applicationError: info.rejectionReason,
    approved: q?.preQualificationStatus === true,
    amountAppliedFor: info.amountAppliedFor,
  });
}

/** What comes next for this application, and the shell route that serves it. */
export function nextFor(l: Load, state: LoanState): { text: string; href?: string; label?: string } {
  const step = l.applicationStep;
  const info = l.appInfo;
  if (state === "applicationBlocked")
    return { text: "Your application needs attention from our team.", href: "/applicationBlocked", label: "See what is needed" };
  if (state === "rejected") return { text: `Your application was not approved${info.rejectionReason ? `: ${info.rejectionReason}` : "."}` };
  if (state === "originated") return { text: "Your loan is active.", href: "/payments", label: "See your payments" };
  if (state === "signed")
    return { text: "Your contract is signed; we are funding your loan.", href: "/offer/contract", label: "See your contract" };
  // The offer's phases, from the application's state machine: each says what is true now and links where it is done.
  switch (phaseOf(applicationStateOf({ ...info, step }))) {
    case "offerSent":
      return info.directDepositConfirmed
        ? {
            text: "Your loan offer is ready, and your employer has confirmed direct deposit: review and accept your offer, then sign your contract.",
            href: "/offer/contract",
            label: "Review your offer",
          }
        : { text: "Your loan offer is ready.", href: "/apply/offerDetails", label: "See your offer" };
    case "offerAccepted":
      return {
        text: "Your offer is accepted: set up direct deposit for your payments.",
        href: "/offer/directDeposit",
        label: "Set up direct deposit",
      };
    case "readyToSign":
      return {
        text: "Your offer is accepted and direct deposit is set up: sign your contract.",
        href: "/offer/contract",
        label: "Sign your contract",
      };
    case "paperForm":
      return {
        text: "We are waiting for your payroll office to confirm the deduction form.",
        href: "/offer/contract",
        label: "See your contract's status",
      };
  }
  if (step === "completeUnderReview")
    return { text: "Your application is under review.", href: "/apply/completeUnderReview", label: "See its status" };
  if (stepRank(step) !== undefined)
    return {
      text: "Continue your application where you left off.",
      href: `/apply/${encodeURIComponent(step)}`,
      label: "Continue your application",
    };
  return { text: "Nothing to do right now." };
}

/** A statement, linked where the stand-ins serve its file (the filed documents: the signed contract); the seeded monthly statements have none. */
export function statementItem(s: ApiJson): string {
  const label = `${e(s.fileName)} (${showDate(s.sortDate)})`;
  const served = typeof s.signedUrl === "string" && s.signedUrl.startsWith(`${LOCAL_PATHS.documents}/`);
  return `<li>${served ? `<a href="${e(s.signedUrl)}" download>${label}</a>` : label}</li>`;
}

/** Every document and statement of the caller, as loadFrontend lists them; the filed ones linked. */
function documentList(l: Load): string {
  const statements = l.documents.flatMap((d) => d.statements);
  return statements.length === 0
    ? "<p>No documents yet.</p>"
    : `<ul data-testid="statements">${statements.map(statementItem).join("")}</ul>`;
}

/**
 * The signed copy of this offer's contract (issue 49): in the documents from the moment the
 * e-signature callback files it, funded or not; until then, when it will be there.
 */
function signedCopyLine(l: Load): string {
  const signatureId = l.appInfo.offer?.hellosignDirectDepositSignatureId;
  const copy = l.documents.find((d) => signatureId && d.loanId === signatureId)?.statements[0];
  if (copy && typeof copy.signedUrl === "string" && copy.signedUrl.startsWith(`${LOCAL_PATHS.documents}/`)) {
    return `<p><a class="button" href="${e(copy.signedUrl)}" download data-testid="signed-copy">Download your signed contract (PDF)</a></p>`;
  }
  return `<p data-testid="signed-copy-pending">Your signed copy will be in your documents within ${FILING_WITHIN_MINUTES} minutes, once the e-signature service confirms your signature.</p>`;
}

function documentsPage(l: Load): Response {
  return html(
    "Documents",
    `<h1>Your documents</h1><section class="card" aria-labelledby="documents"><h2 id="documents">Documents and statements</h2>${documentList(l)}</section>
<p><a href="/dashboard">Back to dashboard</a></p>`,
  );
}

function home(l: Load): Response {
  const info = l.appInfo;
  const state = loanStateOf(l);
  const next = nextFor(l, state);
  const name = [info.personal?.given_name, info.personal?.family_name].filter(Boolean).join(" ") || info.primary_email || info.username;
  const loan = l.loanInfo;
  const today = localToday(); // the stand-ins' clock, which wrote the schedule
  const upcoming = loan?.scheduledPayments.find((p: ApiJson) => p.paymentDate >= today) ?? null;
  const hasDocuments = l.documents.some((d) => d.statements.length > 0);
  const borrower = loan
    ? `<section class="card" aria-labelledby="loan"><h2 id="loan">Your loan</h2><dl data-testid="loan">
<dt>Loan</dt><dd>${e(loan.loanName)} (${e(loan.status === "paidOff" ? "paid off" : "active")})</dd>
<dt>Balance</dt><dd data-testid="balance">${usd(loan.balance)}</dd>
<dt>Payoff amount</dt><dd>${usd(loan.payoffAmount)}</dd>
<dt>APR</dt><dd>${pct(loan.apr)}</dd>
<dt>Next payment</dt><dd data-testid="next-payment">${upcoming ? `${usd(upcoming.amount)} on ${showDate(upcoming.paymentDate)} (${e(upcoming.accountMask)})` : "None scheduled"}</dd>
<dt>Funded</dt><dd>${showDate(loan.originatedAt)}; last payment due ${showDate(loan.PayoutDate ?? loan.maturityDate)}</dd>
</dl></section>
<section class="card" aria-labelledby="history"><h2 id="history">Payment history</h2>${
        loan.payments.length === 0
          ? "<p>No payments yet.</p>"
          : `<div class="table-wrap"><table data-testid="payments"><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Source</th></tr></thead><tbody>${loan.payments
              .map(
                (p: ApiJson) =>
                  `<tr><td>${showDate(p.effectiveDate)}</td><td>${usd(p.amount)}</td><td>${e(p.sts)}</td><td>${e(p.source)}</td></tr>`,
              )
              .join("")}</tbody></table></div>`
      }</section>`
    : "";
  // Documents as soon as there are any (the signed contract is filed before funding), and always for a borrower.
  const documents =
    loan || hasDocuments
      ? `<section class="card" aria-labelledby="statements"><h2 id="statements">Documents and statements</h2>${documentList(l)}</section>`
      : "";
  return html(
    "Dashboard",
    `<h1>Hello, ${e(name)}</h1>
<section class="card" aria-labelledby="status"><h2 id="status">Your application</h2><dl>
<dt>Where it is</dt><dd data-testid="application-step" data-step="${e(l.applicationStep)}">${e(stepWords(l.applicationStep))}</dd>
<dt>Status</dt><dd data-testid="loan-state" data-state="${e(state)}">${e(loanStateWords(state))}</dd>
</dl>
<p data-testid="next">${e(next.text)}</p>
${next.href ? `<p><a class="button" href="${e(next.href)}" data-testid="next-link">${e(next.label ?? "Continue")}</a></p>` : ""}
</section>
${borrower}
${documents}`,
  );
}

async function contract(l: Load, s: AppSession, config: AppsConfig, notice = ""): Promise<Response> {
  const info = l.appInfo;
  const o = info.offer;
  const q = info.prequalification;
  const err = notice ? `<p class="error" role="alert">${e(notice)}</p>` : "";
  const state = applicationStateOf({ ...info, step: l.applicationStep });
  const phase = phaseOf(state);
  if (phase === "activeLoan") {
    return html(
      "Contract",
      `<h1>Your contract</h1>${err}<p>Your loan is active.</p>${o?.contractSigned ? signedCopyLine(l) : ""}<p><a href="/dashboard">Back to dashboard</a></p>`,
    );
  }
  if (phase === "paperForm") {
    return html(
      "Contract",
      `<h1>Your contract</h1>${err}<p>We are waiting for your payroll office to confirm the deduction form. We will e-mail you when your contract is ready to sign.</p>
<p><a href="/dashboard">Back to dashboard</a></p>
${actionForm("confirm-paper-form", `<button type="submit">Record the payroll office's confirmation</button>`, { ops: true })}`,
    );
  }
  if (!["offerSent", "offerAccepted", "readyToSign", "signed"].includes(phase) || !o || !q?.preQualificationStatus) {
    return html(
      "Contract",
      `<h1>No contract yet</h1>${err}<p>There is no loan offer to sign.</p><p><a href="/dashboard">Back to dashboard</a></p>`,
      409,
    );
  }
  const terms = {
    principalCents: dollarsToCents(q.preQualifiedAmount),
    feeCents: dollarsToCents(q.preQualifiedOriginationFee),
    rateBps: percentToBps(q.preQualifiedInterestRate),
  };
  const disclosure = truthInLending(terms, offerSchedule(o, info.employment));
  if (phase === "signed") {
    return html(
      "Contract",
      `<h1>Your contract is signed</h1>${err}
<p data-testid="contract-status">Signed. We are funding your loan.</p>
${signedCopyLine(l)}
${disclosure}
${actionForm("originate", `<button type="submit">Originate (fund) the loan</button>`, { ops: true })}`,
    );
  }
  // Each phase offers what the application's state machine opens there, and only that (issue 49).
  if (isOpen(state, "acceptOffer")) {
    // The payroll-linked path arrives here with the offer not yet accepted (SPEC 4 routes 'Offer Sent'
    // with direct deposit confirmed to the contract): acceptance is part of this page.
    return html(
      "Contract",
      `<h1>Your loan offer</h1>${err}
<p data-testid="contract-status">Review your offer. When you accept it, you sign the contract next${state.directDepositConfirmed ? "; your employer has already confirmed direct deposit" : ""}.</p>
${disclosure}
${actionForm("accept-offer", `<button type="submit" data-testid="accept-offer">Accept offer</button>`)}`,
    );
  }
  if (!isOpen(state, "signContract")) {
    return html(
      "Contract",
      `<h1>Your loan contract</h1>${err}
${disclosure}
<p data-testid="contract-status">${e(REFUSAL_WORDS.DIRECT_DEPOSIT_NOT_CONFIRMED)}</p>
<p><a class="button" href="/offer/directDeposit">Set up direct deposit</a></p>`,
    );
  }
  const sig = (
    await callApi<{ originationPaymentCalculator: string }>(
      config,
      s.token,
      "mutation ($u: String!) { originationPaymentCalculator(username: $u) }",
      { u: s.caller.username },
    )
  ).originationPaymentCalculator;
  if (sig === "FAILURE") {
    return html(
      "Contract",
      `<h1>Your contract</h1><p class="error" role="alert">We could not prepare your contract. Please try again later.</p>`,
      502,
    );
  }
  return html(
    "Contract",
    `<h1>Your loan contract</h1>${err}
${disclosure}
<p><a class="button" href="/dashboard?counters=${encodeURIComponent(sig)}" data-testid="sign-link">Review and sign your contract</a></p>`,
  );
}

/** The contract page's presses: the applicant's acceptance, and the lender's local ops actions. */
const CONTRACT_ACTIONS: Record<string, (db: Db, caller: AppSession["caller"]) => Promise<unknown>> = {
  "accept-offer": (db, caller) => lending.acceptOffer(db, caller),
  "confirm-paper-form": (db, caller) => lending.confirmPaperForm(db, caller),
  originate: (db, caller) => lending.originate(db, caller),
};

export async function dashboardApp(
  request: Request,
  rest: string[],
  deps: { config: AppsConfig; db: () => Promise<Db> },
): Promise<Response | null> {
  const isHome = rest.length === 0;
  const isContract = rest.length === 1 && rest[0] === "contract";
  const isDocuments = rest.length === 1 && rest[0] === "documents";
  if (!isHome && !isContract && !isDocuments) return null;
  const { config } = deps;
  const session = await appSession(request, deps);
  if (!session) return signInResponse(APP, new URL(request.url));
  const load = async () => (await callApi<{ loadFrontend: Load }>(config, session.token, LOAD)).loadFrontend;
  if (request.method === "POST") {
    if (!isContract) return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    if (!sameOrigin(request, config)) return new Response("Forbidden: cross-site form", { status: 403 });
    const form = await request.formData();
    try {
      const action = String(form.get("action") ?? "");
      const run = Object.hasOwn(CONTRACT_ACTIONS, action) ? CONTRACT_ACTIONS[action]! : null;
      if (!run) throw new InputError("action", "unknown action");
      await run(await deps.db(), session.caller);
      // An accepted offer goes on to what comes next (direct deposit, or signing when it is confirmed); the lender's actions back to the dashboard.
      let next = "/dashboard";
      if (action === "accept-offer") next = (await load()).appInfo.directDepositConfirmed ? "/offer/contract" : "/offer/directDeposit";
      return seeOther(next, await refreshClaims(request, config));
    } catch (error) {
      if (!(error instanceof InputError) && !(error instanceof RuleRefusal)) throw error;
      const r = await contract(await load(), session, config, error.message);
      return new Response(r.body, { status: 400, headers: r.headers });
    }
  }
  const l = await load();
  if (isDocuments) return documentsPage(l);
  return isHome ? home(l) : contract(l, session, config);
}
