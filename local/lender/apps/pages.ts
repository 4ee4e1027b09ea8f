import { NOINDEX, escapeHtml, htmlDocument, htmlResponse } from "../../infra/http/html-page";

/** Shared bits of the hosted-app stand-in pages: plain server-rendered HTML, no scripts. */

export const e = escapeHtml;

export function usd(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined) return "—";
  const cents = Math.round(dollars * 100);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

export const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${v.toFixed(2)}%`);

/** "MMM DD, YYYY" in UTC (SPEC 3). */
export function showDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return "—";
  return d.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" });
}

/** What people read for a stored application step (never the step id itself). */
const STEP_WORDS: Record<string, string> = {
  chooseEmployer: "Choosing your employer",
  loanDetails: "Telling us about the loan you need",
  personalInformation: "Telling us about yourself",
  employmentInformation: "Telling us about your job",
  authPrequal: "Checking your rate",
  prequalApprove: "Prequalified",
  prequalRej: "Not prequalified",
  consentPage: "Giving your consent",
  fundingAccount: "Linking your bank account",
  uploadIdentity: "Uploading an identity document",
  uploadPaystubs: "Uploading your pay stubs",
  uploadTenure: "Uploading proof of your time with your employer",
  verifyMD: "Confirming two small deposits",
  completeUnderReview: "Under review",
  rejected: "Not approved",
  "Offer Sent": "Your offer is ready",
  offerDetails: "Your offer is ready",
  activeLoan: "Loan active",
  "Paper Form Confirmation Pending": "Waiting for your payroll office's form",
};

export function stepWords(step: string): string {
  if (step.includes("applicationBlocked")) return "On hold";
  return STEP_WORDS[step] ?? "In progress";
}

/** The loan state (SPEC 4) in words. */
const LOAN_STATE_WORDS: Record<string, string> = {
  "not-started": "Not started",
  "in-progress": "Application in progress",
  review: "In review",
  signed: "Contract signed",
  originated: "Loan funded",
  rejected: "Not approved",
};

export function loanStateWords(state: string): string {
  return LOAN_STATE_WORDS[state] ?? stepWords(state);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f7f8f9; line-height: 1.5; }
  main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
  .banner { border: 3px dashed #b45309; background: #fffbeb; padding: .75rem 1rem; border-radius: .5rem; margin: 0 0 1rem; }
  .card { background: #fff; border: 1px solid #d4d4d4; border-radius: .5rem; padding: 1rem; margin: 0 0 1rem; }
  .ops { border: 2px dashed #6b21a8; background: #faf5ff; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h1 { font-size: 1.5rem; margin: .25rem 0 1rem; }
  h2 { font-size: 1.125rem; margin: 0 0 .5rem; }
  dl { display: grid; grid-template-columns: minmax(9rem, auto) 1fr; gap: .25rem 1rem; margin: 0; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin: 0 0 .5rem; } }
  p, li, h1, h2 { overflow-wrap: break-word; }
  table { border-collapse: collapse; width: 100%; font-size: .9375rem; }
  caption { text-align: left; font-weight: 600; padding: .25rem 0; }
  th, td { border: 1px solid #d4d4d4; padding: .375rem .5rem; text-align: left; }
  .til { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; margin: 0 0 1rem; }
  .til div { border: 2px solid #1a1a1a; padding: .5rem; }
  .til strong { display: block; font-size: .875rem; }
  .til span { font-size: 1.25rem; font-weight: 700; }
  button, .button { display: inline-block; min-height: 2.75rem; padding: .5rem 1.25rem; font: inherit; font-weight: 600;
    border-radius: .375rem; background: #166534; color: #fff; border: 1px solid #166534; cursor: pointer; text-decoration: none; }
  .ops button { background: #6b21a8; border-color: #6b21a8; }
  label { font-weight: 600; }
  input[type=file] { display: block; margin: .5rem 0 1rem; }
  .check { display: flex; gap: .5rem; align-items: flex-start; margin: 0 0 1rem; }
  .check input { width: 1.25rem; height: 1.25rem; margin-top: .2rem; }
  .check label { font-weight: 400; }
  .error { color: #991b1b; font-weight: 600; }
  a { color: #1d4ed8; }
  a:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .table-wrap { overflow-x: auto; }
`;

export function standInPage(appName: string, title: string, body: string): string {
  return htmlDocument({
    title: `${title} — ${appName} (local stand-in)`,
    meta: NOINDEX,
    style: STYLE,
    body: `<main>
<p class="banner" data-testid="stand-in-banner"><strong>Local stand-in for the hosted ${e(appName.toLowerCase())}</strong> — a plain page of this
repository's local environment, not the real app. It reads and writes through the same GraphQL API with your session.</p>
${body}
</main>`,
  });
}

/** A POST form to the page's own address; `action` names what the server does. */
export function actionForm(action: string, inner: string, options: { ops?: boolean; multipart?: boolean } = {}): string {
  const form = `<form method="post"${options.multipart ? ' enctype="multipart/form-data"' : ""}>
<input type="hidden" name="action" value="${e(action)}">
${inner}
</form>`;
  return options.ops ? opsSection(action, form) : form;
}

/**
 * The lender's own presses, done locally by hand: one labelled section per page (a page with two
 * such presses puts both in one, so its landmarks stay unique).
 */
export function opsSection(id: string, forms: string): string {
  return `<section class="ops" aria-labelledby="ops-${e(id)}"><h2 id="ops-${e(id)}">Local ops action</h2>
<p>In production the lender's staff do this. Locally you can do it yourself.</p>${forms}</section>`;
}

/** A stand-in page as a response: no scripts, framed by nobody, never stored. */
export function standInResponse(appName: string, title: string, body: string, status = 200): Response {
  return htmlResponse(standInPage(appName, title, body), status);
}

export function signInResponse(appName: string, here: URL): Response {
  return standInResponse(
    appName,
    "Sign in",
    `<h1>Sign in to continue</h1>
<p>This page needs your session.</p>
<p><a class="button" href="/login?redirect=${encodeURIComponent(here.pathname + here.search)}">Sign in</a></p>`,
    401,
  );
}
