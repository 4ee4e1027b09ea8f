/**
 * The e-signature stand-in over HTTP: counters(signature_id) on the GraphQL API issues a one-time
 * embedded signing link; the signing page, sign and exit endpoints use it up; signing flips the
 * contract-signed flag that `queries` and loadFrontend report. Real tokens from the identity stand-in.
 */
import { LOCAL_DEFAULTS, esignStandInOrigin } from "../../../lib/config/env";
import { CountersDocument, LoadFrontendDocument, QueriesDocument } from "../../../lib/graphql/generated/operations";
import { API_KEY, expectRefused, gql, sql, standInSuite } from "../../lender/graphql/testing/api-test-kit";

jest.setTimeout(120_000);

/**
 * Each describe block gets its own stand-in server and fresh database: signing a contract in one
 * block cannot change what another expects, so the file passes in any order (`jest --randomize`).
 * Inside a block, tests that change a persona's contract use personas no other test there uses.
 */
let server: ReturnType<typeof standInSuite>;
function ownServer() {
  const suite = standInSuite({}, { ownServer: true });
  beforeAll(() => {
    server = suite;
  });
}
const tokenFor = (email: string) => server.tokenFor(email);

async function counters(email: string, id: string) {
  return gql(server.url, { token: await tokenFor(email) }, CountersDocument, { signature_id: id });
}

async function signingUrl(email: string, id: string): Promise<URL> {
  const reply = await counters(email, id);
  expect(reply.body.errors).toBeUndefined();
  return new URL(reply.body.data!.counters!);
}

/** What hellosign-embedded's open(url, { clientId, skipDomainVerification: true }) puts on the iframe URL. */
function asEmbedded(url: URL, overrides: Record<string, string | null> = {}): string {
  const framed = new URL(url);
  const params: Record<string, string | null> = {
    client_id: LOCAL_DEFAULTS.hellosignClientId,
    debug: "0",
    parent_url: `${server.url}/dashboard-sign?counters=${url.searchParams.get("signature_id")}`,
    skip_domain_verification: "1",
    ux_version: "2",
    js_version: "2.12.4",
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) if (v !== null) framed.searchParams.append(k, v);
  return framed.toString();
}

const post = (path: string, body: unknown, contentType = "application/json") =>
  fetch(`${server.url}/api/local/esign/${path}`, { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify(body) });

/** The contract-signed flag as `queries` and loadFrontend each report it. */
async function signedFlag(email: string) {
  const auth = { token: await tokenFor(email) };
  const [queries, load] = await Promise.all([gql(server.url, auth, QueriesDocument), gql(server.url, auth, LoadFrontendDocument)]);
  return {
    queries: queries.body.data?.queries,
    loadFrontend: { appInfo: { offer: { contractSigned: load.body.data?.loadFrontend?.appInfo?.offer?.contractSigned } } },
  };
}

describe("counters(signature_id)", () => {
  ownServer();

  it("answers a one-time embedded signing URL on the stand-in for the caller's own unsigned contract", async () => {
    const url = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    // The app's server under its other loopback name: cross-site to the app, as the provider is.
    expect(url.origin).toBe(esignStandInOrigin(server.url));
    expect(url.origin).not.toBe(server.url);
    expect(url.pathname).toBe("/api/local/esign/editor/embeddedSign");
    expect(url.searchParams.get("signature_id")).toBe("sig-dd-a10007");
    expect(url.searchParams.get("token")).toMatch(/^[\w-]{40,}$/);
    const again = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    expect(again.searchParams.get("token")).not.toBe(url.searchParams.get("token"));
    // Only a hash of the token is stored.
    const stored = await sql<{ token_hash: string }>(server.url, "SELECT token_hash FROM esign_links WHERE signature_id = $1", [
      "sig-dd-a10007",
    ]);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.map((r) => r.token_hash)).not.toContain(url.searchParams.get("token"));
  });

  it("gives the same not-found answer for an unknown id and for someone else's id", async () => {
    // Callers who may sign (accepted offer, direct deposit confirmed): the answer is about the id alone.
    for (const [email, id] of [
      ["offer-dd@example.com", "sig-does-not-exist"],
      ["signer@example.com", "sig-dd-a10007"],
      ["offer-dd@example.com", "sig-dd-a10011"],
    ] as const) {
      const reply = await counters(email, id);
      expect(reply.status).toBe(200);
      expect(reply.body.data?.counters).toBeNull();
      expect(reply.body.errors?.[0]).toMatchObject({
        errorType: "ResourceNotFoundException",
        message: `signature_id: no signature request "${id}" for the signed-in user`,
        errorInfo: { field: "signature_id" },
      });
    }
    // A caller who may not sign yet is refused by the lender's rules before any id is looked up:
    // the same answer for someone else's id and an unknown one, so it tells nothing about either.
    for (const id of ["sig-dd-a10007", "sig-does-not-exist"])
      expectRefused(await counters("newcomer@example.com", id), "counters", "NOT_YET");
  });

  it("refuses a contract that is already signed", async () => {
    // The lender's rules refuse signing once signed (CONTRACT_SIGNED), before a new link is made.
    const links = () => sql(server.url, "SELECT token_hash FROM esign_links WHERE signature_id = $1", ["sig-dd-a10009"]);
    const before = await links();
    expectRefused(await counters("signed@example.com", "sig-dd-a10009"), "counters", "CONTRACT_SIGNED");
    expect(await links()).toEqual(before);
    expect(await signedFlag("signed@example.com")).toEqual({
      queries: "true",
      loadFrontend: { appInfo: { offer: { contractSigned: true } } },
    });
  });

  it("refuses a malformed id (BadRequestException naming signature_id) and the API key", async () => {
    const bad = await counters("offer-dd@example.com", "../../etc/passwd");
    expect(bad.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "signature_id" } });
    const keyed = await gql(server.url, { apiKey: API_KEY }, CountersDocument, { signature_id: "sig-dd-a10007" });
    expect(keyed.body.errors?.[0]).toMatchObject({
      errorType: "Unauthorized",
      message: "Not Authorized to access counters on type Mutation",
    });
    const anonymous = await gql(server.url, {}, CountersDocument, { signature_id: "sig-dd-a10007" });
    expect(anonymous.status).toBe(401);
  });
});

describe("the embedded signing page", () => {
  ownServer();

  it("serves the contract once, framed only by the app's origin, with the provider's protocol", async () => {
    const url = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    const res = await fetch(asEmbedded(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors ${server.url}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    const page = await res.text();
    expect(page).toContain("Loan contract");
    // People read words, not the signature request's id (it stays in the script's configuration).
    expect(page.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("sig-dd-a10007");
    expect(page).toContain("$3,975.00"); // amount financed: $4,000 principal − $25 prepaid finance charge
    for (const message of ["hellosign:initialize", "hellosign:userSignRequest", "hellosign:userCancelRequest", "hellosign:configure"]) {
      expect(page).toContain(message);
    }
    // One-time: the same link does not open twice.
    const second = await fetch(asEmbedded(url));
    expect(second.status).toBe(410);
    const text = await second.text();
    expect(text).toContain("already been used");
    expect(text).toContain('"errorCode":"link_used"');
  });

  it.each([
    ["a missing client_id", { client_id: null }, 400, "invalid_client_id"],
    ["another API app's client_id", { client_id: "ffffffffffffffffffffffffffffffff" }, 400, "invalid_client_id"],
    ["a parent on another origin", { parent_url: "https://evil.example/phish" }, 400, "invalid_parent_url"],
    ["a parent_url that is not a URL", { parent_url: "javascript:alert(1)" }, 400, "invalid_parent_url"],
  ])("refuses %s, and the link stays unused", async (_name, overrides, status, code) => {
    const url = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    const res = await fetch(asEmbedded(url, overrides));
    expect(res.status).toBe(status);
    const page = await res.text();
    expect(page).toContain(`"errorCode":"${code}"`);
    // A foreign parent never receives a message.
    if (code === "invalid_parent_url") expect(page).toContain('"parentOrigin":null');
    expect((await fetch(asEmbedded(url))).status).toBe(200);
  });

  it("refuses a forged token and a token for another signature id", async () => {
    const url = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    const forged = new URL(url);
    forged.searchParams.set("token", "A".repeat(43));
    expect((await fetch(asEmbedded(forged))).status).toBe(404);
    const swapped = new URL(url);
    swapped.searchParams.set("signature_id", "sig-dd-a10011");
    const res = await fetch(asEmbedded(swapped));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("not valid");
  });
});

describe("signing and signing exits", () => {
  ownServer();

  it("a cancelled signing is recorded, leaves the contract unsigned and uses the link up; a new link works", async () => {
    const url = await signingUrl("signer@example.com", "sig-dd-a10011");
    const token = url.searchParams.get("token");
    // Before the page was opened, a link cannot finish.
    expect((await post("exit", { token, signature_id: "sig-dd-a10011", kind: "cancelled" })).status).toBe(404);
    expect((await fetch(asEmbedded(url))).status).toBe(200);
    const exit = await post("exit", { token, signature_id: "sig-dd-a10011", kind: "cancelled" });
    expect(exit.status).toBe(200);
    expect(await exit.json()).toEqual({ signature_id: "sig-dd-a10011", exited: "cancelled" });
    expect(await signedFlag("signer@example.com")).toEqual({
      queries: "false",
      loadFrontend: { appInfo: { offer: { contractSigned: false } } },
    });
    const events = await sql(server.url, "SELECT kind FROM esign_events WHERE signature_id = $1", ["sig-dd-a10011"]);
    expect(events).toEqual([{ kind: "cancelled" }]);
    // The used link cannot sign afterwards.
    const late = await post("sign", { token, signature_id: "sig-dd-a10011", name: "Signer Tester", consent: true });
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: "link_used" });
    // Retry: a new link opens.
    expect((await fetch(asEmbedded(await signingUrl("signer@example.com", "sig-dd-a10011")))).status).toBe(200);
  });

  it("validates the signature before using the link up: name and consent are required", async () => {
    const url = await signingUrl("offer-dd@example.com", "sig-dd-a10007");
    const token = url.searchParams.get("token");
    expect((await fetch(asEmbedded(url))).status).toBe(200);
    const noConsent = await post("sign", { token, signature_id: "sig-dd-a10007", name: "Offer Tester", consent: false });
    expect(noConsent.status).toBe(400);
    expect(await noConsent.json()).toMatchObject({ field: "consent", retryable: true });
    const noName = await post("sign", { token, signature_id: "sig-dd-a10007", name: "  ", consent: true });
    expect(await noName.json()).toMatchObject({ field: "name", retryable: true });
    const form = await post(
      "sign",
      { token, signature_id: "sig-dd-a10007", name: "Offer Tester", consent: true },
      "application/x-www-form-urlencoded",
    );
    expect(form.status).toBe(415);
    const broken = await fetch(`${server.url}/api/local/esign/sign`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(await signedFlag("offer-dd@example.com")).toMatchObject({ queries: "false" });

    const spare = await signingUrl("offer-dd@example.com", "sig-dd-a10007");

    // Then it signs: the flag flips for queries and loadFrontend, and the signature is recorded.
    const signed = await post("sign", { token, signature_id: "sig-dd-a10007", name: "Offer Tester", consent: true });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ signature_id: "sig-dd-a10007", signed: true });
    expect(await signedFlag("offer-dd@example.com")).toEqual({
      queries: "true",
      loadFrontend: { appInfo: { offer: { contractSigned: true } } },
    });
    const events = await sql(server.url, "SELECT kind, signer_name FROM esign_events WHERE signature_id = $1", ["sig-dd-a10007"]);
    expect(events).toEqual([{ kind: "signed", signer_name: "Offer Tester" }]);

    // Used link, and no new link for a signed contract; other open links cannot sign twice.
    expect((await post("sign", { token, signature_id: "sig-dd-a10007", name: "Offer Tester", consent: true })).status).toBe(410);
    expectRefused(await counters("offer-dd@example.com", "sig-dd-a10007"), "counters", "CONTRACT_SIGNED");
    const spareOpened = await fetch(asEmbedded(spare));
    expect(spareOpened.status).toBe(409);
    expect(await spareOpened.text()).toContain('"errorCode":"already_signed"');
  });

  it("answers 404 for unknown endpoints and 405 for wrong methods", async () => {
    expect((await fetch(`${server.url}/api/local/esign/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/local/esign/sign`)).status).toBe(405);
    expect((await post("editor/embeddedSign", {})).status).toBe(405);
  });
});
