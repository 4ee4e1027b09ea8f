/**
 * What a request cut by the request deadline (request-scope.ts) is answered, in the page's own words
 * and with its request id as the reference support can find every log line by (issue 51):
 * - a server action: status 503 and content type exactly `text/plain`, the only answer Next's client
 *   passes on: its server-action reducer (next/dist/client/components/router-reducer/reducers/
 *   server-action-reducer.js, Next 16) rejects the action's promise with `new Error(body)` for a
 *   status >= 400 whose content type is `text/plain` (with a charset it says "An unexpected response
 *   was received from the server." instead). The form kit reads the reference back from that error
 *   (deadlineReference) and says the form's own words, its button enabled again;
 * - a page load: a styled HTML error page in the error fallback's words, with the reference;
 * - anything else: the same text, plain.
 * Runtime-neutral: the server writes it, the browser's form kit reads it.
 */

/** The text of every deadline answer: retry soon. */
export const DEADLINE_TEXT = "This is taking longer than it should. Please try again in a moment.";

const REFERENCE_LABEL = "Reference:";

/** Next's header on a server action's request (next/dist/client/components/app-router-headers.js ACTION_HEADER). */
export const ACTION_HEADER = "next-action";

/** The body of a server action's deadline answer: the text, then the reference. */
export function deadlineActionBody(requestId: string): string {
  return `${DEADLINE_TEXT} ${REFERENCE_LABEL} ${requestId}`;
}

/** The reference of a deadline answer, from the error a server action's call rejected with; undefined for any other error. */
export function deadlineReference(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  if (!message?.startsWith(`${DEADLINE_TEXT} ${REFERENCE_LABEL} `)) return undefined;
  const reference = message.slice(DEADLINE_TEXT.length + REFERENCE_LABEL.length + 2);
  // The request id's own shape (request-id.ts): nothing else is shown to the person.
  return /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/.test(reference) ? reference : undefined;
}

/** What a form says when its submit was cut by the deadline: the write may have happened, and a retry makes it once (its idempotency key). */
export function deadlineFormText(reference: string): string {
  return `We could not confirm this in time. Please try again in a moment: it will not be sent twice. ${REFERENCE_LABEL} ${reference}`;
}

/** The error page's words: the error fallback's (components/app-shell/error-fallback.tsx), which lib may not import. */
const PAGE_TITLE = "Something went wrong";
const PAGE_TEXT = "We couldn't show this page in time. Please try again in a moment, or go back to your dashboard.";

/** The page's only style: inline, allowed by its own CSP hash (deadlinePageCsp), no script. */
export const DEADLINE_PAGE_STYLE =
  "body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#111827;background:#f9fafb}" +
  "main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem}" +
  "section{max-width:32rem;background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:1.5rem}" +
  "h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 .75rem}" +
  ".ref{font-size:.875rem;color:#374151}.ref span{font-family:ui-monospace,monospace;word-break:break-all}" +
  "a{display:inline-flex;min-height:2.75rem;align-items:center;margin-right:.75rem;padding:.5rem 1.25rem;border:1px solid #1d4ed8;" +
  "border-radius:.375rem;color:#1d4ed8;font-weight:600;text-decoration:none}a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The error page of a page load cut by the deadline; `retryPath` is the page's own path (a link to load it again). */
export function deadlinePage(requestId: string, retryPath: string): string {
  const retry = retryPath.startsWith("/") && !retryPath.startsWith("//") ? retryPath : "/";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${PAGE_TITLE} · Employee Loans</title><style>${DEADLINE_PAGE_STYLE}</style></head>` +
    `<body><main><section aria-labelledby="error-title"><h1 id="error-title">${PAGE_TITLE}</h1><p>${PAGE_TEXT}</p>` +
    `<p><a href="${escapeHtml(retry)}">Try again</a><a href="/dashboard">Back to your dashboard</a></p>` +
    `<p class="ref">If you contact us about this, please give this reference: <span>${escapeHtml(requestId)}</span></p>` +
    `</section></main></body></html>`
  );
}
