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
export async function linkAccount(publicToken: string, metadata: LinkMetadata): Promise<ActionResult<object>> {
  if (typeof publicToken !== "string" || !publicToken || publicToken.length > 200) return invalid();
  const meta = {
    institution: metadata?.institution ?? null,
    accounts: (metadata?.accounts ?? [])
      .slice(0, 20)
      .map((a) => ({ id: a.id, name: a.name, mask: a.mask, type: a.type, subtype: a.subtype })),
    link_session_id: metadata?.link_session_id ?? null,
  };
  return userAction({ ...BANK, operation: "links", audit: "bank-account-added" }, async ({ client }) =>
    linkOutcome(await bank.links(client, publicToken, meta)) === "Linked" ? { ok: true } : failure("failed"),
  );
}

/** The same account again is the first add's success (the API answers it so); another one while one waits is said in words. */
export async function addManualAccount(input: unknown): Promise<ActionResult<{ source: bank.FundingSource }>> {
  const answer = await userAction(
    {
      ...BANK,
      operation: "manually",
      audit: "bank-account-added",
      form: { schema: manualAccountWireSchema, input },
      // An answer that never came: the account was added if the list now holds it. The API lists no
      // account numbers, and allows one unverified by-hand account at a time, so that one is it when it
      // has this add's last four, type and name (an older linked or verified account with the same last four is not).
      reconcile: async ({ client, data }) => {
        const source = (await bank.accounts(client)).find(
          (a) =>
            a.link_type === "manual" && !a.verified && a.mask === data.account.slice(-4) && a.subtype === data.type && a.name === data.name,
        );
        return source ? { ok: true, source } : undefined;
      },
    },
    async ({ client, data }) => ({ ok: true, source: await bank.manually(client, data) }),
  );
  return !answer.ok && answer.message === UNVERIFIED_EXISTS ? { ...answer, message: ANOTHER_ACCOUNT_WAITING_MESSAGE } : answer;
}

export async function verifyDeposits(accountId: string, input: unknown): Promise<ActionResult<object>> {
  if (!isAccountId(accountId)) return invalid();
  return userAction(
    { ...BANK, operation: "verifies", audit: "bank-account-verified", form: { schema: microDepositSchema, input } },
    async ({ client, data }) =>
      isVerifiedAnswer(await bank.verifies(client, data.amount1, data.amount2, accountId)) ? { ok: true } : failure("failed"),
  );
}

export async function makeActive(accountId: string): Promise<ActionResult<object>> {
  if (!isAccountId(accountId)) return invalid();
  return userAction({ ...BANK, operation: "setActiveFSID", audit: "bank-account-made-active" }, async ({ client }) =>
    (await bank.setActiveFSID(client, accountId)) ? { ok: true } : failure("failed"),
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
