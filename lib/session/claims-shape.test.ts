import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { CLAIMS_COOKIE, CLAIMS_TTL_SECONDS, readClaims, signClaims, type Claims } from "./claims";
import { claimsCookieOptions } from "./claims-cookie";

const SECRET = "a-test-secret-that-is-long-enough-000";
const NOW = 1_800_000_000;
const good: Claims = {
  sub: "sub-1",
  step: "Offer Sent",
  loanState: "review",
  directDepositConfirmed: true,
  offerStage: "Offer Sent",
  flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: true },
  emailDomain: "lender.example",
  payoutDate: "2028-03-02",
  evolveConsent: false,
};
const { sub: _sub, ...body } = good;

/** A cookie signed like the real one, with any body: what a forger holding the secret could not make, but a bug could. */
async function cookieWith(c: unknown, o: { iss?: string; aud?: string; sub?: string | null } = {}): Promise<string> {
  const jwt = new SignJWT({ c })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(o.iss ?? "lending-shell")
    .setAudience(o.aud ?? "lending-shell/claims")
    .setExpirationTime(NOW + 60);
  if (o.sub !== null) jwt.setSubject(o.sub ?? "sub-1");
  return jwt.sign(new TextEncoder().encode(SECRET));
}

describe("the claims cookie's name, lifetime and envelope (SPEC: short-lived, bound to the user)", () => {
  it("is shell_claims, lives 15 minutes, HS256 from lending-shell to lending-shell/claims", async () => {
    expect(CLAIMS_COOKIE).toBe("shell_claims");
    expect(CLAIMS_TTL_SECONDS).toBe(900);
    const token = await signClaims(good, SECRET, NOW);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    expect(decodeJwt(token)).toEqual({
      c: body,
      sub: "sub-1",
      iss: "lending-shell",
      aud: "lending-shell/claims",
      iat: NOW,
      exp: NOW + 900,
    });
  });

  it("reads back every field, whatever their values", async () => {
    await expect(readClaims(await signClaims(good, SECRET, NOW), SECRET, "sub-1", NOW)).resolves.toEqual(good);
    const nulls = { ...good, offerStage: null, payoutDate: null, loanState: "applicationBlocked" as const };
    await expect(readClaims(await signClaims(nulls, SECRET, NOW), SECRET, "sub-1", NOW)).resolves.toEqual(nulls);
  });

  it("is still good one second before its exp and gone at it", async () => {
    const token = await signClaims(good, SECRET, NOW);
    await expect(readClaims(token, SECRET, "sub-1", NOW + 899)).resolves.toEqual(good);
    await expect(readClaims(await signClaims(good, SECRET, NOW), SECRET, "sub-1", NOW + 900)).resolves.toBeNull();
  });

  it.each([
    ["another issuer", { iss: "someone-else" }],
    ["another audience", { aud: "lending-shell/other" }],
    ["no subject", { sub: null }],
  ])("is refused with %s", async (_label, o) => {
    await expect(readClaims(await cookieWith(body, o), SECRET, "sub-1", NOW)).resolves.toBeNull();
  });

  it("an empty cookie is no cookie", async () => {
    await expect(readClaims("", SECRET, "sub-1", NOW)).resolves.toBeNull();
  });
});

describe("a claims body of the wrong shape is refused, field by field", () => {
  it.each<[string, unknown]>([
    ["no body", undefined],
    ["a string body", "claims"],
    ["step not a string", { ...body, step: 7 }],
    ["loanState not a string", { ...body, loanState: 1 }],
    ["loanState not a state", { ...body, loanState: "approved" }],
    ["directDepositConfirmed not a boolean", { ...body, directDepositConfirmed: "yes" }],
    ["offerStage a number", { ...body, offerStage: 3 }],
    ["offerStage missing", { ...body, offerStage: undefined }],
    ["emailDomain missing", { ...body, emailDomain: undefined }],
    ["payoutDate a number", { ...body, payoutDate: 20280302 }],
    ["evolveConsent not a boolean", { ...body, evolveConsent: "true" }],
    ["no flags", { ...body, flags: undefined }],
    ["adminPortalUser not a boolean", { ...body, flags: { ...body.flags, adminPortalUser: 1 } }],
    ["collectionsUser not a boolean", { ...body, flags: { ...body.flags, collectionsUser: null } }],
    ["verificationsPortalUser not a boolean", { ...body, flags: { ...body.flags, verificationsPortalUser: "no" } }],
  ])("%s", async (_label, c) => {
    await expect(readClaims(await cookieWith(c), SECRET, "sub-1", NOW)).resolves.toBeNull();
  });

  it("the same envelope with a good body is accepted (the refusals above are the body's)", async () => {
    await expect(readClaims(await cookieWith(body), SECRET, "sub-1", NOW)).resolves.toEqual(good);
  });
});

describe("claimsCookieOptions", () => {
  it.each([
    ["http://127.0.0.1:3000", undefined, { secure: false }],
    ["https://app.example.com", undefined, { secure: true }],
    ["https://app.example.com", "example.com", { secure: true, domain: "example.com" }],
    ["http://localhost:3000", "", { secure: false }],
  ])("%s with cookie domain %p", (appUrl, cookieDomain, extra) => {
    expect(claimsCookieOptions({ appUrl, cookieDomain })).toEqual({
      name: "shell_claims",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 900,
      ...extra,
    });
  });
});
