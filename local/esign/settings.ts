import { serverConfig } from "../../lib/config/env";

/** Where the e-signature stand-in is served: the app's own origin (its routes live under /api/local/esign). */
export function esignBaseUrl(): string {
  return serverConfig().appUrl;
}

export interface EsignSettings {
  /** The only origin allowed to embed the signing page (the provider's "registered domain"). */
  appOrigin: string;
  /** The API app's client id; the embedded client must send the same. */
  clientId: string | undefined;
}

export function esignSettings(): EsignSettings {
  const config = serverConfig();
  return { appOrigin: new URL(config.appUrl).origin, clientId: config.hellosign?.clientId };
}
