/**
 * dashboard-sign's operation against the local API over HTTP, with real tokens from the identity
 * stand-in.
 */
import { apiError, userClient } from "@/lib/graphql/client";
import { standInSuite } from "@/local/lender/graphql/testing/api-test-kit";
import { counters } from "./operations";

jest.setTimeout(120_000);

const api = standInSuite();
const graphql = () => `${api.url}/api/local/graphql`;

it("counters answers the embedded signing URL of the caller's own contract, and a clear error otherwise", async () => {
  const signer = userClient(graphql(), await api.tokenFor("offer-dd@example.com"));
  const signingUrl = new URL(await counters(signer, "sig-dd-a10007"));
  expect(signingUrl.pathname).toBe("/api/local/esign/editor/embeddedSign");
  expect(signingUrl.searchParams.get("signature_id")).toBe("sig-dd-a10007");
  const foreign = await counters(userClient(graphql(), await api.tokenFor("admin@lender.example")), "sig-dd-a10007").catch(
    (e: unknown) => e,
  );
  expect(apiError(foreign)).toMatchObject({ errorType: "ResourceNotFoundException", field: "signature_id" });
});
