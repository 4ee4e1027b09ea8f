"use server";

import { apiError, publicClient, userClient } from "@/lib/api/client";
import { employmentInformationNextHandler, initializeArgyle, setEmployer, successfulArgyleUpdate } from "./operations";
import { checkIfIslandInAlgolia, loadEmployer } from "@/lib/api/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { serverConfig } from "@/lib/config/env";
import { employmentSchema } from "@/lib/employment/schema";
import { fieldOfValidationError, parseForm } from "@/lib/forms/validation";
import { currentIdToken, currentSession } from "@/lib/session/server-session";

/**
 * The /employment page's calls, made on the server with the signed-in user's own token (read from
 * the identity cookie), so the browser ships no GraphQL client. Answers are data, never thrown:
 * the wording of the API's errors stays on the server (SPEC 5, 8).
 */

export type ActionProblem = "signed-out" | "validation" | "server";

async function userApi() {
  const session = await currentSession();
  const token = await currentIdToken();
  if (session.status === "anonymous" || !token) return null;
  return { session, client: userClient(serverConfig().graphql.url, token) };
}

function log(operation: string, error: unknown) {
  const detail = apiError(error);
  console.error(`[employment] ${operation} failed:`, detail ? `${detail.status} ${detail.errorType ?? ""}` : error instanceof Error ? error.message : error);
}

/** SPEC 5: the island check with the public API key. */
export async function checkIslandAction(employerId: string): Promise<{ ok: true; island: boolean } | { ok: false }> {
  if (typeof employerId !== "string" || !employerId || employerId.length > 64) return { ok: false };
  const { graphql } = serverConfig();
  try {
    return { ok: true, island: await checkIfIslandInAlgolia(publicClient(graphql.url, graphql.apiKey), employerId) };
  } catch (error) {
    log("checkIfIslandInAlgolia", error);
    return { ok: false };
  }
}

export type ChooseEmployerResult = { ok: true; nextRoute: string | null } | { ok: false; problem: ActionProblem };

export async function chooseEmployerAction(employerId: string): Promise<ChooseEmployerResult> {
  if (typeof employerId !== "string" || !employerId || employerId.length > 64) return { ok: false, problem: "validation" };
  const api = await userApi();
  if (!api) return { ok: false, problem: "signed-out" };
  try {
    const answer = await setEmployer(api.client, employerId);
    if (answer.validationError) return { ok: false, problem: "validation" };
    if (answer.serverError) {
      console.error("[employment] setEmployer answered a serverError");
      return { ok: false, problem: "server" };
    }
    return { ok: true, nextRoute: answer.nextRoute };
  } catch (error) {
    log("setEmployer", error);
    return { ok: false, problem: "server" };
  }
}

export type SaveEmploymentResult =
  | { ok: true; nextRoute: string | null; requirePaystubs: boolean }
  | { ok: false; problem: ActionProblem; field?: string };

/** Checks the values with the form's own schema again, then sends them (SPEC 7 employmentInformationNextHandler). */
export async function saveEmploymentAction(employerId: string, values: unknown): Promise<SaveEmploymentResult> {
  const api = await userApi();
  if (!api) return { ok: false, problem: "signed-out" };
  const { graphql } = serverConfig();
  let childrensHospital = false;
  try {
    const employer = typeof employerId === "string" && employerId ? await loadEmployer(publicClient(graphql.url, graphql.apiKey), employerId) : null;
    childrensHospital = employer ? isChildrensHospitalEmployer(employer) : false;
  } catch (error) {
    log("loadEmployer", error);
    return { ok: false, problem: "server" };
  }
  const schema = employmentSchema({ childrensHospital });
  const parsed = parseForm(schema, values);
  if (!parsed.ok) return { ok: false, problem: "validation", field: Object.keys(parsed.fieldErrors)[0] };
  try {
    const answer = await employmentInformationNextHandler(api.client, parsed.data);
    if (answer.validationError) {
      return { ok: false, problem: "validation", field: fieldOfValidationError(answer.validationError, Object.keys(schema.shape)) };
    }
    if (answer.serverError) {
      console.error("[employment] employmentInformationNextHandler answered a serverError");
      return { ok: false, problem: "server" };
    }
    return { ok: true, nextRoute: answer.nextRoute, requirePaystubs: answer.requirePaystubs === true };
  } catch (error) {
    log("employmentInformationNextHandler", error);
    return { ok: false, problem: "server" };
  }
}

export type ArgyleStartResult = { ok: true; userToken: string; sandbox: boolean; flowId: string | null } | { ok: false; problem: ActionProblem };

export async function startPayrollLinkAction(employerId: string, directDeposit: boolean): Promise<ArgyleStartResult> {
  const api = await userApi();
  if (!api) return { ok: false, problem: "signed-out" };
  try {
    const answer = await initializeArgyle(api.client, { username: api.session.username, employerId, directDeposit: directDeposit === true });
    if (!answer.userToken) return { ok: false, problem: "server" };
    return { ok: true, userToken: answer.userToken, sandbox: serverConfig().appEnv !== "production", flowId: answer.linkFlowId };
  } catch (error) {
    log("initializeArgyle", error);
    return { ok: false, problem: "server" };
  }
}

export async function finishPayrollLinkAction(argyleUserId: string): Promise<{ ok: boolean }> {
  const api = await userApi();
  if (!api || typeof argyleUserId !== "string" || !argyleUserId) return { ok: false };
  try {
    return { ok: await successfulArgyleUpdate(api.client, { username: api.session.username, argyleUserId }) };
  } catch (error) {
    log("successfulArgyleUpdate", error);
    return { ok: false };
  }
}
