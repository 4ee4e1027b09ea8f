/** The meta tag the root layout writes with the page's request id: what a borrower reads to support. */
export const REQUEST_ID_META = "request-id";

/** The request id of the document's own request, or undefined (a layout that failed wrote none). */
export function pageRequestId(doc: Document | undefined = globalThis.document): string | undefined {
  const content = doc?.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content");
  return content || undefined;
}
