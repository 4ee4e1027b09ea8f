"use client";

import { AppLink } from "@/components/ui/app-link";
import { PopupDialog, popupPrimaryButton } from "./popup-dialog";

export const CREDENTIALS_EXPIRED_TITLE = "Account Credentials Expired";
export const CREDENTIALS_EXPIRED_TEXT = "Your account linking credentials expired. Please login again.";
export const LOGIN_AGAIN_LABEL = "Log in again";

export interface CredentialsExpiredPopupProps {
  open: boolean;
  /** Where to come back to after logging in (the current path, typically); sent as ?redirect=. */
  redirectTo?: string;
  /** When given, Escape closes the popup through it; without it the popup only leads to /login. */
  onClose?: () => void;
  /**
   * When given, "Log in again" is a button that runs it (the bank page reopens the bank-linking
   * widget in update mode, SPEC 4) instead of a link to /login.
   */
  onLoginAgain?: () => void;
}

/** SPEC 8: "Account Credentials Expired" with a way to log in again (/login). */
export function CredentialsExpiredPopup({ open, redirectTo, onClose, onLoginAgain }: CredentialsExpiredPopupProps) {
  const href = redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <PopupDialog
      open={open}
      title={CREDENTIALS_EXPIRED_TITLE}
      onEscape={onClose}
      actions={
        <>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-popup"
            >
              Not now
            </button>
          )}
          {onLoginAgain ? (
            <button type="button" onClick={onLoginAgain} data-autofocus className={popupPrimaryButton}>
              {LOGIN_AGAIN_LABEL}
            </button>
          ) : (
            <AppLink href={href} data-autofocus className={popupPrimaryButton}>
              {LOGIN_AGAIN_LABEL}
            </AppLink>
          )}
        </>
      }
    >
      <p>{CREDENTIALS_EXPIRED_TEXT}</p>
    </PopupDialog>
  );
}
