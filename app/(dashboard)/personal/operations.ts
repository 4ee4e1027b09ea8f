import type { GraphQLClient } from "graphql-request";
import type { IdentitySubmission } from "./identity-submission";
import {
  AppliesDocument,
  IdentifiesDocument,
  type AppliesMutationVariables,
  type IdentifiesMutationVariables,
} from "@/lib/graphql/generated/operations";

/** The calls of /personal (SPEC 7): the loan request (`applies`) and the identity (`identifies`). */

export async function applies(client: GraphQLClient, variables: AppliesMutationVariables): Promise<void> {
  await client.request(AppliesDocument, variables);
}

/** Omitted variables stay absent (not null), so the API leaves those fields as they are. */
export async function identifies(client: GraphQLClient, submission: IdentitySubmission): Promise<void> {
  // The builder copies each field from the form schema's output, whose types match the contract's
  // (text as strings; lat, lng and amounts as numbers); its own type is the looser common one.
  await client.request(IdentifiesDocument, submission as IdentifiesMutationVariables);
}
