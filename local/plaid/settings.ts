import { serverConfig } from "../../lib/config/env";

export interface FundingSettings {
  /** Where the stand-in says Plaid would post item webhooks (SPEC 7: per environment). */
  webhook: string;
  /** Keys the one-way account-number fingerprint (HMAC-SHA256). */
  fingerprintKey: string;
}

export function fundingSettings(): FundingSettings {
  const config = serverConfig();
  return { webhook: `${config.appUrl}/api/local/plaid/webhook`, fingerprintKey: `account-fingerprint:${config.sessionSecret}` };
}
