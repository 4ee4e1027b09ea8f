/**
 * dashboard-sign's operation against the local API over HTTP, with real tokens from the identity
 * stand-in.
 */
import { RULE_REFUSAL_ERROR_TYPE } from "@/lib/application/refusal-codes";
import { apiError, userClient } from "@/lib/graphql/client";
import { standInSuite } from "@/local/lender/graphql/testing/api-test-kit";
import { counters, signedCopy } from "./operations";

jest.setTimeout(120_000);

const api = standInSuite();
const graphql = () => `${api.url}/api/local/graphql`;

it("counters answers the embedded signing URL of the caller's own contract, and a clear error otherwise", async () => {
  const signer = userClient(graphql(), await api.tokenFor("offer-dd@example.com"));
  const signingUrl = new URL(await counters(signer, "sig-dd-a10007"));
  expect(signingUrl.pathname).toBe("/api/local/esign/editor/embeddedSign");
  expect(signingUrl.searchParams.get("signature_id")).toBe("sig-dd-a10007");
  // Another applicant who may sign (signer@: accepted, direct deposit confirmed) is not served this one's contract.
  const foreign = await counters(userClient(graphql(), await api.tokenFor("signer@example.com")), "sig-dd-a10007").catch((e: unknown) => e);
  expect(apiError(foreign)).toMatchObject({ errorType: "ResourceNotFoundException", field: "signature_id" });
  // One who may not sign yet is refused by the lender's rules, with their reason.
  const early = await counters(userClient(graphql(), await api.tokenFor("admin@lender.example")), "sig-dd-a10007").catch((e: unknown) => e);
  expect(apiError(early)).toMatchObject({ errorType: RULE_REFUSAL_ERROR_TYPE, rule: "NOT_YET" });
});

it("signedCopy finds the signed contract in the caller's documents, and nothing before it is filed", async () => {
  const signed = await signedCopy(userClient(graphql(), await api.tokenFor("signed@example.com")), "sig-dd-a10009");
  expect(signed).toEqual({
    url: expect.stringMatching(/^\/api\/local\/documents\/[\w-]+\/signed-contract-sig-dd-a10009\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/),
    fileName: "signed-contract-sig-dd-a10009.pdf",
  });
  expect(await signedCopy(userClient(graphql(), await api.tokenFor("offer-dd@example.com")), "sig-dd-a10007")).toBeNull();
  // Another borrower's contract is not in this one's documents.
  expect(await signedCopy(userClient(graphql(), await api.tokenFor("offer-dd@example.com")), "sig-dd-a10009")).toBeNull();
});
