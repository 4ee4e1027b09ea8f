import { TERM_MONTHS, dollarsToCents, percentToBps } from "../../../lib/lending/loan-math";
import { openStep } from "../../../lib/application/progress";
import { employerRequestFormHref, employerRequestRefusal } from "../../../lib/employment/employer-request";
import type { Db } from "../../infra/db";
import { InputError } from "../data/validate";
import * as lending from "../rules/operations";
import { UPLOAD_ACCEPT, UploadRefused, checkUploadedFile, readUploadForm } from "../rules/upload-content";
import {
  ApiCallError,
  appSession,
  callApi,
  refreshClaims,
  sameOrigin,
  seeOther,
  type ApiJson,
  type AppSession,
  type AppsConfig,
} from "./app-session";
import { offerSchedule, paymentHeadline, plannedSchedule, scheduleRows } from "./deduction-schedule";
import { scheduleDisclosure, type RepaymentSchedule } from "../rules/repayment-schedule";
import { incomeLimitNotice, offerShortfall, type OfferShortfall } from "../rules/offer-amount";
import { formatUsd } from "../../../lib/format/money";
import { OFFER_TERMS_FRAGMENT } from "./offer-terms";
import { SHELL_PAGE_OF_STEP } from "./shell-steps";
import { PAPER_FORM_PENDING } from "../../../lib/application/steps";
import { applicationStateOf, isOpen, type ApplicationState } from "../../../lib/application/application-machine";
import { RULE_REFUSAL_ERROR_TYPE } from "../../../lib/application/refusal-codes";
import { REFUSAL_WORDS } from "../../../lib/application/refusal-words";
import { RuleRefusal } from "../rules/machine-guard";
import { actionForm, e, opsSection, pct, showDate, signInResponse, standInResponse, stepWords, usd } from "./pages";

/**
 * The local stand-in of the hosted lending app (/api/local/apps/lending/…). For each apply step it
 * either forwards the applicant straight to the shell page that serves the step (a 303, no page in
 * between: the shell pages never send back here, so no loop), or serves the step itself as a plain
 * page that reads and writes through the GraphQL API with the user's token. A form POST acts,
 * refreshes the shell's claims and answers 303 to the shell route that comes next.
 */

const APP = "Lending app";
const BASE = "/api/local/apps/lending";

const UPLOAD_TITLES: Record<string, string> = {
  uploadIdentity: "Upload an identity document",
  uploadPaystubs: "Upload your recent pay stubs",
  uploadTenure: "Upload proof of your time with your employer",
};

const LOAD = /* GraphQL */ `
  query {
    loadFrontend {
      applicationStep
      appInfo {
        step
        username
        primary_email
        employer
        employerName
        amountAppliedFor
        stateOfResidence
        loanReason
        evolveConsent
        directDepositConfirmed
        directDepositConfirmedBy
        rejectionReason
        personal {
          given_name
          family_name
        }
        employment {
          jobTitle
          salary
          additionalIncome
          payFrequency
          payMonths
          startDate
          requirePaystubs
        }
        offer {
          ...OfferTerms
          contractSigned
          offerAccepted
        }
        prequalification {
          preQualificationStatus
          preQualificationFailureReason
          preQualifiedAmount
          preQualifiedInterestRate
          preQualifiedTerm
          preQualifiedOriginationFee
          creditDenialReason
        }
      }
    }
  }
  ${OFFER_TERMS_FRAGMENT}
`;

type Load = { applicationStep: string; appInfo: ApiJson; paymentType?: string | null };

const EMPLOYER_PAYMENT_TYPE = "mutation ($id: ID!) { loadEmployer(employerId: $id) { defaultPaymentType } }";

async function load(config: AppsConfig, s: AppSession): Promise<Load> {
  const l = (await callApi<{ loadFrontend: Load }>(config, s.token, LOAD)).loadFrontend;
  // How the loan will be repaid before an offer says so: the employer's payment type (SPEC 3).
  if (l.applicationStep !== "prequalApprove" || !l.appInfo.employer) return l;
  const employer = (
    await callApi<{ loadEmployer: { defaultPaymentType: string | null } | null }>(config, s.token, EMPLOYER_PAYMENT_TYPE, {
      id: l.appInfo.employer,
    })
  ).loadEmployer;
  return { ...l, paymentType: employer?.defaultPaymentType ?? null };
}

const page = (title: string, body: string, status = 200) => standInResponse(APP, title, body, status);

/** The machine's facts from the load (lib/application/application-machine.ts). */
const stateOf = (l: Load): ApplicationState => applicationStateOf({ ...l.appInfo, step: l.applicationStep });

function stepLine(step: string): string {
  return `<p>Where your application is: <strong data-testid="application-step" data-step="${e(step)}">${e(stepWords(step))}</strong>.</p>`;
}

/**
 * The Truth in Lending box (Reg Z §1026.18): the APR, finance charge and total of payments of the
 * payment schedule that will be collected (Appendix J on that schedule), and the schedule itself.
 */
export function truthInLending(terms: { principalCents: number; feeCents: number; rateBps: number }, schedule: RepaymentSchedule): string {
  const d = scheduleDisclosure(terms, schedule);
  return `<section class="card" aria-labelledby="til">
<h2 id="til">Truth in Lending disclosure</h2>
<div class="til" data-testid="til">
  <div><strong>Annual percentage rate</strong><span data-testid="til-apr">${pct(d.aprBps / 100)}</span><br><small>The cost of your credit as a yearly rate.</small></div>
  <div><strong>Finance charge</strong><span data-testid="til-finance-charge">${usd(d.financeChargeCents / 100)}</span><br><small>The dollar amount the credit will cost you.</small></div>
  <div><strong>Amount financed</strong><span data-testid="til-amount-financed">${usd(d.amountFinancedCents / 100)}</span><br><small>The amount of credit provided to you.</small></div>
  <div><strong>Total of payments</strong><span data-testid="til-total">${usd(d.totalOfPaymentsCents / 100)}</span><br><small>What you will have paid after all scheduled payments.</small></div>
</div>
<div class="table-wrap"><table data-testid="til-schedule">
<caption>Payment schedule</caption>
<thead><tr><th scope="col">Number of payments</th><th scope="col">Amount of each payment</th><th scope="col">When payments are due</th></tr></thead>
<tbody>${scheduleRows(schedule)}</tbody></table></div>
<p>Prepaid finance charge (origination fee): ${usd(terms.feeCents / 100)}. Interest rate ${pct(terms.rateBps / 100)}. No penalty for paying early.</p>
</section>`;
}

function prequalTerms(info: ApiJson): { principalCents: number; feeCents: number; rateBps: number } | null {
  const q = info.prequalification;
  if (!q?.preQualificationStatus) return null;
  return {
    principalCents: dollarsToCents(q.preQualifiedAmount),
    feeCents: dollarsToCents(q.preQualifiedOriginationFee),
    rateBps: percentToBps(q.preQualifiedInterestRate),
  };
}

const wholeUsd = (dollars: number) => formatUsd(dollars, { cents: false });

/** Salary and additional income as the rate check counts them (local/lender/rules/offer-amount). */
function annualIncome(info: ApiJson): number {
  return (info.employment?.salary ?? 0) + (info.employment?.additionalIncome ?? 0);
}

/**
 * Before the rate check: the amount asked is more than the income given allows (issue 42: the
 * conflict names the earlier answer and leads to its fix while it can still be made).
 */
function incomeLimitSection(info: ApiJson): string {
  if (info.amountAppliedFor === null || info.amountAppliedFor === undefined || !info.employment?.salary) return "";
  const notice = incomeLimitNotice({ askedDollars: info.amountAppliedFor, annualIncome: annualIncome(info) });
  if (!notice) return "";
  return `<section class="card" data-testid="income-limit" aria-label="The amount we can offer">
<p>${e(notice)}</p>
<p><a class="button" href="/employment">Correct your income</a></p>
</section>`;
}

/** After the rate check: why the amount offered is lower than asked, and what can be done. */
function shortfallSection(s: OfferShortfall): string {
  return `<section class="card" data-testid="offer-shortfall" data-limit="${e(s.limit)}" aria-label="Why the amount is lower">
<p>${e(s.message)}</p>${s.fix ? `\n<p>${e(s.fix)}</p>` : ""}
</section>`;
}

function renderStep(step: string, l: Load, notice = ""): Response {
  const info = l.appInfo;
  const stored = l.applicationStep;
  const err = notice ? `<p class="error" role="alert">${e(notice)}</p>` : "";
  const shell = SHELL_PAGE_OF_STEP[step];
  if (shell) return new Response(null, { status: 303, headers: { location: shell, "cache-control": "no-store" } });
  const here = (wanted: string | string[]) => (Array.isArray(wanted) ? wanted.includes(stored) : stored === wanted);
  // A page the person navigated to, not a failed call: 200, as a hosted app answers an earlier step it no longer offers.
  // It names the open step and links straight to it (issue 42), by the shell's own pure rule.
  const elsewhere = () => {
    const open = openStep(stored);
    return page(
      "Not this step",
      `<h1>This step is not open</h1>${err}${stepLine(stored)}<p>The open step is ${e(open.label)}.</p><p><a href="${e(open.href)}">Go to ${e(open.label)}</a></p>`,
    );
  };

  switch (step) {
    case "authPrequal": {
      if (!here("authPrequal")) return elsewhere();
      return page(
        "Check my rate",
        `<h1>Check my rate</h1>${err}
<section class="card"><h2>What we will check</h2><dl>
<dt>Employer</dt><dd>${e(info.employerName ?? "—")}</dd>
<dt>Amount</dt><dd>${usd(info.amountAppliedFor)}</dd>
<dt>State</dt><dd>${e(info.stateOfResidence ?? "—")}</dd>
<dt>Job</dt><dd>${e(info.employment?.jobTitle ?? "—")}, since ${showDate(info.employment?.startDate)}</dd>
<dt>Salary</dt><dd>${usd(info.employment?.salary)} a year</dd>
</dl></section>
${incomeLimitSection(info)}
<p>Checking your rate uses a soft credit check, which does not affect your credit score.</p>
${actionForm("prequalify", `<button type="submit">Check my rate</button>`)}`,
      );
    }
    case "prequalApprove": {
      const terms = prequalTerms(info);
      if (!terms) return elsewhere();
      const schedule = plannedSchedule(terms, info.employment, l.paymentType);
      const shortfall =
        info.amountAppliedFor === null || info.amountAppliedFor === undefined
          ? null
          : offerShortfall({
              askedDollars: info.amountAppliedFor,
              offeredDollars: terms.principalCents / 100,
              annualIncome: annualIncome(info),
            });
      return page(
        "You are prequalified",
        `<h1>You are prequalified</h1>${err}
<section class="card"><dl data-testid="quote">
<dt>Amount</dt><dd>${usd(terms.principalCents / 100)}</dd>
<dt>Interest rate</dt><dd>${pct(terms.rateBps / 100)}</dd>
<dt>Term</dt><dd>${TERM_MONTHS} months</dd>
<dt>Origination fee</dt><dd>${usd(terms.feeCents / 100)}</dd>
<dt>Payment</dt><dd data-testid="quote-payment">${paymentHeadline(schedule)}</dd>
</dl></section>
${shortfall ? shortfallSection(shortfall) : ""}
${truthInLending(terms, schedule)}
${
  here("prequalApprove")
    ? actionForm(
        "continue",
        `<button type="submit">${shortfall ? `Continue with ${e(wholeUsd(terms.principalCents / 100))}` : "Continue"}</button>`,
      )
    : `<p><a href="/apply">Go to your current step</a></p>`
}`,
      );
    }
    case "prequalRej": {
      const q = info.prequalification;
      return page(
        "We cannot prequalify you",
        `<h1>We cannot prequalify you right now</h1>${stepLine(stored)}
<section class="card"><p data-testid="rejection-reason">${e(q?.preQualificationFailureReason ?? info.rejectionReason ?? "No reason recorded")}</p></section>
<p><a href="/dashboard">Back to dashboard</a></p>`,
      );
    }
    case "consentPage": {
      if (!here("consentPage")) return elsewhere();
      return page(
        "Consent",
        `<h1>Your consent</h1>${err}
${actionForm(
  "consent",
  `<div class="check"><input type="checkbox" id="consent" name="consent" value="yes" required>
<label for="consent">I agree to receive disclosures electronically (<a href="/esign">E-sign consent</a>), to the
<a href="/tcpa">TCPA consent</a> and to the partner bank's terms.</label></div>
<button type="submit">Agree and continue</button>`,
)}`,
      );
    }
    case "uploadIdentity":
    case "uploadPaystubs":
    case "uploadTenure": {
      if (!here(step)) return elsewhere();
      return page(
        UPLOAD_TITLES[step]!,
        `<h1>${e(UPLOAD_TITLES[step]!)}</h1>${err}
<p>The local stand-in keeps only the file's name and size.</p>
${actionForm(
  "upload",
  `<label for="file">Document (PDF, JPEG, PNG or HEIC, up to 10 MB)</label>
<input type="file" id="file" name="file" required accept="${UPLOAD_ACCEPT}">
<button type="submit">Upload</button>`,
  { multipart: true },
)}`,
      );
    }
    case "completeUnderReview": {
      if (!here("completeUnderReview")) return elsewhere();
      return page(
        "Under review",
        `<h1>Your application is under review</h1>${err}${stepLine(stored)}
<p>We are checking your details. We will e-mail you when your offer is ready.</p>
${opsSection(
  "review",
  `${actionForm("complete-review", `<button type="submit">Complete the review and send the offer</button>`)}
${actionForm("decline-review", `<button type="submit">Decline the application after review</button>`)}`,
)}`,
      );
    }
    case "offerDetails": {
      const terms = prequalTerms(info);
      if (stored !== "Offer Sent" || !terms || !info.offer) return elsewhere();
      const o = info.offer;
      const schedule = offerSchedule(o, info.employment);
      return page(
        "Your offer",
        `<h1>Your loan offer</h1>${err}
<section class="card"><dl data-testid="offer">
<dt>Amount financed</dt><dd>${usd(o.offerAmountFinanced)}</dd>
<dt>APR</dt><dd>${pct(o.offerOriginalAPR)}</dd>
<dt>Payment</dt><dd data-testid="offer-payment">${paymentHeadline(schedule)}</dd>
<dt>Term</dt><dd>${e(String(o.offerTerm))} months</dd>
</dl></section>
${truthInLending(terms, schedule)}
${
  isOpen(stateOf(l), "acceptOffer")
    ? actionForm("accept", `<button type="submit">Accept offer</button>`)
    : `<p data-testid="offer-accepted">You have accepted this offer.</p><p><a class="button" href="${info.directDepositConfirmed ? "/offer/contract" : "/offer/directDeposit"}">${info.directDepositConfirmed ? "Sign your contract" : "Set up direct deposit"}</a></p>`
}`,
      );
    }
    case PAPER_FORM_PENDING:
      return page(
        "Waiting for your payroll office",
        `<h1>Waiting for your payroll office</h1>${err}${stepLine(stored)}
<p>We sent the payroll deduction form to your payroll office. When they confirm it, your contract is ready to sign and we will e-mail you.</p>
<p><a class="button" href="/offer/contract">See your contract's status</a></p>`,
      );
    default:
      return page(
        "Nothing to do here",
        `<h1>Nothing to do in the lending app</h1>${stepLine(stored)}<p><a href="/dashboard">Back to dashboard</a></p>`,
      );
  }
}

/** The direct-deposit page's status, by who confirmed it (appInfo.directDepositConfirmedBy). */
export const DIRECT_DEPOSIT_CONFIRMED_BY = {
  payroll: "Confirmed by your employer through payroll linking",
  applicant: "Confirmed by you: you asked your payroll office to send the deduction",
} as const;

function renderDirectDeposit(l: Load, notice = ""): Response {
  const info = l.appInfo;
  const o = info.offer;
  const err = notice ? `<p class="error" role="alert">${e(notice)}</p>` : "";
  if (l.applicationStep !== "Offer Sent" || !o) {
    return page(
      "Direct deposit",
      `<h1>No offer to set up</h1>${err}${stepLine(l.applicationStep)}<p><a href="/dashboard">Back to dashboard</a></p>`,
      409,
    );
  }
  const by = info.directDepositConfirmed
    ? (DIRECT_DEPOSIT_CONFIRMED_BY[info.directDepositConfirmedBy as keyof typeof DIRECT_DEPOSIT_CONFIRMED_BY] ?? "Confirmed")
    : undefined;
  const state = stateOf(l);
  // The confirmation is asked for only while the rules take it: not before the offer is accepted, not once confirmed.
  let confirm: string;
  if (isOpen(state, "confirmDirectDeposit")) {
    confirm = actionForm(
      "confirm-direct-deposit",
      `<div class="check"><input type="checkbox" id="dd" name="dd" value="yes" required>
<label for="dd">I have asked my payroll office to send ${usd(o.offerDeductionAmount)} of each paycheck to the loan account.</label></div>
<button type="submit">Confirm direct deposit</button>`,
    );
  } else if (state.directDepositConfirmed) {
    // Once confirmed (by the employer's payroll, or by the applicant's tick) nothing is asked again: the way on is the contract.
    confirm = `<p><a class="button" href="/offer/contract" data-testid="to-contract">${state.offerAccepted ? "Go to your contract" : "Review and accept your offer"}</a></p>`;
  } else {
    confirm = `<p data-testid="direct-deposit-not-yet">${e(REFUSAL_WORDS.OFFER_NOT_ACCEPTED)}</p><p><a class="button" href="/apply/offerDetails">See your offer</a></p>`;
  }
  return page(
    "Direct deposit",
    `<h1>Set up your payroll deduction</h1>${err}
<section class="card"><dl>
<dt>Employer</dt><dd>${e(info.employerName ?? "—")}</dd>
<dt>Deduction</dt><dd data-testid="deduction">${paymentHeadline(offerSchedule(o, info.employment))}</dd>
<dt>Status</dt><dd data-testid="direct-deposit-status">${e(by ?? "Not set up yet")}</dd>
</dl></section>
${confirm}`,
  );
}

/**
 * A refusal as the person reads it: without the internal field name the API's message starts with
 * ("file: The file is larger than 10 MB…" reads "The file is larger than 10 MB…"), as a sentence.
 */
export function personMessage(message: string): string {
  const text = message.replace(/^[A-Za-z_][\w.]*: /, "").trim();
  if (!text) return "Please check what you entered and try again.";
  const sentence = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

function fail(error: unknown): string {
  if (error instanceof InputError) return personMessage(error.message);
  // Refused by the application's state machine: its words say why (closed, not yet, what first).
  if (error instanceof RuleRefusal) return error.message;
  if (error instanceof ApiCallError && error.errorType === RULE_REFUSAL_ERROR_TYPE) return error.message;
  if (error instanceof ApiCallError && error.errorType === "BadRequestException") return personMessage(error.message);
  throw error;
}

/** The step the requested path asks for (its own step, or the stored one for /apply). */
function requestedStep(rest: string[], stored: string): string {
  const asked = rest[0] === "apply" ? rest[1] : undefined;
  if (asked) return asked;
  if (stored === "Offer Sent") return "offerDetails";
  return stored;
}

export async function lendingApp(
  request: Request,
  rest: string[],
  deps: { config: AppsConfig; db: () => Promise<Db> },
): Promise<Response | null> {
  const isApply = rest[0] === "apply" && rest.length <= 2;
  const isDirectDeposit = rest[0] === "direct-deposit" && rest.length === 1;
  if (!isApply && !isDirectDeposit) return null;
  const { config } = deps;
  const session = await appSession(request, deps);
  const here = new URL(request.url);
  if (!session) return signInResponse(APP, here);

  if (request.method === "POST") {
    if (!sameOrigin(request, config)) return new Response("Forbidden: cross-site form", { status: 403 });
    // Counted while it streams: an upload over the stated limit is refused with the page's own words.
    const form = await readUploadForm(request).catch((error: unknown) => error as Error);
    const l = await load(config, session);
    const step = isDirectDeposit ? "directDeposit" : requestedStep(rest, l.applicationStep);
    try {
      if (form instanceof Error) throw form instanceof UploadRefused ? new InputError("file", form.message) : form;
      const action = String(form.get("action") ?? "");
      const next = await act(action, step, form, session, deps, l);
      return seeOther(next, await refreshClaims(request, config));
    } catch (error) {
      const notice = fail(error);
      const fresh = await load(config, session);
      const response = isDirectDeposit ? renderDirectDeposit(fresh, notice) : renderStep(step, fresh, notice);
      return new Response(response.body, { status: 400, headers: response.headers });
    }
  }
  const l = await load(config, session);
  // SPEC 2's /employerRequest arrives as /apply?employerName=…: where the request is open (the
  // employer step), the shell's request form on that name; elsewhere the step's page, as for /apply.
  const employerName = here.searchParams.get("employerName");
  if (rest.length === 1 && employerName !== null && employerRequestRefusal(l.applicationStep) === null)
    return seeOther(employerRequestFormHref(employerName));
  return isDirectDeposit ? renderDirectDeposit(l) : renderStep(requestedStep(rest, l.applicationStep), l);
}

const SET_STEP = "mutation ($s: String!) { setApplicationStep(applicationStep: $s) { applicationStep } }";

/** Runs one form action and answers where the applicant goes next (a shell route). */
async function act(
  action: string,
  step: string,
  form: FormData,
  s: AppSession,
  deps: { config: AppsConfig; db: () => Promise<Db> },
  l: Load,
): Promise<string> {
  const { config } = deps;
  switch (`${step}:${action}`) {
    case "authPrequal:prequalify": {
      const r = await callApi<{ preQualification: { preQualificationStatus: boolean } }>(
        config,
        s.token,
        "mutation ($u: String!) { preQualification(username: $u) { preQualificationStatus } }",
        { u: s.caller.username },
      );
      // A refusal makes the loan state rejected, and the shell's /apply then says restricted: the result is shown here.
      return r.preQualification.preQualificationStatus ? "/apply/prequalApprove" : `${BASE}/apply/prequalRej`;
    }
    case "prequalApprove:continue":
      await callApi(config, s.token, SET_STEP, { s: "consentPage" });
      return "/apply/consentPage";
    case "consentPage:consent":
      if (form.get("consent") !== "yes") throw new InputError("consent", "tick the box to agree");
      await callApi(config, s.token, "mutation { setEvolveConsent(consent: true) }");
      await callApi(config, s.token, SET_STEP, { s: "fundingAccount" });
      return "/apply/fundingAccount";
    case "uploadIdentity:upload":
    case "uploadPaystubs:upload":
    case "uploadTenure:upload": {
      const file = form.get("file");
      if (!(file instanceof File) || (file.size === 0 && !file.name)) throw new InputError("file", "choose a file to upload");
      const checked = await checkUploadedFile(file);
      if (!checked.ok) throw new InputError("file", checked.message);
      const db = await deps.db();
      await lending.recordUpload(db, s.caller, step, file.name, file.size, checked.contentType);
      if (step === "uploadIdentity" && l.appInfo.employment?.requirePaystubs) {
        await callApi(config, s.token, SET_STEP, { s: "uploadPaystubs" });
        return "/apply/uploadPaystubs";
      }
      const accounts = (await callApi<{ accounts: { verified: boolean }[] }>(config, s.token, "query { accounts { verified } }")).accounts;
      if (accounts.some((a) => !a.verified)) {
        await callApi(config, s.token, SET_STEP, { s: "verifyMD" });
        return "/apply/verifyMD";
      }
      const submitted = await lending.submitForReview(db, s.caller);
      if (submitted.missing.length > 0) throw new InputError("application", `still missing: ${submitted.missing.join(", ")}`);
      return "/apply/completeUnderReview";
    }
    case "completeUnderReview:decline-review":
      await lending.declineReview(await deps.db(), s.caller);
      return "/apply";
    case "completeUnderReview:complete-review": {
      const r = await lending.completeReview(await deps.db(), s.caller);
      if (r.missing.length > 0) throw new InputError("application", `the review cannot finish: missing ${r.missing.join(", ")}`);
      return "/apply";
    }
    case "offerDetails:accept":
      await lending.acceptOffer(await deps.db(), s.caller);
      // Direct deposit already confirmed (payroll linking): the contract is next.
      return l.appInfo.directDepositConfirmed ? "/offer/contract" : "/offer/directDeposit";
    case "directDeposit:confirm-direct-deposit":
      if (form.get("dd") !== "yes") throw new InputError("dd", "tick the box to confirm");
      await lending.confirmDirectDeposit(await deps.db(), s.caller);
      return "/offer/contract";
    default:
      throw new InputError("action", `this page cannot do that at "${stepWords(step)}"; reload it to see where your application is`);
  }
}
