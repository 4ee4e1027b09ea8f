import { plaidRedirectUri } from "../../../lib/bank/plaid-oauth";
import { serverConfig } from "../../../lib/config/env";

export interface FundingSettings {
  /** Where the stand-in says Plaid would post item webhooks (SPEC 7: per environment). */
  webhook: string;
  /** Keys the one-way account-number fingerprint (HMAC-SHA256). */
  fingerprintKey: string;
  /**
   * The redirect URIs a link token may carry (the Plaid dashboard's allowed list): the shell's OAuth
   * return page. The first is the one update-mode tokens carry.
   */
  allowedRedirectUris: readonly [string, ...string[]];
}

export function fundingSettings(): FundingSettings {
  const config = serverConfig();
  return {
    webhook: `${config.appUrl}/api/local/plaid/webhook`,
    fingerprintKey: `account-fingerprint:${config.sessionSecret}`,
    allowedRedirectUris: [plaidRedirectUri(config.appUrl)],
  };
}
