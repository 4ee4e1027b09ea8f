import type { FrontendLoad } from "@/lib/graphql/operations";
import { claimsFromLoad } from "./claims-from-load";

function load(
  over: {
    step?: string;
    app?: Record<string, unknown>;
    loan?: Record<string, unknown> | null;
    flags?: Partial<FrontendLoad["flags"]>;
  } = {},
): FrontendLoad {
  return {
    flags: { adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false, ...over.flags },
    documents: [],
    applicationStep: over.step ?? "chooseEmployer",
    appInfo: {
      step: over.step ?? "chooseEmployer",
      history: [],
      rejectionReason: null,
      username: "abc123",
      primary_email: "x@example.com",
      employer: null,
      employerName: null,
      employerParentId: null,
      evolveConsent: null,
      stateOfResidence: null,
      amountAppliedFor: null,
      loanType: null,
      loanReason: null,
      otherDescription: null,
      directDepositConfirmed: false,
      directDepositConfirmedBy: null,
      payrollLinked: false,
      personal: null,
      employment: null,
      offer: null,
      prequalification: null,
      ...over.app,
    } as FrontendLoad["appInfo"],
    loanInfo: (over.loan ?? null) as FrontendLoad["loanInfo"],
  };
}
const id = { sub: "s1", email: "Someone@Lender.Example" };
const offer = (contractSigned: boolean) => ({ offerStage: "sent", contractSigned, offerAmountFinanced: 4000 });
const prequal = (status: boolean | null) => ({ preQualificationStatus: status });

describe("claimsFromLoad", () => {
  it.each([
    ["a new application", load(), "not-started"],
    ["an amount applied for", load({ step: "loanDetails", app: { amountAppliedFor: 4000 } }), "in-progress"],
    ["a prequalification", load({ step: "prequalApprove", app: { amountAppliedFor: 4000, prequalification: prequal(true) } }), "review"],
    [
      "a failed prequalification",
      load({ step: "prequalRej", app: { amountAppliedFor: 4000, prequalification: prequal(false) } }),
      "rejected",
    ],
    [
      "a denied application",
      load({ step: "verifyMD", app: { amountAppliedFor: 4000, rejectionReason: "Application denied" } }),
      "rejected",
    ],
    ["another application error", load({ step: "verifyMD", app: { amountAppliedFor: 4000, rejectionReason: "Needs paystub" } }), "review"],
    ["review", load({ step: "completeUnderReview", app: { amountAppliedFor: 4000 } }), "review"],
    ["a signed contract", load({ step: "Offer Sent", app: { offer: offer(true) } }), "signed"],
    [
      "an unsigned offer",
      load({ step: "Offer Sent", app: { amountAppliedFor: 4000, offer: offer(false), prequalification: prequal(true) } }),
      "review",
    ],
    ["an active loan", load({ step: "activeLoan", app: { offer: offer(true) } }), "originated"],
    ["a rejected step", load({ step: "rejected" }), "rejected"],
    ["a blocked step", load({ step: "applicationBlocked-identity" }), "applicationBlocked"],
  ])("%s", (_, l, state) => {
    expect(claimsFromLoad(l, id).loanState).toBe(state);
  });

  it("carries step, direct deposit, offer stage, flags, e-mail domain and payout date", () => {
    const c = claimsFromLoad(
      load({
        step: "Offer Sent",
        app: { directDepositConfirmed: true, offer: offer(false) },
        loan: { PayoutDate: "2024-06-14" },
        flags: { adminPortalUser: true },
      }),
      id,
    );
    expect(c).toMatchObject({
      sub: "s1",
      step: "Offer Sent",
      directDepositConfirmed: true,
      offerStage: "sent",
      emailDomain: "lender.example",
      payoutDate: "2024-06-14",
      flags: { adminPortalUser: true, collectionsUser: false, verificationsPortalUser: false },
    });
  });
});
