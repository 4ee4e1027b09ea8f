"use server";

import { apiError, userClient } from "@/lib/api/client";
import * as bank from "./operations";
import { logs } from "@/lib/api/operations";
import { isVerifiedAnswer, linkOutcome } from "@/lib/bank/funding-rules";
import { manualAccountWireSchema, microDepositSchema } from "@/lib/bank/schema";
import { parseForm } from "@/lib/forms/validation";
import { serverConfig } from "@/lib/config/env";
import { currentIdToken, currentSession } from "@/lib/session/server-session";

/**
 * The /bank page's calls, made on the server with the signed-in user's own identity token (read
 * from the cookie), so the browser carries no GraphQL client. Every answer is data: ok, or a
 * reason the page can show; the API's own wording is shown only for SPEC's funding messages.
 */

export type BankFailure = { ok: false; reason: "signed-out" | "refused" | "failed"; message?: string; field?: string };
export type BankResult<T> = ({ ok: true } & T) | BankFailure;

/** Messages SPEC defines for the page to show as they are (sections 5 and 8) and the lock notice. */
const SHOWN = [/^Unverified fundingSource already exists$/, /^No Unverified Account Found$/, /^The amounts do not match\./, /locked after 3 wrong tries/];

async function withUser<T>(what: string, fn: (client: ReturnType<typeof userClient>, username: string) => Promise<BankResult<T>>): Promise<BankResult<T>> {
  const session = await currentSession();
  const token = await currentIdToken();
  if (session.status === "anonymous" || !token) return { ok: false, reason: "signed-out" };
  try {
    return await fn(userClient(serverConfig().graphql.url, token), session.username);
  } catch (error) {
    const detail = apiError(error);
    if (detail?.status === 401) return { ok: false, reason: "signed-out" };
    if (detail && detail.errorType !== "InternalFailure" && detail.errorType !== undefined) {
      const shown = SHOWN.some((re) => re.test(detail.message));
      return { ok: false, reason: "refused", message: shown ? detail.message : undefined, field: detail.field };
    }
    console.error(`[bank] ${what} failed:`, detail?.errorType ?? (error instanceof Error ? error.message : error));
    return { ok: false, reason: "failed" };
  }
}

export async function loadAccounts(): Promise<BankResult<{ accounts: bank.FundingSource[] }>> {
  return withUser("accounts", async (client) => ({ ok: true, accounts: await bank.accounts(client) }));
}

export async function requestLinkToken(): Promise<BankResult<{ linkToken: string }>> {
  return withUser("createLinkToken", async (client) => ({ ok: true, linkToken: (await bank.createLinkToken(client)).link_token }));
}

interface LinkMetadata {
  institution: { name: string; institution_id: string } | null;
  accounts: { id: string; name: string; mask: string | null; type: string; subtype: string | null }[];
  link_session_id: string;
}

/** SPEC 8: 200 is success, anything else LinkFailure. */
export async function linkAccount(publicToken: string, metadata: LinkMetadata): Promise<BankResult<object>> {
  if (typeof publicToken !== "string" || !publicToken || publicToken.length > 200) return { ok: false, reason: "refused" };
  const meta = {
    institution: metadata?.institution ?? null,
    accounts: (metadata?.accounts ?? []).slice(0, 20).map((a) => ({ id: a.id, name: a.name, mask: a.mask, type: a.type, subtype: a.subtype })),
    link_session_id: metadata?.link_session_id ?? null,
  };
  return withUser("links", async (client) => {
    const answer = await bank.links(client, publicToken, meta);
    return linkOutcome(answer) === "Linked" ? { ok: true } : { ok: false, reason: "failed" };
  });
}

export async function addManualAccount(input: unknown): Promise<BankResult<{ source: bank.FundingSource }>> {
  const parsed = parseForm(manualAccountWireSchema, input);
  if (!parsed.ok) return { ok: false, reason: "refused", field: Object.keys(parsed.fieldErrors)[0] };
  return withUser("manually", async (client) => ({ ok: true, source: await bank.manually(client, parsed.data) }));
}

export async function verifyDeposits(accountId: string, input: unknown): Promise<BankResult<object>> {
  const parsed = parseForm(microDepositSchema, input);
  if (!parsed.ok || typeof accountId !== "string" || !accountId) return { ok: false, reason: "refused", field: parsed.ok ? undefined : Object.keys(parsed.fieldErrors)[0] };
  return withUser("verifies", async (client) => {
    const answer = await bank.verifies(client, parsed.data.amount1, parsed.data.amount2, accountId);
    return isVerifiedAnswer(answer) ? { ok: true } : { ok: false, reason: "failed" };
  });
}

export async function makeActive(accountId: string): Promise<BankResult<object>> {
  if (typeof accountId !== "string" || !accountId) return { ok: false, reason: "refused" };
  return withUser("setActiveFSID", async (client) => ((await bank.setActiveFSID(client, accountId)) ? { ok: true } : { ok: false, reason: "failed" }));
}

/** "SUCCESS" → fine; anything else is the link token for update mode. */
export async function checkCredentials(accountId: string): Promise<BankResult<{ refreshToken: string | null }>> {
  if (typeof accountId !== "string" || !accountId) return { ok: false, reason: "refused" };
  return withUser("checkItemStatus", async (client, username) => {
    const answer = await bank.checkItemStatus(client, username, accountId);
    return { ok: true, refreshToken: answer === "SUCCESS" ? null : answer };
  });
}

/** SPEC 8: exiting the widget is Exited and is logged (and so are link failures). */
export async function logBankEvent(event: "Exited" | "LinkFailure", detail: string): Promise<void> {
  await withUser("logs", async (client) => {
    await logs(client, `bank: ${event} ${String(detail).slice(0, 500)}`);
    return { ok: true };
  });
}
