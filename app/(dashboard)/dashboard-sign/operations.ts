import type { GraphQLClient } from "graphql-request";
import { CountersDocument } from "@/lib/graphql/generated/operations";
import { loadFrontend, present } from "@/lib/graphql/operations";
import { signedContractFileName } from "@/lib/esign/signed-contract";

/** dashboard-sign's calls (SPEC 7), over the generated documents of operations.graphql beside this file and the shared loadFrontend. */

/** The one-time embedded signing URL of the caller's unsigned contract with this signature id. */
export async function counters(client: GraphQLClient, signatureId: string): Promise<string> {
  return present((await client.request(CountersDocument, { signature_id: signatureId })).counters, "counters");
}

/** The signed copy of this contract in the caller's documents (SPEC 3, loadFrontend), or null while it is not filed. */
export async function signedCopy(client: GraphQLClient, signatureId: string): Promise<{ url: string; fileName: string } | null> {
  const fileName = signedContractFileName(signatureId);
  const { documents } = await loadFrontend(client);
  const statement = documents.flatMap((d) => d.statements).find((s) => s.fileName === fileName);
  return statement ? { url: statement.signedUrl, fileName } : null;
}
