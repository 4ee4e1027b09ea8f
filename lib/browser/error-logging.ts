import { idTokenOnDemand } from "@/lib/auth/amplify-on-demand";
import { pageRequestId } from "./page-request-id";

/**
 * Client error logging (SPEC 8: most client errors are logged, not shown). Uncaught errors,
 * unhandled rejections and what error boundaries catch are sent through the `logs` mutation with
 * the signed-in user's ID token. Never shown, never thrown: a failure to log is swallowed. Per page
 * load at most MAX_LOGS_PER_PAGE messages are sent, and an identical message only once.
 */

export const MAX_LOGS_PER_PAGE = 10;
/** The API refuses messages over 10 000 characters; stay well under. */
export const MAX_MESSAGE_LENGTH = 2000;

/** Noise that says nothing about our code: cross-origin script errors and a benign browser warning. */
const IGNORED = [/^script error\.?$/i, /^ResizeObserver loop/i];

export type LogSource = "error" | "unhandledrejection" | "boundary" | "chunk";

export interface ErrorLoggerDeps {
  /** The GraphQL endpoint (PublicConfig.graphql.url). */
  graphqlUrl: string;
  getIdToken?: () => Promise<string | null>;
  send?: (graphqlUrl: string, idToken: string, message: string) => Promise<unknown>;
  /** The page path (no query string: it may carry personal data). */
  path?: () => string;
  /** The page's request id, so a client error can be joined to the server's lines for the same page. */
  requestId?: () => string | undefined;
  limit?: number;
}

export interface ClientErrorLogger {
  /** Queues one error for logging; resolves when it has been sent, skipped or failed. Never rejects. */
  log(source: LogSource, error: unknown): Promise<void>;
  /** How many messages have been handed to the API on this page load. */
  readonly sent: number;
}

/** The text the IGNORED patterns are tested against. */
function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : "";
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const frame = error.stack
      ?.split("\n")
      .map((line) => line.trim())
      .find((line) => line.startsWith("at ") || line.includes("@"));
    const digest = (error as { digest?: unknown }).digest;
    return [
      `${error.name}: ${error.message}`,
      typeof digest === "string" ? `digest ${digest}` : undefined,
      frame ? `(${frame})` : undefined,
    ]
      .filter(Boolean)
      .join(" ");
  }
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The text sent for an error: source, page path, request id and the error, on one line, capped in length. */
export function formatLogMessage(source: LogSource, error: unknown, path: string, requestId?: string): string {
  const request = requestId ? ` (request ${requestId})` : "";
  const text = `client ${source} at ${path}${request}: ${describe(error)}`.replace(/\s+/g, " ").trim();
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

// The GraphQL client loads only when there is something to log: it is not in every page's first load.
async function sendThroughLogs(graphqlUrl: string, idToken: string, message: string): Promise<unknown> {
  const [{ userClient }, { logs }] = await Promise.all([import("@/lib/graphql/client"), import("@/lib/graphql/operations")]);
  return logs(userClient(graphqlUrl, idToken), message);
}

export function createClientErrorLogger(deps: ErrorLoggerDeps): ClientErrorLogger {
  const {
    graphqlUrl,
    getIdToken = idTokenOnDemand,
    send = sendThroughLogs,
    path = () => globalThis.location?.pathname ?? "",
    requestId = () => pageRequestId(),
    limit = MAX_LOGS_PER_PAGE,
  } = deps;
  const seen = new Set<string>();
  let sent = 0;

  return {
    get sent() {
      return sent;
    },
    async log(source, error) {
      try {
        const raw = rawMessage(error);
        if (IGNORED.some((re) => re.test(raw))) return;
        const message = formatLogMessage(source, error, path(), requestId());
        if (seen.has(message) || sent >= limit) return;
        seen.add(message);
        const idToken = await getIdToken();
        if (!idToken) return; // signed out: nowhere to log to
        if (sent >= limit) return;
        sent += 1;
        await send(graphqlUrl, idToken, message);
      } catch {
        // Logging must never add an error of its own.
      }
    },
  };
}

let pageLogger: ClientErrorLogger | undefined;

/**
 * Sets up the page's logger, once per page load: later calls (a remount, a second provider) get the
 * same logger, so the limit and the dedupe hold for the whole page load.
 */
export function configureClientErrorLogging(deps: ErrorLoggerDeps): ClientErrorLogger {
  pageLogger ??= createClientErrorLogger(deps);
  return pageLogger;
}

/** For error boundaries and catch blocks: logs through the page's logger, if one is configured. */
export function logClientError(source: LogSource, error: unknown): void {
  void pageLogger?.log(source, error);
}

/** Logs uncaught errors and unhandled rejections of `target` (the window). Returns the cleanup. */
export function captureGlobalErrors(target: Window = window): () => void {
  const onError = (event: Event) => {
    // Resource load failures (a script or image that fails) are plain Events, not ErrorEvents.
    if (!(event instanceof ErrorEvent)) return;
    logClientError("error", event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => logClientError("unhandledrejection", event.reason);
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}

/** Tests only. */
export function resetClientErrorLoggingForTests(): void {
  pageLogger = undefined;
}
