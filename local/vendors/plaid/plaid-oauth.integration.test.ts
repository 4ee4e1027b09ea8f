/**
 * Plaid OAuth at the stand-in (issue 25): a link token carries the app's redirect_uri (only an
 * allowed one); an OAuth bank logs in on its own page, never in Link's form; the page returns to
 * redirect_uri?oauth_state_id=…, and Link, opened again there with the same token and
 * receivedRedirectUri, gets the login's outcome once. The browser walk is e2e/bank.spec.ts.
 */
import { CreateLinkTokenDocument } from "../../../lib/graphql/generated/operations";
import { gql, signUpAt, sql, standInSuite, type NewUser } from "../../lender/graphql/testing/api-test-kit";
import { hashToken } from "./plaid";

jest.setTimeout(180_000);

const server = standInSuite();
/** Applicants stand where the bank writes are open and move no step (the state machine, lib/application/application-machine.ts). */
const BANK_STEP = "uploadIdentity";
const OAUTH_BANK = "ins_127287";

const returnUri = () => `${server.url}/bank/oauth`;

async function tokenFor(u: NewUser, redirectUri: string | null = returnUri()) {
  const reply = await gql(server.url, { token: u.token }, CreateLinkTokenDocument, { redirectUri });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.createLinkToken!.link_token;
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}/api/local/plaid/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

/** The bank's own page: its form, posted as a browser would. */
async function atBank(oauthUrl: string, username: string, password: string) {
  const url = new URL(oauthUrl, server.url);
  const page = await fetch(url);
  const state = url.searchParams.get("state")!;
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ state, username, password }).toString(),
    redirect: "manual",
  });
  return {
    page: { status: page.status, html: await page.text() },
    status: res.status,
    location: res.headers.get("location"),
    html: await res.text(),
  };
}

describe("the link token's redirect_uri", () => {
  it("is kept in the token when it is the app's return page", async () => {
    const u = await signUpAt(server.url, "oauth", BANK_STEP);
    await tokenFor(u);
    const [row] = await sql<{ config: any }>(server.url, "SELECT config FROM plaid_link_tokens WHERE sub = $1", [u.sub]);
    expect(row!.config.redirect_uri).toBe(returnUri());
  });

  it.each([["https://evil.example/bank/oauth"], [`${"http://127.0.0.1:1"}/bank/oauth`], ["/bank/oauth"], ["javascript:alert(1)"]])(
    "refuses %s (not on the allowed list)",
    async (uri) => {
      const u = await signUpAt(server.url, "oauth", BANK_STEP);
      const reply = await gql(server.url, { token: u.token }, CreateLinkTokenDocument, { redirectUri: uri });
      expect(reply.body.errors?.[0]).toMatchObject({
        errorType: "BadRequestException",
        message: "redirectUri: not one of the allowed redirect URIs",
      });
    },
  );
});

describe("the allowed list with LOCAL_PLAID_ALLOWED_REDIRECT_URIS (a second app's return page, as the e2e fault servers')", () => {
  // Its own server: the setting is read by the stand-ins' process (the shared one has none, and refuses this very URI above).
  const listed = standInSuite({ LOCAL_EMPLOYER_DIRECTORY_SIZE: "0", LOCAL_PLAID_ALLOWED_REDIRECT_URIS: "http://127.0.0.1:1/bank/oauth" });

  it("takes the listed URI into the token, and the app's own still", async () => {
    const u = await signUpAt(listed.url, "oauth-listed", BANK_STEP);
    for (const uri of ["http://127.0.0.1:1/bank/oauth", `${listed.url}/bank/oauth`]) {
      const reply = await gql(listed.url, { token: u.token }, CreateLinkTokenDocument, { redirectUri: uri });
      expect(reply.body.errors).toBeUndefined();
      const [row] = await sql<{ config: any }>(listed.url, "SELECT config FROM plaid_link_tokens WHERE sub = $1 AND token_hash = $2", [
        u.sub,
        hashToken(reply.body.data!.createLinkToken!.link_token),
      ]);
      expect(row!.config.redirect_uri).toBe(uri);
    }
  });

  it.each([
    ["http://127.0.0.1:2/bank/oauth"],
    ["http://127.0.0.1:1/bank/oauth/"],
    ["http://127.0.0.1:1/elsewhere"],
    ["https://evil.example/bank/oauth"],
  ])("still refuses %s (not on it: matched exactly)", async (uri) => {
    const u = await signUpAt(listed.url, "oauth-listed", BANK_STEP);
    const reply = await gql(listed.url, { token: u.token }, CreateLinkTokenDocument, { redirectUri: uri });
    expect(reply.body.errors?.[0]).toMatchObject({
      errorType: "BadRequestException",
      message: "redirectUri: not one of the allowed redirect URIs",
    });
  });
});

describe("an OAuth bank", () => {
  it("goes to its own page and back through redirect_uri; Link resumes once with the same token", async () => {
    const u = await signUpAt(server.url, "oauth", BANK_STEP);
    const token = await tokenFor(u);
    // Never through Link's credential form.
    const direct = await post("link/login", {
      link_token: token,
      institution_id: OAUTH_BANK,
      username: "user_good",
      password: "pass_good",
    });
    expect(direct.json.error).toMatchObject({ error_code: "INVALID_INSTITUTION" });

    const start = await post("link/oauth/start", { link_token: token, institution_id: OAUTH_BANK });
    expect(start.json.oauth_url).toMatch(/^\/api\/local\/plaid\/oauth\/bank\?state=oauth-state-[0-9a-f]{32}$/);
    const wrong = await atBank(start.json.oauth_url, "user_good", "nope");
    expect(wrong.page.html).toContain("Log in to Platypus OAuth Bank");
    expect([wrong.status, wrong.html]).toEqual([400, expect.stringContaining("credentials were not correct")]);
    const bank = await atBank(start.json.oauth_url, "user_good", "pass_good");
    expect(bank.status).toBe(303);
    const back = new URL(bank.location!);
    expect(`${back.origin}${back.pathname}`).toBe(returnUri());
    const stateId = back.searchParams.get("oauth_state_id");
    expect(stateId).toMatch(/^oauth-state-/);

    // Another user's token cannot pick the outcome up.
    const other = await tokenFor(await signUpAt(server.url, "oauth", BANK_STEP));
    expect((await post("link/oauth/resume", { link_token: other, received_redirect_uri: bank.location })).json.error).toMatchObject({
      error_code: "INVALID_OAUTH_STATE_ID",
    });

    const resumed = await post("link/oauth/resume", { link_token: token, received_redirect_uri: bank.location });
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ institution: { institution_id: OAUTH_BANK, name: "Platypus OAuth Bank" }, update: false });
    expect(resumed.json.public_token).toMatch(/^public-local-/);
    expect(resumed.json.accounts.map((a: { subtype: string }) => a.subtype).sort()).toEqual(["checking", "savings"]);
    // Once.
    expect((await post("link/oauth/resume", { link_token: token, received_redirect_uri: bank.location })).json.error).toMatchObject({
      error_code: "INVALID_OAUTH_STATE_ID",
    });
    // The bank's page for a finished trip says so.
    expect((await fetch(new URL(start.json.oauth_url, server.url))).status).toBe(404);
  });

  it("needs a redirect_uri in the link token", async () => {
    const u = await signUpAt(server.url, "oauth", BANK_STEP);
    const token = await tokenFor(u, null);
    const start = await post("link/oauth/start", { link_token: token, institution_id: OAUTH_BANK });
    expect(start.json.error).toMatchObject({
      error_code: "INVALID_FIELD",
      error_message: "OAuth institutions require a redirect_uri in the link token",
    });
  });

  it("resumes only at the token's own redirect_uri", async () => {
    const u = await signUpAt(server.url, "oauth", BANK_STEP);
    const token = await tokenFor(u);
    const start = await post("link/oauth/start", { link_token: token, institution_id: OAUTH_BANK });
    const bank = await atBank(start.json.oauth_url, "user_good", "pass_good");
    const elsewhere = bank.location!.replace("/bank/oauth", "/elsewhere");
    expect((await post("link/oauth/resume", { link_token: token, received_redirect_uri: elsewhere })).json.error).toMatchObject({
      error_code: "INVALID_FIELD",
    });
  });

  it("is listed in the widget with its OAuth flag, and the bank-list marker is filled", async () => {
    const script = await (await fetch(`${server.url}/api/local/plaid/link-initialize.js`)).text();
    expect(script).toContain('{"institution_id":"ins_127287","name":"Platypus OAuth Bank","oauth":true}');
    expect(script).not.toContain("/*INSTITUTIONS*/");
  });
});
