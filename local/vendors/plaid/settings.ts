import { z } from "zod";
import { plaidRedirectUri } from "../../../lib/bank/plaid-oauth";
import { serverConfig } from "../../../lib/config/env";

export interface FundingSettings {
  /** Where the stand-in says Plaid would post item webhooks (SPEC 7: per environment). */
  webhook: string;
  /** Keys the one-way account-number fingerprint (HMAC-SHA256). */
  fingerprintKey: string;
  /**
   * The redirect URIs a link token may carry (the Plaid dashboard's allowed list): the shell's OAuth
   * return page, then LOCAL_PLAID_ALLOWED_REDIRECT_URIS. The first is the one update-mode tokens carry.
   */
  allowedRedirectUris: readonly [string, ...string[]];
}

/**
 * One allowed redirect URI as Plaid's dashboard takes it: an absolute http(s) address with no
 * query, fragment or credentials, kept in the spelling the shell sends (URL's own, as plaidRedirectUri
 * writes it), since a link token's redirect_uri must match an entry exactly.
 */
const redirectUri = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      ctx.issues.push({ code: "custom", input: value, message: "must be an absolute http(s) URL" });
      return z.NEVER;
    }
    if (url.search || url.hash || url.username || url.password) {
      ctx.issues.push({ code: "custom", input: value, message: "must have no query, fragment or credentials" });
      return z.NEVER;
    }
    return url.toString();
  });

const schema = z.object({
  LOCAL_PLAID_ALLOWED_REDIRECT_URIS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").filter((entry) => entry.trim() !== ""))
    .pipe(z.array(redirectUri)),
});

/**
 * The stand-in's allowed list: this app's own /bank/oauth first, then the extra ones the
 * environment names (comma-separated; the e2e suite's local server allows its fault and deadline
 * servers', which reach its stand-ins through the fault proxy), each once. A bad entry throws,
 * naming the variable: the stand-ins' process refuses to start with it (local/server.ts).
 */
export function allowedRedirectUris(appUrl: string, env: Record<string, string | undefined> = process.env): [string, ...string[]] {
  const parsed = schema.safeParse({ LOCAL_PLAID_ALLOWED_REDIRECT_URIS: env.LOCAL_PLAID_ALLOWED_REDIRECT_URIS });
  if (!parsed.success) {
    // Named by position, not value: an entry may carry credentials.
    const detail = parsed.error.issues.map((i) => `${String(i.path[0])} entry ${Number(i.path[1]) + 1}: ${i.message}`).join("; ");
    throw new Error(`Invalid local Plaid configuration: ${detail}`);
  }
  const own = plaidRedirectUri(appUrl);
  return [own, ...new Set(parsed.data.LOCAL_PLAID_ALLOWED_REDIRECT_URIS.filter((uri) => uri !== own))];
}

let cached: FundingSettings | undefined;

/** The process's funding settings, read on first use (the configuration does not change while it runs). */
export function fundingSettings(): FundingSettings {
  if (cached) return cached;
  const config = serverConfig();
  cached = {
    webhook: `${config.appUrl}/api/local/plaid/webhook`,
    fingerprintKey: `account-fingerprint:${config.sessionSecret}`,
    allowedRedirectUris: allowedRedirectUris(config.appUrl),
  };
  return cached;
}
