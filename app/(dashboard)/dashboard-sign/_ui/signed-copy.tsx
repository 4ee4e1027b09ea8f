"use client";

import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { FILING_WITHIN_MINUTES, documentUrlStillGood } from "@/lib/esign/signed-contract";
import type { SignedCopyResult } from "../actions";

export type CopyState =
  | { kind: "checking" }
  /** In the documents, behind a signed URL minted at `mintedAt` (ms since the epoch). */
  | { kind: "ready"; url: string; fileName: string; mintedAt: number }
  /** Not filed yet: the provider's callback is asynchronous. `checked`: the reader asked and it was still not there. */
  | { kind: "pending"; checked: boolean }
  | { kind: "failed" };

const stateFor = (result: SignedCopyResult, checked: boolean): CopyState => {
  if (!result.ok) return { kind: "failed" };
  return result.copy ? { kind: "ready", ...result.copy, mintedAt: Date.now() } : { kind: "pending", checked };
};

const linkClass = classNames(
  "inline-flex min-h-11 items-center justify-center rounded-md border border-brand bg-white px-5 py-2 text-sm font-semibold text-brand hover:bg-brand-light",
  focusRing,
);

const inlineLink = classNames("font-semibold text-brand underline", focusRing);

/**
 * Where the copy also stays, said as it is now (issue 49): from filing, the dashboard's contract
 * page and documents; once the loan is funded, the documents (the contract page then says the loan
 * is active).
 */
export function WhereCopyStays({ funded }: { funded: boolean }) {
  return (
    <p className="text-sm text-gray-700" data-copy-stays={funded ? "documents" : "contract-page"}>
      {funded ? (
        <>
          A copy also stays in{" "}
          <AppLink href="/statements" className={inlineLink}>
            your documents
          </AppLink>{" "}
          on your dashboard.
        </>
      ) : (
        <>
          A copy also stays on your dashboard: on{" "}
          <AppLink href="/offer/contract" className={inlineLink}>
            your contract page
          </AppLink>{" "}
          and in{" "}
          <AppLink href="/statements" className={inlineLink}>
            your documents
          </AppLink>
          .
        </>
      )}
    </p>
  );
}

/**
 * The signed contract's copy after signing (issue 42): a download from the borrower's documents
 * (SPEC 3, loadFrontend), or, while the provider's callback has not filed it, when it will be there
 * and a way to check again. Never a link that cannot work: a URL near its expiry is asked for
 * afresh when followed.
 */
export function SignedCopy({
  signatureId,
  requestCopy,
  initial,
  funded = false,
}: {
  signatureId: string;
  requestCopy: (signatureId: string) => Promise<SignedCopyResult>;
  /** The loan is funded (loan state originated): where the copy also stays depends on it. */
  funded?: boolean;
  /** What the server found while rendering the page; without it, the copy is looked for on mount. */
  initial?: SignedCopyResult;
}) {
  const [state, setState] = useState<CopyState>(() => (initial ? stateFor(initial, false) : { kind: "checking" }));
  const link = useRef<HTMLAnchorElement>(null);
  const focusLink = useRef(false);

  const check = useCallback(
    async (checked: boolean): Promise<CopyState> => {
      const next = await requestCopy(signatureId).then(
        (result) => stateFor(result, checked),
        (): CopyState => ({ kind: "failed" }),
      );
      setState(next);
      return next;
    },
    [requestCopy, signatureId],
  );

  const arriving = useRef(!initial);
  useEffect(() => {
    if (!arriving.current) return;
    arriving.current = false;
    void check(false);
  }, [check]);

  // A copy found by the reader's own check takes the focus from the button that is gone.
  useEffect(() => {
    if (state.kind === "ready" && focusLink.current) {
      focusLink.current = false;
      link.current?.focus();
    }
  }, [state.kind]);

  const checkAgain = () => {
    focusLink.current = true;
    setState({ kind: "checking" });
    void check(true);
  };

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (state.kind !== "ready" || documentUrlStillGood(state.mintedAt, Date.now())) return;
    // The signed URL is about to expire: a fresh one, then the download.
    event.preventDefault();
    setState({ kind: "checking" });
    void check(false).then((next) => {
      if (next.kind === "ready") window.location.assign(next.url);
    });
  };

  switch (state.kind) {
    case "checking":
      return (
        <p role="status" data-signed-copy="checking" className="text-gray-800">
          Looking for your signed copy…
        </p>
      );
    case "ready":
      return (
        <div data-signed-copy="ready" className="flex flex-col items-start gap-2">
          <a ref={link} href={state.url} download={state.fileName} onClick={follow} className={linkClass}>
            Download your signed contract (PDF)
          </a>
          <WhereCopyStays funded={funded} />
        </div>
      );
    case "pending":
    case "failed":
      return (
        <div data-signed-copy={state.kind} className="flex flex-col items-start gap-2">
          <p role="status" className="text-gray-800">
            {state.kind === "pending"
              ? `Your signed copy will be in your documents within ${FILING_WITHIN_MINUTES} minutes, once the e-signature service confirms your signature.${state.checked ? " It isn't there yet." : ""}`
              : "We couldn't check your documents just now. Your contract is signed; your copy will be in your documents."}
          </p>
          <button type="button" onClick={checkAgain} className={linkClass}>
            Check for your signed copy
          </button>
        </div>
      );
  }
}
