import type { GraphQLClient } from "graphql-request";
import {
  CheckIfIslandInAlgoliaDocument,
  CountersDocument,
  JustRegisteredDocument,
  LoadEmployerDocument,
  LoadFrontendDocument,
  LogOriginTrackingDocument,
  LogsDocument,
  QueriesDocument,
  SetApplicationStepDocument,
  SetEvolveConsentDocument,
  type LoadEmployerMutation,
  type LoadFrontendQuery,
  type SetApplicationStepMutation,
} from "./generated/operations";

/**
 * The shell's calls, over the generated TypedDocumentNodes (documents in lib/graphql/documents, types
 * from the contract in contract/schema; npm run codegen). userClient for user operations, publicClient for
 * the @aws_api_key lookups. A new operation may also be called directly:
 * `client.request(XDocument, variables)` is typed end to end.
 */

/** The answer types the shell reads, derived from the operations (never written by hand). */
export type FrontendLoad = NonNullable<LoadFrontendQuery["loadFrontend"]>;
export type StepResult = NonNullable<SetApplicationStepMutation["setApplicationStep"]>;
export type Employer = NonNullable<LoadEmployerMutation["loadEmployer"]>;

/** Root fields are nullable (AppSync); a null without an error is a broken answer, not "nothing". */
export function present<T>(value: T | null, operation: string): T {
  if (value === null) throw new Error(`${operation} answered null`);
  return value;
}

export async function loadFrontend(client: GraphQLClient): Promise<FrontendLoad> {
  return present((await client.request(LoadFrontendDocument)).loadFrontend, "loadFrontend");
}

export async function setApplicationStep(client: GraphQLClient, applicationStep: string): Promise<StepResult> {
  const data = await client.request(SetApplicationStepDocument, { applicationStep });
  return present(data.setApplicationStep, "setApplicationStep");
}

export async function setEvolveConsent(client: GraphQLClient, consent: boolean): Promise<boolean> {
  return (await client.request(SetEvolveConsentDocument, { consent })).setEvolveConsent === true;
}

export async function logs(client: GraphQLClient, message: string): Promise<boolean> {
  return (await client.request(LogsDocument, { message })).logs === true;
}

export async function logOriginTracking(client: GraphQLClient, originId: string): Promise<boolean> {
  return (await client.request(LogOriginTrackingDocument, { originId })).logOriginTracking === true;
}

/** The contract-signed flag: the API answers the text "true" or "false". */
export async function contractSigned(client: GraphQLClient): Promise<boolean> {
  return (await client.request(QueriesDocument)).queries === "true";
}

export async function justRegistered(client: GraphQLClient, applyNowRoute: string): Promise<boolean> {
  return (await client.request(JustRegisteredDocument, { applyNowRoute })).justRegistered === true;
}

/** Public (API key). Null when there is no such employer. */
export async function loadEmployer(client: GraphQLClient, employerId: string): Promise<Employer | null> {
  return (await client.request(LoadEmployerDocument, { employerId })).loadEmployer;
}

/** Public (API key). True for a top-level employer without sub-employers. */
export async function checkIfIslandInAlgolia(client: GraphQLClient, employerId: string): Promise<boolean> {
  return (await client.request(CheckIfIslandInAlgoliaDocument, { employerId })).checkIfIslandInAlgolia === true;
}

/** The one-time embedded signing URL of the caller's unsigned contract with this signature id. */
export async function counters(client: GraphQLClient, signatureId: string): Promise<string> {
  return present((await client.request(CountersDocument, { signature_id: signatureId })).counters, "counters");
}
