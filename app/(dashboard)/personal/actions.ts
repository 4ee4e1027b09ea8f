"use server";

import { invalid, type ActionResult } from "@/lib/actions/action-result";
import { userAction } from "@/lib/actions/user-action";
import type { AuditEvent } from "@/lib/observability/audit";
import type { GraphQLClient } from "graphql-request";
import { loadFrontend, setApplicationStep, type FrontendLoad } from "@/lib/graphql/operations";
import { LOAN_TYPE } from "@/lib/personal/reference-lists";
import {
  PERSONAL_DETAILS_FIELDS,
  accountSettingsSchema,
  identityCorrectionSchema,
  loanRequestSchema,
  personalDetailsSchema,
  stateOfResidenceSchema,
} from "@/lib/personal/schemas";
import { homeStateError, residenceChangeError } from "@/lib/personal/states";
import { buildIdentitySubmission } from "./identity-submission";
import { applies, holdsIdentity, holdsLoanRequest, identifies } from "./operations";
import type { IdentitySubmission } from "./identity-submission";
import { NEXT_ROUTE, personalPageMode, type PersonalPageMode } from "./page-mode";
import { loanRequestSaved } from "./saved-values";

/**
 * The submissions of /personal, run on the server with the signed-in user's own token. Each parses
 * its form's schema again (the browser's check is a convenience), checks that the page's mode still
 * matches the server-held step, then makes the calls of SPEC 5 and 7. Values are never logged: the
 * SSN passes through here.
 */

/** On success, `next` is the route to follow where the step moved. */
export type PersonalActionResult = ActionResult<{ next?: string }>;

/**
 * The read-back of a write that got no answer (lib/actions/user-action.ts): saved only if the API now
 * holds what was sent. For a submission that also moves the step, the step is moved now where the
 * write took effect but the move did not (the same call, under the same idempotency key).
 */
function readBack(
  sent: () => { loanRequest?: Parameters<typeof holdsLoanRequest>[1]; identity?: IdentitySubmission } | undefined,
  move?: (typeof NEXT_ROUTE)[keyof typeof NEXT_ROUTE],
  audited?: AuditEvent,
) {
  return async ({
    client,
    changed,
  }: {
    client: GraphQLClient;
    changed: (event: AuditEvent) => Promise<void>;
  }): Promise<PersonalActionResult | undefined> => {
    const what = sent();
    if (!what) return undefined;
    const load = await loadFrontend(client);
    if (what.loanRequest && !holdsLoanRequest(load.appInfo, what.loanRequest)) return undefined;
    if (what.identity && !holdsIdentity(load.appInfo, what.identity)) return undefined;
    // The change did happen: its audit event, as the body writes it after an answered save.
    if (audited) await changed(audited);
    if (!move) return { ok: true };
    if (load.applicationStep !== move.step) await setApplicationStep(client, move.step);
    return { ok: true, next: move.route };
  };
}

/** The page's mode for the server-held step is one of these. */
const inMode =
  (...modes: PersonalPageMode[]) =>
  (load: FrontendLoad) =>
    modes.includes(personalPageMode(load.applicationStep));

export async function submitLoanRequest(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: Parameters<typeof holdsLoanRequest>[1] | undefined;
  return userAction(
    {
      page: "personal",
      operation: "applies",
      form: { schema: loanRequestSchema, input },
      fields: ["amount", "reason", "other", "state"],
      step: inMode("loanRequest"),
      idempotencyKey,
      reconcile: readBack(() => sent && { loanRequest: sent }, NEXT_ROUTE.loanRequest),
    },
    async ({ client, data: { amount, reason, other, state } }) => {
      sent = { amount, reason, other, state };
      await applies(client, { amount, reason, other, state, type: LOAN_TYPE });
      await setApplicationStep(client, NEXT_ROUTE.loanRequest.step);
      return { ok: true, next: NEXT_ROUTE.loanRequest.route };
    },
  );
}

export async function submitPersonalDetails(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: IdentitySubmission | undefined;
  return userAction(
    {
      page: "personal",
      operation: "identifies",
      form: { schema: personalDetailsSchema(), input },
      fields: PERSONAL_DETAILS_FIELDS,
      step: inMode("personalDetails"),
      idempotencyKey,
      reconcile: readBack(() => sent && { identity: sent }, NEXT_ROUTE.personalDetails, "identity-changed"),
    },
    async ({ client, data, load, changed }) => {
      const app = load.appInfo;
      // Asked once: the state and the amount are the loan request's. The form says so and checks the
      // state with the same rule; here the stored loan request decides.
      const mismatch = homeStateError(data.addrStateAbbr, app?.stateOfResidence);
      if (mismatch) return invalid({ addrStateAbbr: mismatch });
      const details = { ...data, amount: app?.amountAppliedFor ?? data.amount };
      sent = buildIdentitySubmission(details, { accountSettings: true, affiliate: app?.personal?.affiliate });
      await identifies(client, sent);
      await changed("identity-changed");
      await setApplicationStep(client, NEXT_ROUTE.personalDetails.step);
      return { ok: true, next: NEXT_ROUTE.personalDetails.route };
    },
  );
}

/**
 * The fix of a home-state conflict on the personal details (issue 42): the state of residence
 * changed to the address's, the rest of the loan request as stored, sent with `applies`; the step
 * stays, so the person goes on from where they were with everything typed kept.
 */
export async function changeStateOfResidence(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: Parameters<typeof holdsLoanRequest>[1] | undefined;
  return userAction(
    {
      page: "personal",
      operation: "applies",
      form: { schema: stateOfResidenceSchema, input },
      step: inMode("personalDetails"),
      idempotencyKey,
      reconcile: readBack(() => sent && { loanRequest: sent }),
    },
    async ({ client, data: { state }, load }) => {
      const { amount, reason, other } = loanRequestSaved(load.appInfo);
      if (amount === null || !reason) return invalid({ state: "Your loan request is incomplete. Reload the page and try again." });
      sent = { amount, reason, other, state };
      await applies(client, { amount, reason, other, state, type: LOAN_TYPE });
      return { ok: true };
    },
  );
}

/**
 * The review's change of the loan request (step authPrequal, before the rate check uses it): the
 * amount, the reason and the state of residence, sent with `applies`; never a step change. The
 * state must be the saved home address's (residenceChangeError).
 */
export async function updateLoanRequest(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: Parameters<typeof holdsLoanRequest>[1] | undefined;
  return userAction(
    {
      page: "personal",
      operation: "applies",
      form: { schema: loanRequestSchema, input },
      fields: ["amount", "reason", "other", "state"],
      step: inMode("review"),
      idempotencyKey,
      reconcile: readBack(() => sent && { loanRequest: sent }),
    },
    async ({ client, data: { amount, reason, other, state }, load }) => {
      const conflict = state !== load.appInfo?.stateOfResidence && residenceChangeError(state, load.appInfo?.personal?.addrStateAbbr);
      if (conflict) return invalid({ state: conflict });
      sent = { amount, reason, other, state };
      await applies(client, { amount, reason, other, state, type: LOAN_TYPE });
      return { ok: true };
    },
  );
}

/**
 * The review's correction of name, birth date and SSN (step authPrequal, before the rate check uses
 * them; the API accepts identity changes until then). An empty SSN is omitted: the saved one stays.
 */
export async function correctIdentity(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: IdentitySubmission | undefined;
  return userAction(
    {
      page: "personal",
      operation: "identifies",
      form: { schema: identityCorrectionSchema(), input },
      step: inMode("review"),
      idempotencyKey,
      reconcile: readBack(() => sent && { identity: sent }, undefined, "identity-changed"),
    },
    async ({ client, data, changed }) => {
      sent = buildIdentitySubmission(data, { accountSettings: true });
      await identifies(client, sent);
      await changed("identity-changed");
      return { ok: true };
    },
  );
}

/** Account settings: the contact-only submission (flag false). Never a step change. */
export async function saveAccountSettings(input: unknown, idempotencyKey?: string): Promise<PersonalActionResult> {
  let sent: IdentitySubmission | undefined;
  return userAction(
    {
      page: "personal",
      operation: "identifies",
      form: { schema: accountSettingsSchema, input },
      // The review before the rate check edits contact details the same way.
      step: inMode("accountSettings", "review"),
      idempotencyKey,
      reconcile: readBack(() => sent && { identity: sent }, undefined, "contact-changed"),
    },
    async ({ client, data, changed }) => {
      sent = buildIdentitySubmission(data, { accountSettings: false });
      await identifies(client, sent);
      await changed("contact-changed");
      return { ok: true };
    },
  );
}
