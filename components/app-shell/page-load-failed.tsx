"use client";

import { PopupDialog, popupPrimaryButton } from "@/components/popups/popup-dialog";
import { reloadPage } from "@/lib/client/reload";
import { SupportReference } from "./support-reference";

export const PAGE_LOAD_FAILED_TITLE = "This page failed to load";
export const PAGE_LOAD_FAILED_TEXT = "Part of this page could not be downloaded. Please check your connection and try again.";
export const RETRY_LABEL = "Retry";

/** The load error of SPEC 8 (a code chunk failed or took longer than 120 s), with a retry. */
export function PageLoadFailedPopup({ open }: { open: boolean }) {
  return (
    <PopupDialog
      open={open}
      title={PAGE_LOAD_FAILED_TITLE}
      actions={
        <button type="button" data-autofocus className={popupPrimaryButton} onClick={reloadPage}>
          {RETRY_LABEL}
        </button>
      }
    >
      <p>{PAGE_LOAD_FAILED_TEXT}</p>
      <SupportReference />
    </PopupDialog>
  );
}
