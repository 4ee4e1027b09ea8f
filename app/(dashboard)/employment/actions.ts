"use server";

import { failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { publicAction, userAction } from "@/lib/actions/user-action";
import { checkIfIslandInAlgolia, loadEmployer, loadFrontend, type FrontendLoad } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { STEP_RANK, stepRank } from "@/lib/application/steps";
import { serverConfig } from "@/lib/config/env";
import { EMPLOYMENT_FIELDS, employmentSchema, type EmploymentArgs } from "@/lib/employment/schema";
import { fieldOfValidationError, parseForm } from "@/lib/forms/validation";
import { employerNameKey } from "@/lib/employment/employer-request";
import { employerRequestSchema } from "@/lib/employment/employer-request-schema";
import {
  employerRequests,
  employmentInformationNextHandler,
  initializeArgyle,
  requestEmployer,
  setEmployer,
  successfulArgyleUpdate,
  type RecordedEmployerRequest,
} from "./operations";

/**
 * The /employment page's calls, made on the server with the signed-in user's own token (read from
 * the identity cookie), so the browser ships no GraphQL client. Answers are data, never thrown:
 * the wording of the API's errors stays on the server (SPEC 5, 8).
 */

const PAGE = "employment";

const isEmployerId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 64;

/** SPEC 5: the island check with the public API key. */
export async function checkIslandAction(employerId: string): Promise<ActionResult<{ island: boolean }>> {
  if (!isEmployerId(employerId)) return invalid();
  return publicAction({ page: PAGE, operation: "checkIfIslandInAlgolia" }, async ({ client }) => ({
    ok: true,
    island: await checkIfIslandInAlgolia(client, employerId),
  }));
}

export type ChooseEmployerResult = ActionResult<{ nextRoute: string | null }>;

export async function chooseEmployerAction(employerId: string, idempotencyKey?: string): Promise<ChooseEmployerResult> {
  if (!isEmployerId(employerId)) return invalid();
  let stepBefore: string | undefined;
  return userAction(
    {
      page: PAGE,
      operation: "setEmployer",
      idempotencyKey,
      step: () => true,
      // An answer that never came: chosen if the application names this employer now; the route is
      // the API's: loanDetails' when this choice moved the step from chooseEmployer, none otherwise.
      reconcile: async ({ client }) => {
        const app = (await loadFrontend(client)).appInfo;
        if (app?.employer !== employerId) return undefined;
        return { ok: true, nextRoute: stepBefore === "chooseEmployer" && app.step === "loanDetails" ? "/apply/loanDetails" : null };
      },
    },
    async ({ client, unusable, load }) => {
      stepBefore = load.applicationStep;
      const answer = await setEmployer(client, employerId);
      if (answer.validationError) return invalid();
      if (answer.serverError) return unusable("answered a serverError");
      return { ok: true, nextRoute: answer.nextRoute };
    },
  );
}

export type SaveEmploymentResult = ActionResult<{ nextRoute: string | null; requirePaystubs: boolean }>;

/** Whether the employer takes the children's hospital form (public lookup, API key); no employer id is the standard form. */
async function childrensHospital(employerId: unknown): Promise<ActionResult<{ yes: boolean }>> {
  if (typeof employerId !== "string" || !employerId) return { ok: true, yes: false };
  return publicAction({ page: PAGE, operation: "loadEmployer" }, async ({ client }) => {
    const employer = await loadEmployer(client, employerId);
    return { ok: true, yes: employer ? isChildrensHospitalEmployer(employer) : false };
  });
}

type Employment = NonNullable<NonNullable<FrontendLoad["appInfo"]>["employment"]>;

/** Whether the API holds exactly these employment details (the read-back after a save with no answer). */
function holds(saved: Employment | null | undefined, sent: EmploymentArgs): boolean {
  if (!saved) return false;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
  const extra = sent as { cost_center?: string | null; dept_ext?: string | null };
  return (
    saved.jobTitle === sent.title &&
    saved.employmentStatus === sent.status &&
    saved.startDate === sent.start &&
    saved.employeeId === sent.id &&
    num(saved.salary) === num(sent.salary) &&
    num(saved.additionalIncome) === num(sent.additional) &&
    saved.payMonths === sent.payMonths &&
    saved.payFrequency === sent.payFrequency &&
    saved.ddAccounts === sent.ddAccounts &&
    saved.activeMilitary === sent.activeMilitary &&
    text(saved.choaCostCenter) === text(extra.cost_center) &&
    text(saved.choaDepartmentExtension) === text(extra.dept_ext)
  );
}

/** Checks the values with the form's own schema again, then sends them (SPEC 7 employmentInformationNextHandler). */
export async function saveEmploymentAction(employerId: string, values: unknown, idempotencyKey?: string): Promise<SaveEmploymentResult> {
  // What the body sent, and the step it was sent at: the read-back compares the API's state with them.
  let sent: { args: EmploymentArgs; step: string } | undefined;
  return userAction(
    {
      page: PAGE,
      operation: "employmentInformationNextHandler",
      fields: EMPLOYMENT_FIELDS,
      idempotencyKey,
      step: () => true,
      // An answer that never came: saved only if the API now holds these very details (a save from
      // the review step on moves no step, so a moved step proves nothing); the route is the one the
      // API answers: the step's when this save moved it from employment, none otherwise.
      reconcile: async ({ client }) => {
        if (!sent) return undefined;
        const app = (await loadFrontend(client)).appInfo;
        if (!holds(app?.employment, sent.args)) return undefined;
        const step = app?.step ?? "";
        const moved = sent.step === "employmentInformation" && (stepRank(step) ?? -1) > STEP_RANK.employmentInformation;
        if (sent.step === "employmentInformation" && !moved) return undefined;
        return {
          ok: true,
          nextRoute: moved ? `/apply/${encodeURIComponent(step)}` : null,
          requirePaystubs: app?.employment?.requirePaystubs === true,
        };
      },
    },
    async ({ client, unusable, load }) => {
      // The employer decides the form, so the values are parsed here, once the user is known.
      const form = await childrensHospital(employerId);
      if (!form.ok) return form;
      const schema = employmentSchema({ childrensHospital: form.yes });
      const parsed = parseForm(schema, values);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      sent = { args: parsed.data, step: load.applicationStep };
      const answer = await employmentInformationNextHandler(client, parsed.data);
      if (answer.validationError) {
        const field = fieldOfValidationError(answer.validationError, Object.keys(schema.shape));
        return invalid(field ? [field] : []);
      }
      if (answer.serverError) return unusable("answered a serverError");
      return { ok: true, nextRoute: answer.nextRoute, requirePaystubs: answer.requirePaystubs === true };
    },
  );
}

export async function startPayrollLinkAction(
  employerId: string,
  directDeposit: boolean,
): Promise<ActionResult<{ userToken: string; sandbox: boolean; flowId: string | null; argyleEmployerId: string | null }>> {
  return userAction({ page: PAGE, operation: "initializeArgyle" }, async ({ client, username }) => {
    const answer = await initializeArgyle(client, { username, employerId, directDeposit: directDeposit === true });
    if (!answer.userToken) return failure("failed");
    return {
      ok: true,
      userToken: answer.userToken,
      sandbox: serverConfig().appEnv !== "production",
      flowId: answer.linkFlowId,
      // The employer's Argyle item: the widget opens at its sign-in (direct login).
      argyleEmployerId: answer.argyleEmployerId ?? null,
    };
  });
}

export async function finishPayrollLinkAction(argyleUserId: string, idempotencyKey?: string): Promise<ActionResult> {
  if (typeof argyleUserId !== "string" || !argyleUserId) return invalid();
  // Whether a payroll account was linked before this call: the read-back needs a change to prove this write.
  let linkedBefore: boolean | undefined;
  return userAction(
    {
      page: PAGE,
      operation: "successfulArgyleUpdate",
      idempotencyKey,
      step: () => true,
      // An answer that never came: recorded if the application now has a linked payroll account and
      // had none before (the lender records the link and its direct deposit in one transaction). One
      // linked before proves nothing about this call: failed, and a retry under the same key is one update.
      reconcile: async ({ client }) => {
        if (linkedBefore !== false) return undefined;
        return (await loadFrontend(client)).appInfo?.payrollLinked === true ? { ok: true } : undefined;
      },
    },
    async ({ client, username, load }) => {
      linkedBefore = load.appInfo?.payrollLinked === true;
      return (await successfulArgyleUpdate(client, { username, argyleUserId })) ? { ok: true } : failure("failed");
    },
  );
}

export type RequestEmployerResult = ActionResult<{ request: RecordedEmployerRequest }>;

/**
 * Asks the lender to add an employer the search does not list (issue 49): the form's own schema
 * again, then requestEmployer, which records one request per name (a repeat answers the first).
 * The lender refuses it away from the employer step (FailedPrecondition): the page's wrong-step.
 */
export async function requestEmployerAction(values: unknown): Promise<RequestEmployerResult> {
  return userAction(
    {
      page: PAGE,
      operation: "requestEmployer",
      form: { schema: employerRequestSchema, input: values },
      audit: "employer-requested",
      errorTypes: { FailedPrecondition: "wrong-step" },
      // The state machine's refusal (the employer is chosen already, or the application is closed): the page's wrong-step.
      ruleReasons: { ALREADY_DONE: "wrong-step", APPLICATION_CLOSED: "wrong-step", NOT_YET: "wrong-step" },
      // An answer that never came: recorded if the applicant's requests now hold the name.
      reconcile: async ({ client, data }) => {
        const key = employerNameKey(data.name);
        const recorded = (await employerRequests(client)).find((r) => employerNameKey(r.name) === key);
        return recorded ? { ok: true, request: recorded } : undefined;
      },
    },
    async ({ client, data }) => ({ ok: true, request: await requestEmployer(client, data) }),
  );
}
