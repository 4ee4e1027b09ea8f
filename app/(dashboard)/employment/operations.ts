import type { GraphQLClient } from "graphql-request";
import type { EmploymentArgs } from "@/lib/employment/schema";
import type { EmployerRequestArgs } from "@/lib/employment/employer-request-schema";
import {
  EmployerRequestsDocument,
  EmploymentInformationNextHandlerDocument,
  InitializeArgyleDocument,
  SetEmployerDocument,
  RequestEmployerDocument,
  SuccessfulArgyleUpdateDocument,
  type EmploymentInformationNextHandlerMutation,
  type InitializeArgyleMutation,
  type RecordedEmployerRequestFragment,
  type SetEmployerMutation,
} from "@/lib/graphql/generated/operations";
import { present } from "@/lib/graphql/operations";

/** The employment step's operations (SPEC 7) over the generated documents of operations.graphql beside this file. All take the user's token. */

export type NextStepAnswer = NonNullable<SetEmployerMutation["setEmployer"]>;
export type EmploymentNextAnswer = NonNullable<EmploymentInformationNextHandlerMutation["employmentInformationNextHandler"]>;
export type ArgyleInitAnswer = NonNullable<InitializeArgyleMutation["initializeArgyle"]>;

export async function setEmployer(client: GraphQLClient, employerId: string): Promise<NextStepAnswer> {
  return present((await client.request(SetEmployerDocument, { employerId })).setEmployer, "setEmployer");
}

export async function employmentInformationNextHandler(client: GraphQLClient, args: EmploymentArgs): Promise<EmploymentNextAnswer> {
  const answer = await client.request(EmploymentInformationNextHandlerDocument, { ...args });
  return present(answer.employmentInformationNextHandler, "employmentInformationNextHandler");
}

export async function initializeArgyle(
  client: GraphQLClient,
  input: { username: string; employerId: string; directDeposit: boolean },
): Promise<ArgyleInitAnswer> {
  return present((await client.request(InitializeArgyleDocument, input)).initializeArgyle, "initializeArgyle");
}

export async function successfulArgyleUpdate(client: GraphQLClient, input: { username: string; argyleUserId: string }): Promise<boolean> {
  return present((await client.request(SuccessfulArgyleUpdateDocument, input)).successfulArgyleUpdate, "successfulArgyleUpdate");
}

/** An employer the applicant asked the lender to add, as the API recorded it (issue 49). */
export type RecordedEmployerRequest = RecordedEmployerRequestFragment;

export async function requestEmployer(client: GraphQLClient, args: EmployerRequestArgs): Promise<RecordedEmployerRequest> {
  return present((await client.request(RequestEmployerDocument, args)).requestEmployer, "requestEmployer");
}

/** The applicant's employer requests, newest first. */
export async function employerRequests(client: GraphQLClient): Promise<RecordedEmployerRequest[]> {
  return present((await client.request(EmployerRequestsDocument)).employerRequests, "employerRequests");
}
