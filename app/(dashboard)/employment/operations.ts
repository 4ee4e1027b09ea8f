import type { GraphQLClient } from "graphql-request";
import type { EmploymentArgs } from "@/lib/employment/schema";
import {
  EmploymentInformationNextHandlerDocument,
  InitializeArgyleDocument,
  SetEmployerDocument,
  SuccessfulArgyleUpdateDocument,
  type EmploymentInformationNextHandlerMutation,
  type InitializeArgyleMutation,
  type SetEmployerMutation,
} from "@/lib/graphql/generated/operations";

/** The employment step's operations (SPEC 7) over the generated documents. All take the user's token. */

export type NextStepAnswer = NonNullable<SetEmployerMutation["setEmployer"]>;
export type EmploymentNextAnswer = NonNullable<EmploymentInformationNextHandlerMutation["employmentInformationNextHandler"]>;
export type ArgyleInitAnswer = NonNullable<InitializeArgyleMutation["initializeArgyle"]>;

function present<T>(value: T | null | undefined, operation: string): T {
  if (value === null || value === undefined) throw new Error(`${operation} answered null`);
  return value;
}

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
