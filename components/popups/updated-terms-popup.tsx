"use client";

import { useState } from "react";
import { ExternalLink } from "@/components/ui/external-link";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { PARTNER_TERMS, type TermsDocument } from "./partner-terms";
import { PopupDialog, popupPrimaryButton } from "./popup-dialog";

export const UPDATED_TERMS_TITLE = "Updated Terms and Conditions";
export const ACKNOWLEDGE_LABEL = "I acknowledge and agree";
/** Generic on purpose: the server's error text is never shown (SPEC 8). */
export const ACKNOWLEDGE_FAILED = "We couldn't record your acknowledgment. Please try again.";

export interface UpdatedTermsPopupProps {
  open: boolean;
  /** Records the consent (and then reloads): the popup waits for it and stays open if it fails. */
  onAcknowledge: () => Promise<void> | void;
  documents?: readonly TermsDocument[];
}

/**
 * The updated-terms consent popup: links to the partners' terms; closes only by acknowledging
 * (no outside click, no Escape, no close button). While the acknowledgment is recorded the button
 * is aria-disabled (it keeps focus) and further presses are ignored; a failure is reported in generic words and the popup stays.
 */
export function UpdatedTermsPopup({ open, onAcknowledge, documents = PARTNER_TERMS }: UpdatedTermsPopupProps) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const acknowledge = async () => {
    if (pending) return;
    setPending(true);
    setFailed(false);
    try {
      await onAcknowledge();
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <PopupDialog
      open={open}
      title={UPDATED_TERMS_TITLE}
      actions={
        <button type="button" data-autofocus className={popupPrimaryButton} aria-disabled={pending} onClick={acknowledge}>
          {pending ? "Saving…" : ACKNOWLEDGE_LABEL}
        </button>
      }
    >
      <p>
        Our payment partner and bank partner have updated their terms. Please review the documents below; by selecting &ldquo;
        {ACKNOWLEDGE_LABEL}&rdquo; you acknowledge and accept them.
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {documents.map((doc) => (
          <li key={doc.href}>
            {doc.external ? (
              <ExternalLink href={doc.href} className={classNames("text-popup underline hover:no-underline", focusRing)}>
                {doc.title}
              </ExternalLink>
            ) : (
              <a href={doc.href} className={classNames("text-popup underline hover:no-underline", focusRing)}>
                {doc.title}
              </a>
            )}
          </li>
        ))}
      </ul>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {failed ? ACKNOWLEDGE_FAILED : ""}
      </p>
    </PopupDialog>
  );
}
