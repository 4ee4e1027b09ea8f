"use server";

import type { GraphQLClient } from "graphql-request";
import { CHECK_FIELD, failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { apiError } from "@/lib/graphql/client";
import { logError } from "@/lib/observability/log-error";
import { logs } from "@/lib/graphql/operations";
import { isVerifiedAnswer, linkOutcome } from "@/lib/bank/funding-rules";
import { MICRO_DEPOSIT_CAP_MESSAGE } from "@/lib/bank/funding-rules";
import { plaidRedirectUri } from "@/lib/bank/plaid-oauth";
import { serverConfig } from "@/lib/config/env";
import { manualAccountWireSchema, microDepositSchema } from "@/lib/bank/schema";
import { parseForm } from "@/lib/forms/validation";
import { signedInApi } from "@/lib/session/signed-in-api";
import * as bank from "./operations";
import { audit, type AuditEvent, type AuditOutcome } from "@/lib/observability/audit";

/**
 * The /bank page's calls, made on the server with the signed-in user's own identity token (read
 * from the cookie), so the browser carries no GraphQL client. Every answer is data: ok, or a
 * reason the page can show; the API's own wording is shown only for SPEC's funding messages.
 */

/** Messages SPEC defines for the page to show as they are (sections 5 and 8) and the lock notice. */
const SHOWN = [
  /^Unverified fundingSource already exists$/,
  /^No Unverified Account Found$/,
  /^The amounts do not match\./,
  /locked after 3 wrong tries/,
];
/** The lending rules' messages the page shows as they are (micro-deposits capped: manual review). */
const SHOWN_RULES: readonly string[] = [MICRO_DEPOSIT_CAP_MESSAGE];

async function withUser<T extends object>(
  what: string,
  fn: (client: GraphQLClient, username: string) => Promise<ActionResult<T>>,
  auditAs?: AuditEvent,
): Promise<ActionResult<T>> {
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  const record = (outcome: AuditOutcome, reason?: string) =>
    auditAs ? audit(auditAs, { sub: api.session.sub, outcome, reason }) : undefined;
  try {
    const result = await fn(api.client, api.username);
    await record(result.ok ? "success" : "refused", result.ok ? undefined : result.reason);
    return result;
  } catch (error) {
    const detail = apiError(error);
    await record(detail && detail.errorType !== "InternalFailure" ? "refused" : "failed", detail?.errorType);
    if (detail?.status === 401) return failure("signed-out");
    if (detail && detail.errorType !== "InternalFailure" && detail.errorType !== undefined) {
      const shown = SHOWN.some((re) => re.test(detail.message)) || SHOWN_RULES.includes(detail.message);
      return failure("refused", {
        message: shown ? detail.message : undefined,
        fieldErrors: detail.field ? { [detail.field]: CHECK_FIELD } : undefined,
      });
    }
    // The API client's error quotes the request (account and routing numbers): logged by the safe formatter only.
    logError("bank: call failed", error, { operation: what, errorType: detail?.errorType });
    return failure("failed");
  }
}

/** The accounts again, after a change (the page's first load reads them in the page). */
export async function loadAccounts(): Promise<ActionResult<{ accounts: bank.FundingSource[] }>> {
  return withUser("accounts", async (client) => ({ ok: true, accounts: await bank.accounts(client) }));
}

/** A link token whose OAuth banks return to this app's /bank/oauth (the address comes from the configuration, never the browser). */
export async function requestLinkToken(): Promise<ActionResult<{ linkToken: string }>> {
  const redirectUri = plaidRedirectUri(serverConfig().appUrl);
  return withUser("createLinkToken", async (client) => ({
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
  return withUser(
    "links",
    async (client) => {
      const answer = await bank.links(client, publicToken, meta);
      return linkOutcome(answer) === "Linked" ? { ok: true } : failure("failed");
    },
    "bank-account-added",
  );
}

export async function addManualAccount(input: unknown): Promise<ActionResult<{ source: bank.FundingSource }>> {
  const parsed = parseForm(manualAccountWireSchema, input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  return withUser("manually", async (client) => ({ ok: true, source: await bank.manually(client, parsed.data) }), "bank-account-added");
}

export async function verifyDeposits(accountId: string, input: unknown): Promise<ActionResult<object>> {
  const parsed = parseForm(microDepositSchema, input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  if (typeof accountId !== "string" || !accountId) return invalid();
  return withUser(
    "verifies",
    async (client) => {
      const answer = await bank.verifies(client, parsed.data.amount1, parsed.data.amount2, accountId);
      return isVerifiedAnswer(answer) ? { ok: true } : failure("failed");
    },
    "bank-account-verified",
  );
}

export async function makeActive(accountId: string): Promise<ActionResult<object>> {
  if (typeof accountId !== "string" || !accountId) return invalid();
  return withUser(
    "setActiveFSID",
    async (client) => ((await bank.setActiveFSID(client, accountId)) ? { ok: true } : failure("failed")),
    "bank-account-made-active",
  );
}

/** "SUCCESS" → fine; anything else is the link token for update mode. */
export async function checkCredentials(accountId: string): Promise<ActionResult<{ refreshToken: string | null }>> {
  if (typeof accountId !== "string" || !accountId) return invalid();
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
