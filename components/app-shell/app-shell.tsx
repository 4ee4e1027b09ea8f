"use client";

import { type ReactNode, useEffect, useState } from "react";
import { NotificationsProvider } from "@/components/notifications/notifications";
import { onChunkLoadFailure, watchChunkLoads } from "@/lib/browser/chunk-load";
import { captureGlobalErrors, configureClientErrorLogging, logClientError } from "@/lib/browser/error-logging";
import { reloadPage } from "@/lib/browser/reload";
import { reloadOnServiceWorkerUpdate, unregisterServiceWorkers } from "@/lib/browser/service-workers";
import { idleSignInPath } from "@/lib/browser/idle-timeout";
import { onSignOutElsewhere } from "@/lib/browser/session-broadcast";
import { whenIdle } from "@/lib/browser/when-idle";
import { clearAllDrafts } from "@/lib/forms/draft-store";
import { PageLoadFailedPopup } from "./page-load-failed";

export interface AppShellProps {
  /** PublicConfig.graphql.url: where client errors are logged. */
  graphqlUrl: string;
  children: ReactNode;
}

/**
 * The browser side of the shell, mounted once by the root layout around every page:
 *  - notifications (useNotify),
 *  - no offline workers: all service workers are unregistered at start (once the main thread is
 *    idle), and a worker update that still happens reloads the page after SW_UPDATE_RELOAD_MS,
 *  - code-chunk load failures and chunk loads over CHUNK_LOAD_TIMEOUT_MS show "This page failed to
 *    load" with a retry,
 *  - uncaught errors and unhandled rejections are logged through the logs mutation, never shown,
 *  - a sign-out in another tab reloads this one (lib/browser/session-broadcast.ts); an idle
 *    sign-out there sends this one to /login with the idle message.
 */
export function AppShell({ graphqlUrl, children }: AppShellProps) {
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    configureClientErrorLogging({ graphqlUrl });
    const cleanups = [
      captureGlobalErrors(window),
      // The first touch of navigator.serviceWorker costs the browser milliseconds: not in the hydration's task.
      whenIdle(() => {
        void unregisterServiceWorkers();
        return reloadOnServiceWorkerUpdate(reloadPage);
      }),
      // Signed out in another tab: reload, so the edge decides without the session; signed out
      // for being idle: to /login with the same message as that tab, coming back here after.
      onSignOutElsewhere((reason) => {
        clearAllDrafts();
        if (reason === "idle") window.location.replace(idleSignInPath(`${window.location.pathname}${window.location.search}`));
        else reloadPage();
      }),
      watchChunkLoads(),
      onChunkLoadFailure((failure) => {
        setLoadFailed(true);
        logClientError("chunk", `${failure.reason === "timeout" ? "chunk load timed out" : "chunk load failed"}: ${failure.source}`);
      }),
    ];
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [graphqlUrl]);

  return (
    <NotificationsProvider>
      {children}
      <PageLoadFailedPopup open={loadFailed} />
    </NotificationsProvider>
  );
}
