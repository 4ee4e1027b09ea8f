import { serverConfig } from "../../../lib/config/env";

/**
 * Where the e-signature stand-in is served (its routes live under /api/local/esign): the app's server
 * under its other loopback name, cross-site to the app as the provider is (lib/config/env.ts).
 */
export function esignBaseUrl(): string {
  const config = serverConfig();
  return config.localEsignOrigin ?? config.appUrl;
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
