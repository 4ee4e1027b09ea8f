import type { GraphQLClient } from "graphql-request";
import { RestrictedRefusalDocument } from "@/lib/graphql/generated/operations";
import { present } from "@/lib/graphql/operations";
import type { RefusalFacts } from "@/lib/lending/refusal";

/** The stored refusal (rejection reason, prequalification decision), read with the user's token. */
export async function refusalFacts(client: GraphQLClient): Promise<RefusalFacts> {
  const { appInfo } = present((await client.request(RestrictedRefusalDocument)).loadFrontend, "loadFrontend");
  const prequal = appInfo.prequalification;
  return {
    rejectionReason: appInfo.rejectionReason,
    // A prequalification that passed is not this refusal's decision (a later refusal, e.g. step rejected).
    failureReason: prequal?.preQualificationStatus === false ? prequal.preQualificationFailureReason : null,
    creditDenialReason: prequal?.preQualificationStatus === false ? prequal.creditDenialReason : null,
    decidedAt: prequal?.preQualificationStatus === false ? prequal.preQualificationDecidedAt : null,
  };
}
