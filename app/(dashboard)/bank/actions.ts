"use server";

import { failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { userAction } from "@/lib/actions/user-action";
import { logs } from "@/lib/graphql/operations";
import { isVerifiedAnswer, linkOutcome } from "@/lib/bank/funding-rules";
import { ANOTHER_ACCOUNT_WAITING_MESSAGE, MICRO_DEPOSIT_CAP_MESSAGE, UNVERIFIED_EXISTS, WRONG_TRIES_TEXT } from "@/lib/bank/funding-rules";
import { plaidRedirectUri } from "@/lib/bank/plaid-oauth";
import { serverConfig } from "@/lib/config/env";
import { manualAccountWireSchema, microDepositSchema } from "@/lib/bank/schema";
import * as bank from "./operations";

/**
 * The /bank page's calls, made on the server with the signed-in user's own identity token (read
 * from the cookie), so the browser carries no GraphQL client. Every answer is data: ok, or a
 * reason the page can show; the API's own wording is shown only for SPEC's funding messages.
 */

/** The page's rules for every call: the messages SPEC defines for the page to show as they are. */
const BANK = {
  page: "bank",
  shown: [
    // Sections 5 and 8, and the lock notice.
    UNVERIFIED_EXISTS,
    /^No Unverified Account Found$/,
    /^The amounts do not match\./,
    new RegExp(`locked after ${WRONG_TRIES_TEXT}`),
    // The lending rules' message (micro-deposits capped: manual review).
    MICRO_DEPOSIT_CAP_MESSAGE,
  ],
};

const isAccountId = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The accounts again, after a change (the page's first load reads them in the page). */
export async function loadAccounts(): Promise<ActionResult<{ accounts: bank.FundingSource[] }>> {
  return userAction({ ...BANK, operation: "accounts" }, async ({ client }) => ({ ok: true, accounts: await bank.accounts(client) }));
}

/** A link token whose OAuth banks return to this app's /bank/oauth (the address comes from the configuration, never the browser). */
export async function requestLinkToken(): Promise<ActionResult<{ linkToken: string }>> {
  const redirectUri = plaidRedirectUri(serverConfig().appUrl);
  return userAction({ ...BANK, operation: "createLinkToken" }, async ({ client }) => ({
    ok: true,
    linkToken: (await bank.createLinkToken(client, redirectUri)).link_token,
  }));
}

interface LinkMetadata {
  institution: { name: string; institution_id: string } | null;
  accounts: { id: string; name: string; mask: string | null; type: string; subtype: string | null }[];
  link_session_id: string;
}

/** SPEC 8: 200 is success, anything else LinkFailure. */
export async function linkAccount(publicToken: string, metadata: LinkMetadata, idempotencyKey?: string): Promise<ActionResult<object>> {
  if (typeof publicToken !== "string" || !publicToken || publicToken.length > 200) return invalid();
  const meta = {
    institution: metadata?.institution ?? null,
    accounts: (metadata?.accounts ?? [])
      .slice(0, 20)
      .map((a) => ({ id: a.id, name: a.name, mask: a.mask, type: a.type, subtype: a.subtype })),
    link_session_id: metadata?.link_session_id ?? null,
  };
  return userAction(
    {
      ...BANK,
      operation: "links",
      audit: "bank-account-added",
      idempotencyKey,
      // An answer that never came: linked if a verified account with the chosen login's name and last four is listed now.
      reconcile: async ({ client }) => {
        const listed = await bank.accounts(client);
        const linked = meta.accounts.some((chosen) => listed.some((a) => a.verified && a.mask === chosen.mask && a.name === chosen.name));
        return linked ? { ok: true } : undefined;
      },
    },
    async ({ client }) => (linkOutcome(await bank.links(client, publicToken, meta)) === "Linked" ? { ok: true } : failure("failed")),
  );
}

/**
 * The unverified by-hand account this add made, by its fingerprint as the API lists it: its last four
 * (mask), type and name, still waiting for its deposits. The API lists no routing or account number,
 * answers the same account added again with the first add's source, and allows one unverified account
 * at a time; so a waiting account with this fingerprint is this add's, whatever its link_type (the
 * contract's is dwolla_MicroDeposits). A verified, linked or locked account with the same last four is not.
 */
function findAddedAccount(
  listed: readonly bank.FundingSource[],
  added: { account: string; name: string; type: string },
): bank.FundingSource | undefined {
  return listed.find(
    (a) => !a.verified && !a.locked && a.mask === added.account.slice(-4) && a.subtype === added.type && a.name === added.name,
  );
}

/** The same account again is the first add's success (the API answers it so); another one while one waits is said in words. */
export async function addManualAccount(input: unknown, idempotencyKey?: string): Promise<ActionResult<{ source: bank.FundingSource }>> {
  const answer = await userAction(
    {
      ...BANK,
      operation: "manually",
      audit: "bank-account-added",
      form: { schema: manualAccountWireSchema, input },
      idempotencyKey,
      // An answer that never came: the account was added if the list now holds it (findAddedAccount).
      reconcile: async ({ client, data }) => {
        const source = findAddedAccount(await bank.accounts(client), data);
        return source ? { ok: true, source } : undefined;
      },
    },
    async ({ client, data }) => ({ ok: true, source: await bank.manually(client, data) }),
  );
  return !answer.ok && answer.message === UNVERIFIED_EXISTS ? { ...answer, message: ANOTHER_ACCOUNT_WAITING_MESSAGE } : answer;
}

export async function verifyDeposits(accountId: string, input: unknown, idempotencyKey?: string): Promise<ActionResult<object>> {
  if (!isAccountId(accountId)) return invalid();
  return userAction(
    {
      ...BANK,
      operation: "verifies",
      audit: "bank-account-verified",
      form: { schema: microDepositSchema, input },
      idempotencyKey,
      // An answer that never came: verified if the account is listed verified now.
      reconcile: async ({ client }) =>
        (await bank.accounts(client)).some((a) => a.account_id === accountId && a.verified) ? { ok: true } : undefined,
    },
    async ({ client, data }) =>
      isVerifiedAnswer(await bank.verifies(client, data.amount1, data.amount2, accountId)) ? { ok: true } : failure("failed"),
  );
}

export async function makeActive(accountId: string, idempotencyKey?: string): Promise<ActionResult<object>> {
  if (!isAccountId(accountId)) return invalid();
  return userAction(
    {
      ...BANK,
      operation: "setActiveFSID",
      audit: "bank-account-made-active",
      idempotencyKey,
      // An answer that never came: done if the account is listed active now.
      reconcile: async ({ client }) =>
        (await bank.accounts(client)).some((a) => a.account_id === accountId && a.active) ? { ok: true } : undefined,
    },
    async ({ client }) => ((await bank.setActiveFSID(client, accountId)) ? { ok: true } : failure("failed")),
  );
}

/** "SUCCESS" → fine; anything else is the link token for update mode. */
export async function checkCredentials(accountId: string): Promise<ActionResult<{ refreshToken: string | null }>> {
  if (!isAccountId(accountId)) return invalid();
  return userAction({ ...BANK, operation: "checkItemStatus" }, async ({ client, username }) => {
    const answer = await bank.checkItemStatus(client, username, accountId);
    return { ok: true, refreshToken: answer === "SUCCESS" ? null : answer };
  });
}

/** SPEC 8: exiting the widget is Exited and is logged (and so are link failures). */
export async function logBankEvent(event: "Exited" | "LinkFailure", detail: string): Promise<void> {
  await userAction({ ...BANK, operation: "logs" }, async ({ client }) => {
    await logs(client, `bank: ${event} ${String(detail).slice(0, 500)}`);
    return { ok: true };
  });
}
