"use client";

import { useEffect, useRef, useState } from "react";
import { signOut } from "@/components/chrome/sign-out";
import { PopupDialog, popupPrimaryButton } from "@/components/popups/popup-dialog";
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS, SERVER_ACTIVITY_PATH } from "@/lib/browser/idle-timeout";
import { watchIdle, type IdleWatch } from "@/lib/browser/idle-watch";
import { whenIdle } from "@/lib/browser/when-idle";

export const IDLE_WARNING_TITLE = `You'll be signed out in ${IDLE_WARNING_MS / 1000} seconds`;
export const IDLE_WARNING_TEXT = `You have not used the site for ${IDLE_TIMEOUT_MS / 60_000} minutes. To protect your information, we will sign you out unless you choose to stay.`;
export const STAY_SIGNED_IN = "Stay signed in";

export interface IdleSignOutProps {
  /** Tests only: what ends the session (default: the idle sign-out through the server route). */
  endSession?: (redirect: string) => void;
  /** Tests only: how the server hears the person is busy (default: POST to its activity route). */
  tellServer?: () => void;
}

/**
 * Idle sign-out for every signed-in page (mounted by the root layout when signed in): after IDLE_TIMEOUT_MS
 * without activity in any tab, an alert dialog with one button to stay; IDLE_WARNING_MS later the
 * session ends (the sign-out route revokes it and sends this tab to /login with a message; the
 * other tabs follow through lib/browser/session-broadcast). Timing: lib/browser/idle-timeout.ts.
 */
export function IdleSignOut({ endSession = defaultEndSession, tellServer = defaultTellServer }: IdleSignOutProps) {
  const [warning, setWarning] = useState(false);
  const watch = useRef<IdleWatch | null>(null);

  useEffect(() => {
    const arrivedAt = Date.now();
    // Not in the hydration's task: its first storage write can wait on the browser for milliseconds.
    return whenIdle(() => {
      const current = watchIdle({
        arrivedAt,
        onPhase: (phase) => setWarning(phase === "warning"),
        onExpire: () => endSession(`${window.location.pathname}${window.location.search}`),
        onServerActivity: tellServer,
      });
      watch.current = current;
      return current.stop;
    });
  }, [endSession, tellServer]);

  return (
    <PopupDialog
      alert
      open={warning}
      title={IDLE_WARNING_TITLE}
      actions={
        <button type="button" data-autofocus className={popupPrimaryButton} onClick={() => watch.current?.stayActive()}>
          {STAY_SIGNED_IN}
        </button>
      }
    >
      <p>{IDLE_WARNING_TEXT}</p>
    </PopupDialog>
  );
}

/** Best effort: offline or refused, the next request meets the server's own idle rule. */
function defaultTellServer(): void {
  void fetch(SERVER_ACTIVITY_PATH, { method: "POST", credentials: "same-origin", keepalive: true }).catch(() => undefined);
}

function defaultEndSession(redirect: string): void {
  void signOut({ reason: "idle", redirect });
}
