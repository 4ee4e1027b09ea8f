"use client";

import { useEffect, useState } from "react";
import { pageRequestId } from "@/lib/browser/page-request-id";

/**
 * The reference a borrower reads to support on an error: a server error's digest (logged with the
 * request id by onRequestError), else the page's own request id (every server line of that page
 * load carries it). Read after mount: the document is the browser's.
 */
export function SupportReference({ error }: { error?: unknown }) {
  const digest = (error as { digest?: unknown } | null | undefined)?.digest;
  const [requestId, setRequestId] = useState<string>();
  useEffect(() => setRequestId(pageRequestId()), []);
  const reference = typeof digest === "string" && digest ? digest : requestId;
  if (!reference) return null;
  return (
    <p className="mt-3 text-sm text-gray-700">
      If you contact us about this, please give this reference: <span className="font-mono break-all">{reference}</span>
    </p>
  );
}
