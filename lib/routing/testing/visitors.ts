import type { LoanState } from "@/lib/application/loan-state";
import type { Claims } from "@/lib/session/claims";
import type { Session } from "@/lib/session/session";
import { testClaims } from "@/lib/session/testing/claims";
import type { RoutingEnvironment } from "../types";

/** Fixtures for decision tests and the benchmark: one visitor per kind the guards tell apart. */
export const HOSTED_ENV: RoutingEnvironment = {
  hosts: { dashboard: "https://dash.test", lending: "https://lend.test", marketing: "https://www.test" },
  signInInApp: false,
};
export const LOCAL_ENV: RoutingEnvironment = { ...HOSTED_ENV, signInInApp: true };

export const NOW = Date.parse("2026-11-21T12:00:00Z");

const identity = { sub: "00000000-0000-4000-8000-000000000001", username: "abc123", email: "someone@example.com" };

export function signedIn(overrides: Partial<Omit<Claims, "sub">> & { loanState?: LoanState } = {}): Session {
  return {
    status: "signed-in",
    ...identity,
    claims: testClaims({ sub: identity.sub, ...overrides }),
  };
}

export const VISITORS = {
  anonymous: { status: "anonymous" } as Session,
  signingIn: { status: "signing-in", ...identity } as Session,
  /** A returning user: identity token expired, refresh token kept (SPEC 4's verifying). */
  verifying: { status: "verifying", username: identity.username } as Session,
  newcomer: signedIn(),
  loanDetails: signedIn({ step: "loanDetails", loanState: "in-progress" }),
  employment: signedIn({ step: "employmentInformation", loanState: "in-progress" }),
  prequalApproved: signedIn({ step: "prequalApprove", loanState: "review" }),
  underReview: signedIn({ step: "completeUnderReview", loanState: "review" }),
  offerSent: signedIn({ step: "Offer Sent", loanState: "review", offerStage: "sent" }),
  offerDirectDeposit: signedIn({ step: "Offer Sent", loanState: "review", offerStage: "sent", directDepositConfirmed: true }),
  paperForm: signedIn({ step: "Paper Form Confirmation Pending", loanState: "review" }),
  signed: signedIn({ step: "Offer Sent", loanState: "signed", directDepositConfirmed: true }),
  originated: signedIn({ step: "activeLoan", loanState: "originated", payoutDate: "2028-03-02" }),
  paidOff: signedIn({ step: "activeLoan", loanState: "originated", payoutDate: "2024-06-14" }),
  rejected: signedIn({ step: "rejected", loanState: "rejected" }),
  blocked: signedIn({ step: "applicationBlocked-identity", loanState: "applicationBlocked" }),
  admin: signedIn({
    flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: false },
    emailDomain: "lender.example",
  }),
  collections: signedIn({
    flags: { adminPortalUser: false, collectionsUser: true, verificationsPortalUser: false },
    emailDomain: "lender.example",
  }),
  verifications: signedIn({
    flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: true },
    emailDomain: "lender.example",
  }),
} satisfies Record<string, Session>;

export type VisitorName = keyof typeof VISITORS;
export const VISITOR_NAMES = Object.keys(VISITORS) as VisitorName[];

/** A concrete path for every row of a table (parameters filled with sample values). */
export function samplePath(pattern: string): string {
  return pattern.replace(":step", "loanDetails").replace(":feature", "teachers");
}
