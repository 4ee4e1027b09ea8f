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
  const mod = (await import("hellosign-embedded")) as unknown as
    | { default: new (config: { clientId: string }) => EmbeddedClient }
    | (new (config: { clientId: string }) => EmbeddedClient);
  const HelloSign = typeof mod === "function" ? mod : mod.default;
  return new HelloSign({ clientId });
};
