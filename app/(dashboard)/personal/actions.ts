"use server";

import { apiError, userClient } from "@/lib/api/client";
import { loadFrontend, setApplicationStep } from "@/lib/api/operations";
import { applies, identifies } from "./operations";
import { serverConfig } from "@/lib/config/env";
import { parseForm } from "@/lib/forms/validation";
import { buildIdentitySubmission, isReportedIdentifyError } from "./identity-submission";
import { NEXT_ROUTE, personalPageMode, type PersonalPageMode } from "./page-mode";
import { LOAN_TYPE } from "@/lib/personal/reference-lists";
import { accountSettingsSchema, loanRequestSchema, personalDetailsSchema } from "@/lib/personal/schemas";
import { currentIdToken, currentSession } from "@/lib/session/server-session";

/**
 * The submissions of /personal, run on the server with the signed-in user's own token. Each parses
 * its form's schema again (the browser's check is a convenience), checks that the page's mode still
 * matches the server-held step, then makes the calls of SPEC 5 and 7. Values are never logged: the
 * SSN passes through here.
 */

export type PersonalActionResult =
  | { ok: true; next?: string }
  | { ok: false; reason: "signed-out" | "wrong-step" | "failed" }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string> };

async function signedInClient(mode: PersonalPageMode) {
  const session = await currentSession();
  const token = await currentIdToken();
  if (session.status === "anonymous" || !token) return { error: { ok: false, reason: "signed-out" } as const };
  const client = userClient(serverConfig().graphql.url, token);
  const load = await loadFrontend(client);
  if (personalPageMode(load.applicationStep) !== mode) return { error: { ok: false, reason: "wrong-step" } as const };
  return { client, load };
}

/** An API refusal naming one of the form's fields becomes that field's error (own wording, SPEC 5). */
function failure(error: unknown, fields: readonly string[], op: string): PersonalActionResult {
  const detail = apiError(error);
  if (detail?.status === 401) return { ok: false, reason: "signed-out" };
  if (detail?.errorType === "BadRequestException" && detail.field && fields.includes(detail.field)) {
    return { ok: false, reason: "invalid", fieldErrors: { [detail.field]: "Please check this field" } };
  }
  console.error(`[personal] ${op} failed:`, detail?.errorType ?? (error instanceof Error ? error.name : "unknown error"));
  return { ok: false, reason: "failed" };
}

export async function submitLoanRequest(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(loanRequestSchema, input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
  try {
    const ctx = await signedInClient("loanRequest");
    if ("error" in ctx) return ctx.error!;
    const { amount, reason, other, state } = parsed.data;
    await applies(ctx.client, { amount, reason, other, state, type: LOAN_TYPE });
    await setApplicationStep(ctx.client, NEXT_ROUTE.loanRequest.step);
    return { ok: true, next: NEXT_ROUTE.loanRequest.route };
  } catch (error) {
    return failure(error, ["amount", "reason", "other", "state"], "applies");
  }
}

export async function submitPersonalDetails(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(personalDetailsSchema(), input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
  try {
    const ctx = await signedInClient("personalDetails");
    if ("error" in ctx) return ctx.error!;
    const submission = buildIdentitySubmission(parsed.data, { accountSettings: true, affiliate: ctx.load.appInfo?.personal?.affiliate });
    try {
      await identifies(ctx.client, submission);
    } catch (error) {
      // SPEC 5 and 8: "already exists" is not reported.
      if (isReportedIdentifyError(apiError(error)?.message ?? (error instanceof Error ? error.message : ""))) throw error;
    }
    await setApplicationStep(ctx.client, NEXT_ROUTE.personalDetails.step);
    return { ok: true, next: NEXT_ROUTE.personalDetails.route };
  } catch (error) {
    return failure(error, Object.keys(personalDetailsSchema().shape), "identifies");
  }
}

/** Account settings: the contact-only submission (flag false). Never a step change. */
export async function saveAccountSettings(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(accountSettingsSchema, input);
  if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
  try {
    const ctx = await signedInClient("accountSettings");
    if ("error" in ctx) return ctx.error!;
    try {
      await identifies(ctx.client, buildIdentitySubmission(parsed.data, { accountSettings: false }));
    } catch (error) {
      if (isReportedIdentifyError(apiError(error)?.message ?? (error instanceof Error ? error.message : ""))) throw error;
    }
    return { ok: true };
  } catch (error) {
    return failure(error, Object.keys(accountSettingsSchema.shape), "identifies");
  }
}
