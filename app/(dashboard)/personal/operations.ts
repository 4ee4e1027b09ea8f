import type { GraphQLClient } from "graphql-request";
import { apiError } from "@/lib/graphql/client";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { isReportedIdentifyError, type IdentitySubmission } from "./identity-submission";
import {
  AppliesDocument,
  IdentifiesDocument,
  type AppliesMutationVariables,
  type IdentifiesMutationVariables,
} from "@/lib/graphql/generated/operations";

/**
 * The calls of /personal (SPEC 7): the loan request (`applies`) and the identity (`identifies`),
 * over the generated documents of operations.graphql beside this file.
 */

export async function applies(client: GraphQLClient, variables: AppliesMutationVariables): Promise<void> {
  await client.request(AppliesDocument, variables);
}

/**
 * Omitted variables stay absent (not null), so the API leaves those fields as they are. SPEC 5
 * and 8: an error saying the identity already exists is not reported; any other is thrown.
 */
export async function identifies(client: GraphQLClient, submission: IdentitySubmission): Promise<void> {
  try {
    // The builder copies each field from the form schema's output, whose types match the contract's
    // (text as strings; lat, lng and amounts as numbers); its own type is the looser common one.
    await client.request(IdentifiesDocument, submission as IdentifiesMutationVariables);
  } catch (error) {
    if (isReportedIdentifyError(apiError(error)?.message ?? (error instanceof Error ? error.message : ""))) throw error;
  }
}

type AppInfo = NonNullable<FrontendLoad["appInfo"]>;
/** A value as the API holds it and as it was sent: empty is none, and a number compares as a number. */
function comparable(value: unknown, asNumber: boolean): unknown {
  if (value === undefined || value === "") return null;
  return asNumber && value !== null ? Number(value) : value;
}
const same = (held: unknown, sent: unknown) => {
  const asNumber = typeof held === "number" || typeof sent === "number";
  return comparable(held, asNumber) === comparable(sent, asNumber);
};

/** Whether the API holds this loan request (the read-back of an `applies` that got no answer). */
export function holdsLoanRequest(app: AppInfo | null | undefined, sent: Omit<AppliesMutationVariables, "type">): boolean {
  return (
    !!app &&
    same(app.amountAppliedFor, sent.amount) &&
    same(app.loanReason, sent.reason) &&
    same(app.otherDescription, sent.other) &&
    same(app.stateOfResidence, sent.state)
  );
}

/**
 * Whether the API holds this identity submission (the read-back of an `identifies` that got no
 * answer): every field sent, as loadFrontend answers it; the SSN is answered masked, so its last four.
 */
export function holdsIdentity(app: AppInfo | null | undefined, sent: IdentitySubmission): boolean {
  const personal = app?.personal as Record<string, unknown> | null | undefined;
  if (!personal) return false;
  return Object.entries(sent).every(([field, value]) => {
    if (field === "accountSettings") return true;
    if (field === "ssn") return typeof personal.ssn === "string" && personal.ssn.slice(-4) === String(value).slice(-4);
    return same(personal[field], value);
  });
}
