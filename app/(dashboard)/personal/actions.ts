"use server";

import { failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { apiError } from "@/lib/graphql/client";
import { loadFrontend, setApplicationStep } from "@/lib/graphql/operations";
import { parseForm } from "@/lib/forms/validation";
import { LOAN_TYPE } from "@/lib/personal/reference-lists";
import { PERSONAL_DETAILS_FIELDS, accountSettingsSchema, loanRequestSchema, personalDetailsSchema } from "@/lib/personal/schemas";
import { homeStateError } from "@/lib/personal/states";
import { signedInApi } from "@/lib/session/signed-in-api";
import { buildIdentitySubmission, isReportedIdentifyError } from "./identity-submission";
import { applies, identifies } from "./operations";
import { NEXT_ROUTE, personalPageMode, type PersonalPageMode } from "./page-mode";
import { logApiFailure } from "@/lib/observability/api-failure";
import { audit } from "@/lib/observability/audit";

/**
 * The submissions of /personal, run on the server with the signed-in user's own token. Each parses
 * its form's schema again (the browser's check is a convenience), checks that the page's mode still
 * matches the server-held step, then makes the calls of SPEC 5 and 7. Values are never logged: the
 * SSN passes through here.
 */

/** On success, `next` is the route to follow where the step moved. */
export type PersonalActionResult = ActionResult<{ next?: string }>;

/** The user's API client, where the page's mode still matches the server-held step. */
async function signedInClient(...modes: PersonalPageMode[]) {
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  const load = await loadFrontend(api.client);
  if (!modes.includes(personalPageMode(load.applicationStep))) return failure("wrong-step");
  return { ok: true as const, client: api.client, load, sub: api.session.sub };
}

/** An API refusal naming one of the form's fields becomes that field's error (own wording, SPEC 5). */
function apiFailure(error: unknown, fields: readonly string[], op: string): PersonalActionResult {
  const detail = apiError(error);
  if (detail?.status === 401) return failure("signed-out");
  if (detail?.errorType === "BadRequestException" && detail.field && fields.includes(detail.field)) return invalid([detail.field]);
  void logApiFailure(op, error, { page: "personal" });
  return failure("failed");
}

export async function submitLoanRequest(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(loanRequestSchema, input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  try {
    const ctx = await signedInClient("loanRequest");
    if (!ctx.ok) return ctx;
    const { amount, reason, other, state } = parsed.data;
    await applies(ctx.client, { amount, reason, other, state, type: LOAN_TYPE });
    await setApplicationStep(ctx.client, NEXT_ROUTE.loanRequest.step);
    return { ok: true, next: NEXT_ROUTE.loanRequest.route };
  } catch (error) {
    return apiFailure(error, ["amount", "reason", "other", "state"], "applies");
  }
}

export async function submitPersonalDetails(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(personalDetailsSchema(), input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  try {
    const ctx = await signedInClient("personalDetails");
    if (!ctx.ok) return ctx;
    const app = ctx.load.appInfo;
    // Asked once: the state and the amount are the loan request's. The form says so and checks the
    // state with the same rule; here the stored loan request decides.
    const mismatch = homeStateError(parsed.data.addrStateAbbr, app?.stateOfResidence);
    if (mismatch) return invalid({ addrStateAbbr: mismatch });
    const details = { ...parsed.data, amount: app?.amountAppliedFor ?? parsed.data.amount };
    const submission = buildIdentitySubmission(details, { accountSettings: true, affiliate: app?.personal?.affiliate });
    try {
      await identifies(ctx.client, submission);
    } catch (error) {
      // SPEC 5 and 8: "already exists" is not reported.
      if (isReportedIdentifyError(apiError(error)?.message ?? (error instanceof Error ? error.message : ""))) throw error;
    }
    await audit("identity-changed", { sub: ctx.sub, outcome: "success" });
    await setApplicationStep(ctx.client, NEXT_ROUTE.personalDetails.step);
    return { ok: true, next: NEXT_ROUTE.personalDetails.route };
  } catch (error) {
    return apiFailure(error, PERSONAL_DETAILS_FIELDS, "identifies");
  }
}

/**
 * The review's change of the loan request (step authPrequal, before the rate check uses it): the
 * amount and the reason, sent with `applies`; never a step change. The state of residence stays the
 * one the home address was checked against.
 */
export async function updateLoanRequest(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(loanRequestSchema, input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  try {
    const ctx = await signedInClient("review");
    if (!ctx.ok) return ctx;
    const { amount, reason, other, state } = parsed.data;
    if (state !== ctx.load.appInfo?.stateOfResidence) return invalid({ state: "The state of residence cannot change here" });
    await applies(ctx.client, { amount, reason, other, state, type: LOAN_TYPE });
    return { ok: true };
  } catch (error) {
    return apiFailure(error, ["amount", "reason", "other"], "applies");
  }
}

/** Account settings: the contact-only submission (flag false). Never a step change. */
export async function saveAccountSettings(input: unknown): Promise<PersonalActionResult> {
  const parsed = parseForm(accountSettingsSchema, input);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  try {
    // The review before the rate check edits contact details the same way.
    const ctx = await signedInClient("accountSettings", "review");
    if (!ctx.ok) return ctx;
    try {
      await identifies(ctx.client, buildIdentitySubmission(parsed.data, { accountSettings: false }));
    } catch (error) {
      if (isReportedIdentifyError(apiError(error)?.message ?? (error instanceof Error ? error.message : ""))) throw error;
    }
    await audit("contact-changed", { sub: ctx.sub, outcome: "success" });
    return { ok: true };
  } catch (error) {
    return apiFailure(error, Object.keys(accountSettingsSchema.shape), "identifies");
  }
}
