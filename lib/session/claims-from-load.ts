import { deriveLoanState } from "@/lib/application/loan-state";
import type { FrontendLoad } from "@/lib/graphql/operations";
import type { Claims } from "./claims";

/** The guards' view of what loadFrontend returned for the user whose token has `sub` and `email`. */
export function claimsFromLoad(load: FrontendLoad, identity: { sub: string; email: string }): Claims {
  const app = load.appInfo;
  const prequal = app.prequalification;
  const email = (identity.email || app.primary_email || "").toLowerCase();
  return {
    sub: identity.sub,
    step: load.applicationStep,
    loanState: deriveLoanState({
      applicationStep: load.applicationStep,
      contractSigned: app.offer?.contractSigned === true,
      qualificationErrors: prequal?.preQualificationStatus === false,
      applicationError: app.rejectionReason,
      approved: prequal?.preQualificationStatus === true,
      amountAppliedFor: app.amountAppliedFor,
    }),
    directDepositConfirmed: app.directDepositConfirmed === true,
    offerStage: app.offer?.offerStage ?? null,
    flags: {
      adminPortalUser: load.flags.adminPortalUser === true,
      collectionsUser: load.flags.collectionsUser === true,
      verificationsPortalUser: load.flags.verificationsPortalUser === true,
    },
    emailDomain: email.includes("@") ? email.slice(email.lastIndexOf("@") + 1) : "",
    payoutDate: load.loanInfo?.PayoutDate ?? null,
    evolveConsent: app.evolveConsent === true,
  };
}
