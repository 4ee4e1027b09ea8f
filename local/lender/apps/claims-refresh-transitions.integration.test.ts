/**
 * Issue 11 item 7, the local apps' side: every form of the local lending app and dashboard that
 * changes the step or the loan state re-writes the shell's claims (its POST /api/session/claims,
 * with the visitor's cookies) after the change and passes the cookie on with its 303. The test
 * server stands in for that endpoint (API_SERVER_CLAIMS_PROBE) with a cookie naming the step the
 * database held when it was called. One row per transition, in the order the journey takes them.
 * The shell pages' side is components/claims-refresh-transitions.test.ts.
 */
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { arrange, persona, sql, standInSuite } from "../graphql/testing/api-test-kit";

jest.setTimeout(180_000);

const server = standInSuite({ API_SERVER_CLAIMS_PROBE: "1", LOCAL_EMPLOYER_DIRECTORY_SIZE: "0" });
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;

async function cookieFor(email: string): Promise<string> {
  const p = persona(email);
  const token = await server.tokenFor(email);
  return `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${p.username}; CognitoIdentityServiceProvider.${CLIENT}.${p.username}.idToken=${token}`;
}

async function post(path: string, email: string, fields: Record<string, string | File>): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return fetch(`${server.url}/api/local/apps/${path}`, {
    method: "POST",
    headers: { cookie: await cookieFor(email), origin: server.url },
    body,
    redirect: "manual",
  });
}

const stepOf = async (email: string) =>
  (await sql<{ step: string }>(server.url, "SELECT step FROM applications WHERE sub = $1", [persona(email).sub]))[0]!.step;

/** What the claims refresh answered, as the 303 passed it on; null when no refresh cookie came back. */
function refreshedClaims(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("claims_probe="));
  return cookie ? decodeURIComponent(cookie.slice("claims_probe=".length).split(";")[0]!) : null;
}

interface Row {
  transition: string;
  email: string;
  /** Puts the persona at the row's step first (only the lender's rows may be arranged). */
  arrangeStep?: string;
  path: string;
  fields: Record<string, string | File>;
  location: string;
  /** The step (and direct-deposit flag) the refreshed claims carry. */
  claims: string;
}

// Rows that build on each other run as one chain, in order: Jest may run tests in any order (--randomize).
const CHAINS: Row[][] = [
  // The seeded employment@ has no employment details yet, so the rule refuses it (its result page is
  // the lending app's own); the approval's refresh is the same code path, and the journey e2e walks it.
  [
    {
      transition: "preQualification (check my rate) refused → prequalRej",
      email: "employment@example.com",
      arrangeStep: "authPrequal",
      path: "lending/apply/authPrequal",
      fields: { action: "prequalify" },
      location: "/api/local/apps/lending/apply/prequalRej",
      claims: "prequalRej|dd=false",
    },
  ],
  [
    {
      transition: "setApplicationStep (prequalApprove, continue) → consentPage",
      email: "prequal-approved@example.com",
      path: "lending/apply/prequalApprove",
      fields: { action: "continue" },
      location: "/apply/consentPage",
      claims: "consentPage|dd=false",
    },
    {
      transition: "setEvolveConsent + setApplicationStep (consent) → fundingAccount",
      email: "prequal-approved@example.com",
      path: "lending/apply/consentPage",
      fields: { action: "consent", consent: "yes" },
      location: "/apply/fundingAccount",
      claims: "fundingAccount|dd=false",
    },
  ],
  [
    {
      transition: "identity upload (step 8) → completeUnderReview",
      email: "under-review@example.com",
      arrangeStep: "uploadIdentity",
      path: "lending/apply/uploadIdentity",
      fields: { action: "upload", file: new File(["%PDF-1.4"], "licence.pdf", { type: "application/pdf" }) },
      location: "/apply/completeUnderReview",
      claims: "completeUnderReview|dd=false",
    },
    {
      transition: "review completed (local ops action) → Offer Sent",
      email: "under-review@example.com",
      path: "lending/apply/completeUnderReview",
      fields: { action: "complete-review" },
      location: "/apply",
      claims: "Offer Sent|dd=false",
    },
  ],
  [
    {
      transition: "offer accepted",
      email: "offer-sent@example.com",
      path: "lending/apply/offerDetails",
      fields: { action: "accept" },
      location: "/offer/directDeposit",
      claims: "Offer Sent|dd=false",
    },
    {
      transition: "direct deposit confirmed",
      email: "offer-sent@example.com",
      path: "lending/direct-deposit",
      fields: { action: "confirm-direct-deposit", dd: "yes" },
      location: "/offer/contract",
      claims: "Offer Sent|dd=true",
    },
  ],
  [
    {
      transition: "origination (local ops action) → activeLoan",
      email: "signed@example.com",
      path: "dashboard/contract",
      fields: { action: "originate" },
      location: "/dashboard",
      claims: "activeLoan|dd=true",
    },
  ],
];

describe("the local apps refresh the shell's claims after every change of step or loan state", () => {
  it.each(CHAINS.map((chain) => [chain.map((r) => r.transition).join(", then "), chain] as const))("%s", async (_name, chain) => {
    for (const { transition, email, arrangeStep, path, fields, location, claims } of chain) {
      if (arrangeStep) await arrange(server.url, "UPDATE applications SET step = $1 WHERE sub = $2", [arrangeStep, persona(email).sub]);
      const res = await post(path, email, fields);
      expect([transition, res.status, res.headers.get("location")]).toEqual([transition, 303, location]);
      expect(refreshedClaims(res)).toBe(claims);
      expect((await stepOf(email)).startsWith(claims.split("|")[0]!)).toBe(true);
    }
  });

  it("the prequalification refusal is the rule's (no employment status on file)", async () => {
    await arrange(server.url, "UPDATE applications SET step = $1 WHERE sub = $2", ["authPrequal", persona("employment@example.com").sub]);
    expect((await post("lending/apply/authPrequal", "employment@example.com", { action: "prequalify" })).status).toBe(303);
    const [row] = await sql<{ reason: string }>(server.url, "SELECT rejection_reason AS reason FROM applications WHERE sub = $1", [
      persona("employment@example.com").sub,
    ]);
    expect(row!.reason).toMatch(/^Employment status "none" is not eligible/);
  });

  it("a refused form changes nothing and refreshes nothing", async () => {
    await arrange(server.url, "UPDATE applications SET step = $1 WHERE sub = $2", ["consentPage", persona("loan-details@example.com").sub]);
    const res = await post("lending/apply/consentPage", "loan-details@example.com", { action: "consent" }); // the box not ticked
    expect(res.status).toBe(400);
    expect(refreshedClaims(res)).toBeNull();
    expect(await stepOf("loan-details@example.com")).toBe("consentPage");
  });
});
