import type { FrontendLoad } from "@/lib/graphql/operations";
import { readClaims } from "@/lib/session/claims";
import type { Session } from "@/lib/session/session";

const session = jest.fn<Promise<Session>, []>();
const idToken = jest.fn<Promise<string | undefined>, []>();
const load = jest.fn<Promise<FrontendLoad>, [unknown]>();
jest.mock("@/lib/session/server-session", () => ({ currentSession: () => session(), cookieIdToken: () => idToken() }));
jest.mock("@/lib/graphql/operations", () => ({ loadFrontend: (client: unknown) => load(client) }));
const AMPLIFY_ID = "CognitoIdentityServiceProvider.localclient0000000000000000.abc123.idToken";
jest.mock("next/headers", () => ({
  cookies: async () => ({ getAll: () => [{ name: AMPLIFY_ID }, { name: "shell_claims" }, { name: "unrelated" }] }),
}));

import { ClientError } from "graphql-request";
import { captureLogs } from "@/lib/observability/logger";
import { POST } from "./route";

const SECRET = "local-only-session-secret-do-not-use-in-production";
const signingIn: Session = { status: "signing-in", sub: "sub-9", username: "abc123", email: "borrower@example.com" };
const frontend = {
  flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false },
  documents: [],
  applicationStep: "activeLoan",
  appInfo: {
    amountAppliedFor: 4000,
    directDepositConfirmed: true,
    evolveConsent: true,
    offer: { contractSigned: true, offerStage: "signed" },
    prequalification: null,
    rejectionReason: null,
    primary_email: "borrower@example.com",
  },
  loanInfo: { PayoutDate: "2028-03-02" },
} as unknown as FrontendLoad;

beforeEach(() => jest.resetAllMocks());

describe("POST /api/session/claims", () => {
  it("loads the user's data with their token and writes claims bound to their sub", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const res = await POST();
    expect(res.status).toBe(200);
    const cookie = res.cookies.get("shell_claims");
    expect(cookie?.httpOnly).toBe(true);
    const claims = await readClaims(cookie?.value, SECRET, "sub-9");
    expect(claims).toMatchObject({
      step: "activeLoan",
      loanState: "originated",
      payoutDate: "2028-03-02",
      emailDomain: "example.com",
      evolveConsent: true,
    });
    expect(await readClaims(cookie?.value, SECRET, "someone-else")).toBeNull();
  });

  it("answers 401 without an identity, and loads nothing", async () => {
    session.mockResolvedValue({ status: "anonymous" });
    idToken.mockResolvedValue(undefined);
    const res = await POST();
    expect(res.status).toBe(401);
    expect(load).not.toHaveBeenCalled();
    expect(res.cookies.get("shell_claims")).toBeUndefined();
  });

  it("answers 502 without the API's wording and clears claims that may be stale", async () => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockRejectedValue(new Error("internal database detail"));
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await POST();
    spy.mockRestore();
    expect(res.status).toBe(502);
    expect(JSON.stringify(await res.json())).not.toContain("database");
    const cleared = res.cookies.get("shell_claims");
    expect(cleared?.value).toBe("");
    expect(cleared?.maxAge).toBe(0);
  });

  it.each([
    ["a 401", 401, undefined],
    ["an UnauthorizedException (a revoked sign-in)", 200, "UnauthorizedException"],
  ])("answers %s from the API as signed out: 401, every session cookie deleted, never a 5xx", async (_name, status, errorType) => {
    session.mockResolvedValue(signingIn);
    idToken.mockResolvedValue("the.id.token");
    load.mockRejectedValue(
      new ClientError({ status, errors: [{ message: "Token has been revoked", ...(errorType ? { errorType } : {}) }] } as never, {
        query: "",
      }),
    );
    const res = await POST();
    expect(res.status).toBe(401);
    const cleared = res.headers.getSetCookie().map((v) => v.slice(0, v.indexOf("=")));
    expect(cleared.sort()).toEqual([AMPLIFY_ID, "shell_claims"].sort());
    for (const v of res.headers.getSetCookie()) expect(v).toContain("Max-Age=0");
  });

  it("answers 503 with Retry-After while the key set is out of reach, keeping every cookie", async () => {
    session.mockResolvedValue({ status: "verifying", username: "abc123", keySetDown: true });
    const res = await POST();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    [
      "audits a sign-in's first load, with the sub and no personal value",
      -10,
      [expect.objectContaining({ event: "sign-in", sub: "sub-9", outcome: "success" })],
    ],
    ["audits nothing on a first load long after the sign-in (claims expired)", -3600, []],
  ])("%s", async (_name, sinceNow, audits) => {
    // The verified identity's auth_time (lib/session/id-token.ts).
    session.mockResolvedValue({ ...signingIn, authTime: Math.floor(Date.now() / 1000) + sinceNow });
    idToken.mockResolvedValue("the.id.token");
    load.mockResolvedValue(frontend);
    const logs = captureLogs();
    try {
      expect((await POST()).status).toBe(200);
    } finally {
      logs.restore();
    }
    expect(logs.lines().filter((line) => line.channel === "audit")).toEqual(audits);
    expect(JSON.stringify(logs.lines())).not.toContain("borrower@example.com");
  });
});
