"use client";

import { PopupDialog, popupPrimaryButton } from "@/components/popups/popup-dialog";
import { reloadPage } from "@/lib/browser/reload";
import { PAGE_LOAD_FAILED_TEXT, PAGE_LOAD_FAILED_TITLE, RETRY_LABEL } from "./page-load-messages";
import { SupportReference } from "./support-reference";

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
