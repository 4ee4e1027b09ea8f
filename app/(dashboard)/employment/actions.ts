"use server";

import { failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { publicAction, userAction } from "@/lib/actions/user-action";
import { checkIfIslandInAlgolia, loadEmployer, loadFrontend } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { STEP_RANK, stepRank } from "@/lib/application/steps";
import { serverConfig } from "@/lib/config/env";
import { EMPLOYMENT_FIELDS, employmentSchema } from "@/lib/employment/schema";
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

export async function chooseEmployerAction(employerId: string): Promise<ChooseEmployerResult> {
  if (!isEmployerId(employerId)) return invalid();
  return userAction({ page: PAGE, operation: "setEmployer" }, async ({ client, unusable }) => {
    const answer = await setEmployer(client, employerId);
    if (answer.validationError) return invalid();
    if (answer.serverError) return unusable("answered a serverError");
    return { ok: true, nextRoute: answer.nextRoute };
  });
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

/** Checks the values with the form's own schema again, then sends them (SPEC 7 employmentInformationNextHandler). */
export async function saveEmploymentAction(employerId: string, values: unknown): Promise<SaveEmploymentResult> {
  return userAction(
    {
      page: PAGE,
      operation: "employmentInformationNextHandler",
      fields: EMPLOYMENT_FIELDS,
      // An answer that never came: the save took effect if the step moved past employment.
      reconcile: async ({ client }) => {
        const step = (await loadFrontend(client)).applicationStep;
        const moved = (stepRank(step) ?? -1) > STEP_RANK.employmentInformation;
        // The route the API would have answered (its nextRoute is the step's /apply route): the person goes on as after any save.
        return moved
          ? { ok: true, nextRoute: `/apply/${encodeURIComponent(step)}`, requirePaystubs: step === "uploadPaystubs" }
          : undefined;
      },
    },
    async ({ client, unusable }) => {
      // The employer decides the form, so the values are parsed here, once the user is known.
      const form = await childrensHospital(employerId);
      if (!form.ok) return form;
      const schema = employmentSchema({ childrensHospital: form.yes });
      const parsed = parseForm(schema, values);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
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

export async function finishPayrollLinkAction(argyleUserId: string): Promise<ActionResult> {
  return userAction({ page: PAGE, operation: "successfulArgyleUpdate" }, async ({ client, username }) => {
    if (typeof argyleUserId !== "string" || !argyleUserId) return invalid();
    return (await successfulArgyleUpdate(client, { username, argyleUserId })) ? { ok: true } : failure("failed");
  });
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
