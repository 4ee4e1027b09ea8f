/**
 * The part of hellosign-embedded (2.x) that dashboard-sign uses. The package has no types; this
 * is its documented surface. It touches `document` when it loads (it injects its stylesheet), so
 * it is imported in the browser only, on demand.
 */
export interface EmbeddedOpenOptions {
  container?: HTMLElement;
  allowCancel?: boolean;
  skipDomainVerification?: boolean;
  testMode?: boolean;
  timeout?: number;
  locale?: string;
}

export type EmbeddedEvent = "ready" | "sign" | "cancel" | "decline" | "error" | "close" | "finish" | "open";

export interface EmbeddedClient {
  open(url: string, options?: EmbeddedOpenOptions): void;
  close(): void;
  on(event: EmbeddedEvent, handler: (payload?: unknown) => void): void;
  off(event: EmbeddedEvent, handler?: (payload?: unknown) => void): void;
  readonly iFrame: HTMLIFrameElement | null;
  readonly isOpen: boolean;
}

/**
 * Makes a client. `preload`, where there is one, starts loading the client's code without making
 * one: the page calls it when the reader points at, touches or focuses the button that opens the
 * contract, so the code is there by the time they let go.
 */
export type EmbeddedClientFactory = ((config: { clientId: string }) => Promise<EmbeddedClient>) & { preload?: () => void };

type Constructor = new (config: { clientId: string }) => EmbeddedClient;

let loading: Promise<Constructor> | undefined;

// The authors' own minified build: the package's main file is its development build (inline
// source map, debug output), left for apps to choose (hellosign/hellosign-embedded#127). Ours,
// minified by the bundler, was 122 KB against 90 KB (issue 24).
const importHelloSign = () =>
  import("hellosign-embedded/umd/embedded.production.min.js") as unknown as Promise<{ default?: Constructor } & Partial<Constructor>>;

/** The provider's client class, imported once, on first use; a failed load is tried again on the next. */
function loadHelloSign(): Promise<Constructor> {
  loading ??= importHelloSign().then(
    // The bundler's interop object for this CommonJS package is itself callable but is not the
    // class: the class is its default export (a bare module.exports only where there is no interop).
    (mod) => (typeof mod.default === "function" ? mod.default : (mod as unknown as Constructor)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The real client. Its code (about 90 KB) is evaluated in one long task, so it is loaded when the
 * reader asks for the contract, not while the page loads (issue 24).
 */
export const createHelloSignClient: EmbeddedClientFactory = Object.assign(
  async ({ clientId }: { clientId: string }) => new (await loadHelloSign())({ clientId }),
  {
    preload: () => {
      loadHelloSign().catch(() => undefined);
    },
  },
);
