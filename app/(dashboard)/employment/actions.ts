"use server";

import { failure, invalid, type ActionResult } from "@/lib/actions/action-result";
import { checkIfIslandInAlgolia, loadEmployer } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { serverConfig } from "@/lib/config/env";
import { employmentSchema } from "@/lib/employment/schema";
import { fieldOfValidationError, parseForm } from "@/lib/forms/validation";
import { publicApi, signedInApi } from "@/lib/session/signed-in-api";
import { employmentInformationNextHandler, initializeArgyle, setEmployer, successfulArgyleUpdate } from "./operations";
import { requestLogger } from "@/lib/observability/request-context";
import { logApiFailure } from "@/lib/observability/api-failure";

/**
 * The /employment page's calls, made on the server with the signed-in user's own token (read from
 * the identity cookie), so the browser ships no GraphQL client. Answers are data, never thrown:
 * the wording of the API's errors stays on the server (SPEC 5, 8).
 */

function log(operation: string, error: unknown): Promise<void> {
  return logApiFailure(operation, error, { page: "employment" });
}

const isEmployerId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 64;

/** SPEC 5: the island check with the public API key. */
export async function checkIslandAction(employerId: string): Promise<ActionResult<{ island: boolean }>> {
  if (!isEmployerId(employerId)) return invalid();
  try {
    return { ok: true, island: await checkIfIslandInAlgolia(await publicApi(), employerId) };
  } catch (error) {
    log("checkIfIslandInAlgolia", error);
    return failure("failed");
  }
}

export type ChooseEmployerResult = ActionResult<{ nextRoute: string | null }>;

export async function chooseEmployerAction(employerId: string): Promise<ChooseEmployerResult> {
  if (!isEmployerId(employerId)) return invalid();
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  try {
    const answer = await setEmployer(api.client, employerId);
    if (answer.validationError) return invalid();
    if (answer.serverError) {
      (await requestLogger({ page: "employment" })).error({ operation: "setEmployer" }, "setEmployer answered a serverError");
      return failure("failed");
    }
    return { ok: true, nextRoute: answer.nextRoute };
  } catch (error) {
    log("setEmployer", error);
    return failure("failed");
  }
}

export type SaveEmploymentResult = ActionResult<{ nextRoute: string | null; requirePaystubs: boolean }>;

/** Checks the values with the form's own schema again, then sends them (SPEC 7 employmentInformationNextHandler). */
export async function saveEmploymentAction(employerId: string, values: unknown): Promise<SaveEmploymentResult> {
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  let childrensHospital = false;
  try {
    const employer = typeof employerId === "string" && employerId ? await loadEmployer(await publicApi(), employerId) : null;
    childrensHospital = employer ? isChildrensHospitalEmployer(employer) : false;
  } catch (error) {
    log("loadEmployer", error);
    return failure("failed");
  }
  const schema = employmentSchema({ childrensHospital });
  const parsed = parseForm(schema, values);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  try {
    const answer = await employmentInformationNextHandler(api.client, parsed.data);
    if (answer.validationError) {
      const field = fieldOfValidationError(answer.validationError, Object.keys(schema.shape));
      return invalid(field ? [field] : []);
    }
    if (answer.serverError) {
      (await requestLogger({ page: "employment" })).error(
        { operation: "employmentInformationNextHandler" },
        "employmentInformationNextHandler answered a serverError",
      );
      return failure("failed");
    }
    return { ok: true, nextRoute: answer.nextRoute, requirePaystubs: answer.requirePaystubs === true };
  } catch (error) {
    log("employmentInformationNextHandler", error);
    return failure("failed");
  }
}

export async function startPayrollLinkAction(
  employerId: string,
  directDeposit: boolean,
): Promise<ActionResult<{ userToken: string; sandbox: boolean; flowId: string | null }>> {
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  try {
    const answer = await initializeArgyle(api.client, { username: api.username, employerId, directDeposit: directDeposit === true });
    if (!answer.userToken) return failure("failed");
    return { ok: true, userToken: answer.userToken, sandbox: serverConfig().appEnv !== "production", flowId: answer.linkFlowId };
  } catch (error) {
    log("initializeArgyle", error);
    return failure("failed");
  }
}

export async function finishPayrollLinkAction(argyleUserId: string): Promise<ActionResult> {
  const api = await signedInApi();
  if (!api) return failure("signed-out");
  if (typeof argyleUserId !== "string" || !argyleUserId) return invalid();
  try {
    return (await successfulArgyleUpdate(api.client, { username: api.username, argyleUserId })) ? { ok: true } : failure("failed");
  } catch (error) {
    log("successfulArgyleUpdate", error);
    return failure("failed");
  }
}
