import { chromeUserFor } from "./chrome-user";

import { LOAN_STATES, type LoanState } from "@/lib/application/loan-state";

const flags = (adminPortalUser: boolean, loanState: LoanState = "in-progress") => ({ flags: { adminPortalUser }, loanState });

describe("chromeUserFor", () => {
  it("anonymous: signed out, no e-mail", () => {
    expect(chromeUserFor({ status: "anonymous" })).toEqual({ signedIn: false });
  });

  it("signing in: signed in, e-mail known, no staff flag before the claims load", () => {
    expect(chromeUserFor({ status: "signing-in", email: "jo@lender.example" })).toEqual({
      signedIn: true,
      email: "jo@lender.example",
      adminPortalUser: false,
    });
  });

  it.each([true, false])("signed in: the admin flag from the claims (%s)", (admin) => {
    expect(chromeUserFor({ status: "signed-in", email: "a@b.example", claims: flags(admin) })).toEqual({
      signedIn: true,
      email: "a@b.example",
      adminPortalUser: admin,
      canApply: true,
    });
  });

  // Issue 49: "Check My Rate" is for those who can still apply, read from the claims' loan state.
  it.each([
    ...LOAN_STATES.map((s) => [s, !["signed", "originated", "rejected"].includes(s)] as const),
    ["applicationBlocked", false] as const,
  ])("signed in at loan state %s: canApply %p", (loanState, canApply) => {
    expect(chromeUserFor({ status: "signed-in", email: "a@b.example", claims: flags(false, loanState) }).canApply).toBe(canApply);
  });
});
