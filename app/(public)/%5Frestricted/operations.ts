import type { GraphQLClient } from "graphql-request";
import { RestrictedRefusalDecidedAtDocument, RestrictedRefusalDocument } from "@/lib/graphql/generated/operations";
import { present } from "@/lib/graphql/operations";
import type { RefusalFacts } from "@/lib/lending/refusal";

// Only a refused prequalification is this refusal's decision (a passed one precedes a later refusal).

/** The stored refusal's reasons (SPEC 3 fields), read with the user's token. */
export async function refusalReasons(client: GraphQLClient): Promise<Omit<RefusalFacts, "decidedAt">> {
  const { appInfo } = present((await client.request(RestrictedRefusalDocument)).loadFrontend, "loadFrontend");
  const refused = appInfo.prequalification?.preQualificationStatus === false ? appInfo.prequalification : null;
  return {
    rejectionReason: appInfo.rejectionReason,
    failureReason: refused?.preQualificationFailureReason ?? null,
    creditDenialReason: refused?.creditDenialReason ?? null,
  };
}

/** When the refused prequalification was decided (ISO 8601), or null. */
export async function refusalDecidedAt(client: GraphQLClient): Promise<string | null> {
  const { appInfo } = present((await client.request(RestrictedRefusalDecidedAtDocument)).loadFrontend, "loadFrontend");
  const prequal = appInfo.prequalification;
  return prequal?.preQualificationStatus === false ? (prequal.preQualificationDecidedAt ?? null) : null;
}
