import type { GraphQLClient } from "graphql-request";
import { CountersDocument } from "@/lib/graphql/generated/operations";
import { present } from "@/lib/graphql/operations";

/** dashboard-sign's call (SPEC 7), over the generated document of operations.graphql beside this file. */

/** The one-time embedded signing URL of the caller's unsigned contract with this signature id. */
export async function counters(client: GraphQLClient, signatureId: string): Promise<string> {
  return present((await client.request(CountersDocument, { signature_id: signatureId })).counters, "counters");
}
