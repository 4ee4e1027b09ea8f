import type { Claims } from "../claims";

/** A newcomer's claims (no loan yet, no staff flags) for tests; a test names only what it needs to differ. */
export function testClaims(overrides: Partial<Claims> = {}): Claims {
  return {
    sub: "sub-1",
    step: "chooseEmployer",
    loanState: "not-started",
    directDepositConfirmed: false,
    offerStage: null,
    flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false },
    emailDomain: "example.com",
    payoutDate: null,
    evolveConsent: true,
    ...overrides,
  };
}
