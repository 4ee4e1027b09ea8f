import { createHash, randomBytes } from "node:crypto";
import type { Db, Queryable } from "../../infra/db";
import { institution, sandboxLogin, type PlaidError, type SandboxAccount } from "./sandbox";

/**
 * The Plaid stand-in's server side: link tokens (what /link/token/create answers), the widget's
 * login at an institution (an item), and public tokens (what /item/public_token/exchange takes).
 * Tokens are stored only as SHA-256 hashes.
 */

export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newId = (prefix: string) => `${prefix}-${randomBytes(16).toString("hex")}`;

/** SPEC 7 and issue 10: products auth and assets, country US, the environment's webhook, checking and savings only. */
export interface LinkTokenConfig {
  client_name: string;
  language: "en";
  country_codes: ["US"];
  products?: ["auth", "assets"];
  webhook: string;
  user: { client_user_id: string };
  account_filters?: { depository: { account_subtypes: ["checking", "savings"] } };
  /** Update mode (expired credentials): the item to repair. */
  access_token_item?: string;
  /** Where an OAuth bank's login returns to Link (issue 25); one of the allowed redirect URIs. */
  redirect_uri?: string;
}

export function linkTokenConfig(sub: string, webhook: string, itemId?: string, redirectUri?: string): LinkTokenConfig {
  const base = {
    client_name: "Employee Loans",
    language: "en" as const,
    country_codes: ["US"] as ["US"],
    webhook,
    user: { client_user_id: sub },
    ...(redirectUri ? { redirect_uri: redirectUri } : {}),
  };
  return itemId
    ? { ...base, access_token_item: itemId }
    : { ...base, products: ["auth", "assets"], account_filters: { depository: { account_subtypes: ["checking", "savings"] } } };
}

export async function createLinkToken(
  db: Queryable,
  sub: string,
  options: { webhook: string; itemId?: string; redirectUri?: string; now?: Date },
): Promise<{ link_token: string; expiration: string }> {
  const now = options.now ?? new Date();
  const token = newId("link-local");
  const expiration = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
  await db.query(
    `INSERT INTO plaid_link_tokens (token_hash, sub, item_id, config, expires_at) VALUES ($1, $2, $3, ($4::text)::jsonb, $5)`,
    [
      hashToken(token),
      sub,
      options.itemId ?? null,
      JSON.stringify(linkTokenConfig(sub, options.webhook, options.itemId, options.redirectUri)),
      expiration.toISOString(),
    ],
  );
  return { link_token: token, expiration: expiration.toISOString() };
}

export interface LinkAccount {
  id: string;
  name: string;
  mask: string;
  type: string;
  subtype: string;
  verification_status: null;
  class_type: null;
}

export type LoginResult =
  | {
      ok: true;
      public_token: string;
      institution: { name: string; institution_id: string };
      /** The accounts the link token allows (Plaid's account_filters); empty in update mode. */
      accounts: LinkAccount[];
      link_session_id: string;
      update: boolean;
    }
  | { ok: false; retry: boolean; error: PlaidError; status: number };

const badRequest = (code: string, message: string): LoginResult => ({
  ok: false,
  retry: false,
  status: 400,
  error: { error_type: "INVALID_REQUEST", error_code: code, error_message: message, display_message: null },
});

function allowed(config: LinkTokenConfig, account: SandboxAccount): boolean {
  const subtypes = config.account_filters?.depository.account_subtypes as readonly string[] | undefined;
  if (!subtypes) return true;
  return account.type === "depository" && subtypes.includes(account.subtype);
}

/**
 * The widget's login at an institution. New link: creates an item and a public token for its
 * allowed accounts. Update mode: the same login repairs the item's expired credentials.
 */
export async function login(
  db: Db,
  input: { linkToken: string; institutionId: string; username: string; password: string; now?: Date },
): Promise<LoginResult> {
  return loginByTokenHash(db, { ...input, tokenHash: hashToken(input.linkToken), viaOAuth: false });
}

async function loginByTokenHash(
  db: Db,
  input: { tokenHash: string; institutionId: string; username: string; password: string; viaOAuth: boolean; now?: Date },
): Promise<LoginResult> {
  const now = input.now ?? new Date();
  const tokenRow = (
    await db.query<{ sub: string; item_id: string | null; config: LinkTokenConfig; expires_at: Date | string }>(
      `SELECT sub, item_id, config, expires_at FROM plaid_link_tokens WHERE token_hash = $1`,
      [input.tokenHash],
    )
  )[0];
  if (!tokenRow || new Date(tokenRow.expires_at).getTime() <= now.getTime()) {
    return badRequest("INVALID_LINK_TOKEN", "link token is invalid or expired");
  }
  const inst = institution(input.institutionId);
  if (!inst) return badRequest("INVALID_INSTITUTION", "unknown institution");
  // An OAuth bank's login happens on its own site (startOAuth), never in Link's credential form.
  if (Boolean(inst.oauth) !== input.viaOAuth) return badRequest("INVALID_INSTITUTION", "this institution logs in through OAuth");
  const outcome = sandboxLogin(input.username, input.password);
  if (!outcome.ok) return { ok: false, retry: outcome.retry, error: outcome.error, status: 400 };
  const linkSessionId = newId("link-session");

  return db.transaction(async (tx) => {
    if (tokenRow.item_id) {
      const item = (
        await tx.query<{ institution_id: string; institution_name: string }>(
          `SELECT institution_id, institution_name FROM plaid_items WHERE item_id = $1 AND sub = $2 FOR UPDATE`,
          [tokenRow.item_id, tokenRow.sub],
        )
      )[0];
      if (!item) return badRequest("INVALID_LINK_TOKEN", "the item of this link token no longer exists");
      if (item.institution_id !== inst.institution_id)
        return badRequest("INVALID_INSTITUTION", "update mode must log in at the item's own institution");
      await tx.query(`UPDATE plaid_items SET status = 'good', expires_after_link = false WHERE item_id = $1`, [tokenRow.item_id]);
      const publicToken = newId("public-local");
      await tx.query(
        `INSERT INTO plaid_public_tokens (token_hash, sub, item_id, accounts, expires_at) VALUES ($1, $2, $3, '[]'::jsonb, $4)`,
        [hashToken(publicToken), tokenRow.sub, tokenRow.item_id, new Date(now.getTime() + PUBLIC_TOKEN_TTL_MS).toISOString()],
      );
      return {
        ok: true,
        public_token: publicToken,
        institution: { name: item.institution_name, institution_id: item.institution_id },
        accounts: [],
        link_session_id: linkSessionId,
        update: true,
      };
    }
    const itemId = newId("item-local");
    await tx.query(
      `INSERT INTO plaid_items (item_id, sub, institution_id, institution_name, expires_after_link) VALUES ($1, $2, $3, $4, $5)`,
      [itemId, tokenRow.sub, inst.institution_id, inst.name, outcome.expiresAfterLink],
    );
    const accounts: LinkAccount[] = inst.accounts
      .filter((a) => allowed(tokenRow.config, a))
      .map((a) => ({
        id: `${itemId}-${a.key}`,
        name: a.name,
        mask: a.mask,
        type: a.type,
        subtype: a.subtype,
        verification_status: null,
        class_type: null,
      }));
    const publicToken = newId("public-local");
    await tx.query(
      `INSERT INTO plaid_public_tokens (token_hash, sub, item_id, accounts, expires_at) VALUES ($1, $2, $3, ($4::text)::jsonb, $5)`,
      [hashToken(publicToken), tokenRow.sub, itemId, JSON.stringify(accounts), new Date(now.getTime() + PUBLIC_TOKEN_TTL_MS).toISOString()],
    );
    return {
      ok: true,
      public_token: publicToken,
      institution: { name: inst.name, institution_id: inst.institution_id },
      accounts,
      link_session_id: linkSessionId,
      update: false,
    };
  });
}

/** What the widget needs to know about its link token when it opens: update mode and the item's bank. */
export async function linkTokenInfo(
  db: Queryable,
  linkToken: string,
  now = new Date(),
): Promise<{ update: boolean; institution: { name: string; institution_id: string } | null } | null> {
  const row = (
    await db.query<{ item_id: string | null; expires_at: Date | string; institution_id: string | null; institution_name: string | null }>(
      `SELECT t.item_id, t.expires_at, i.institution_id, i.institution_name
         FROM plaid_link_tokens t LEFT JOIN plaid_items i ON i.item_id = t.item_id WHERE t.token_hash = $1`,
      [hashToken(linkToken)],
    )
  )[0];
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  return row.item_id && row.institution_id
    ? { update: true, institution: { name: row.institution_name!, institution_id: row.institution_id } }
    : { update: false, institution: null };
}

/** What a link token's trip to an OAuth bank answers: where the browser goes, or why not. */
export type OAuthStart = { ok: true; oauth_state_id: string } | { ok: false; error: PlaidError };

const oauthError = (code: string, message: string): PlaidError => ({
  error_type: "INVALID_REQUEST",
  error_code: code,
  error_message: message,
  display_message: null,
});

/**
 * Link chose an OAuth bank: a state for the trip, bound to the link token and its redirect_uri
 * (Plaid refuses an OAuth bank for a link token without one).
 */
export async function startOAuth(db: Queryable, input: { linkToken: string; institutionId: string; now?: Date }): Promise<OAuthStart> {
  const now = input.now ?? new Date();
  const tokenHash = hashToken(input.linkToken);
  const row = (
    await db.query<{ config: LinkTokenConfig; expires_at: Date | string }>(
      `SELECT config, expires_at FROM plaid_link_tokens WHERE token_hash = $1`,
      [tokenHash],
    )
  )[0];
  if (!row || new Date(row.expires_at).getTime() <= now.getTime())
    return { ok: false, error: oauthError("INVALID_LINK_TOKEN", "link token is invalid or expired") };
  const inst = institution(input.institutionId);
  if (!inst?.oauth) return { ok: false, error: oauthError("INVALID_INSTITUTION", "not an OAuth institution") };
  if (!row.config.redirect_uri)
    return { ok: false, error: oauthError("INVALID_FIELD", "OAuth institutions require a redirect_uri in the link token") };
  const id = newId("oauth-state");
  await db.query(`INSERT INTO plaid_oauth_states (id, token_hash, institution_id, redirect_uri) VALUES ($1, $2, $3, $4)`, [
    id,
    tokenHash,
    inst.institution_id,
    row.config.redirect_uri,
  ]);
  return { ok: true, oauth_state_id: id };
}

/** The bank's name for its own login page, while the trip is under way. */
export async function oauthBank(db: Queryable, stateId: string): Promise<{ name: string } | null> {
  const row = (
    await db.query<{ institution_id: string }>(`SELECT institution_id FROM plaid_oauth_states WHERE id = $1 AND status = 'started'`, [
      stateId,
    ])
  )[0];
  const inst = row && institution(row.institution_id);
  return inst ? { name: inst.name } : null;
}

/**
 * The bank's own login page answered: a retryable failure stays on the page (a message); anything
 * else is kept for Link and the browser goes back to the redirect_uri with oauth_state_id.
 */
export async function finishOAuthAtBank(
  db: Db,
  input: { stateId: string; username: string; password: string; now?: Date },
): Promise<{ kind: "retry"; message: string } | { kind: "return"; location: string } | { kind: "unknown" }> {
  const state = (
    await db.query<{ token_hash: string; institution_id: string; redirect_uri: string }>(
      `SELECT token_hash, institution_id, redirect_uri FROM plaid_oauth_states WHERE id = $1 AND status = 'started'`,
      [input.stateId],
    )
  )[0];
  if (!state) return { kind: "unknown" };
  const result = await loginByTokenHash(db, {
    tokenHash: state.token_hash,
    institutionId: state.institution_id,
    username: input.username,
    password: input.password,
    viaOAuth: true,
    now: input.now,
  });
  if (!result.ok && result.retry) return { kind: "retry", message: result.error.display_message ?? result.error.error_message };
  await db.query(`UPDATE plaid_oauth_states SET status = 'returned', result = ($2::text)::jsonb WHERE id = $1 AND status = 'started'`, [
    input.stateId,
    JSON.stringify(result),
  ]);
  const back = new URL(state.redirect_uri);
  back.searchParams.set("oauth_state_id", input.stateId);
  return { kind: "return", location: back.toString() };
}

/**
 * Link opened again on the return page with the same token and receivedRedirectUri: the login's
 * outcome, once. The URI must be the token's redirect_uri with this token's state.
 */
export async function resumeOAuth(db: Queryable, input: { linkToken: string; receivedRedirectUri: string }): Promise<LoginResult> {
  let received: URL;
  try {
    received = new URL(input.receivedRedirectUri);
  } catch {
    return badRequest("INVALID_FIELD", "received_redirect_uri is not a URL");
  }
  const stateId = received.searchParams.get("oauth_state_id") ?? "";
  const rows = await db.query<{ redirect_uri: string; result: LoginResult | null }>(
    `UPDATE plaid_oauth_states SET status = 'resumed' WHERE id = $1 AND token_hash = $2 AND status = 'returned' RETURNING redirect_uri, result`,
    [stateId, hashToken(input.linkToken)],
  );
  const row = rows[0];
  if (!row?.result) return badRequest("INVALID_OAUTH_STATE_ID", "oauth_state_id is unknown, already used, or of another link token");
  const expected = new URL(row.redirect_uri);
  if (received.origin !== expected.origin || received.pathname !== expected.pathname)
    return badRequest("INVALID_FIELD", "received_redirect_uri is not the link token's redirect_uri");
  return row.result;
}
