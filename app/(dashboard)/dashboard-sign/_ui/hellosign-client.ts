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

export type EmbeddedClientFactory = (config: { clientId: string }) => Promise<EmbeddedClient>;

/** The real client, loaded on first use. */
export const createHelloSignClient: EmbeddedClientFactory = async ({ clientId }) => {
  type Constructor = new (config: { clientId: string }) => EmbeddedClient;
  // The bundler's interop object for this CommonJS package is itself callable but is not the
  // class: the class is its default export (a bare module.exports only where there is no interop).
  // The authors' own minified build: the package's main file is its development build (inline
  // source map, debug output), left for apps to choose (hellosign/hellosign-embedded#127). Ours, minified
  // by the bundler, was 122 KB against 90 KB, evaluated while the page hydrates (issue 24).
  const mod = (await import("hellosign-embedded/umd/embedded.production.min.js")) as unknown as {
    default?: Constructor;
  } & Partial<Constructor>;
  const HelloSign = typeof mod.default === "function" ? mod.default : (mod as unknown as Constructor);
  return new HelloSign({ clientId });
};
