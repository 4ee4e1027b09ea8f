import "server-only";
import { publicConfig } from "@/lib/config/env";
import { signedInApi, type SignedInApi } from "@/lib/session/signed-in-api";
import { accounts, directDeposit, type FundingSource } from "./operations";
import { BankPage } from "./_ui/bank-page";
import { logApiFailure } from "@/lib/observability/api-failure";
import { ClosedActionsNotice, allClosed } from "@/components/notices/closed-actions-notice";
import { isSignedOrOriginated } from "@/lib/application/loan-state";
import type { Action } from "@/lib/application/application-machine";

const BANK_ACTIONS: readonly Action[] = ["linkBank", "addAccountByHand", "verifyDeposits", "chooseAccount"];

async function loadAccounts(api: SignedInApi | null): Promise<FundingSource[] | null> {
  if (!api) return null;
  try {
    return await accounts(api.client);
  } catch (error) {
    await logApiFailure("accounts", error, { page: "bank" });
    return null;
  }
}

/**
 * Who confirmed direct deposit, read when the page renders (the claims say only whether). On a
 * failed read the page names nobody (null), rather than guess.
 */
async function loadConfirmedBy(api: SignedInApi | null): Promise<"payroll" | "applicant" | null> {
  if (!api) return null;
  try {
    return (await directDeposit(api.client)).confirmedBy;
  } catch (error) {
    await logApiFailure("bankDirectDeposit", error, { page: "bank" });
    return null;
  }
}

/**
 * /bank (SPEC 2, 4, 5, 8): funding sources, instant linking, micro-deposits, the active account;
 * and /bank/oauth, the same page where a bank's OAuth login returns and Link resumes (issue 25).
 */
export async function BankScreen({ oauthReturn = false }: { oauthReturn?: boolean }) {
  const api = await signedInApi();
  const claims = api?.session.status === "signed-in" ? api.session.claims : null;
  // The page offers only what the lender's rules open in this state (issue 49); otherwise it says why.
  const state = claims && {
    step: claims.step,
    directDepositConfirmed: claims.directDepositConfirmed,
    offerAccepted: false, // no bank action depends on it
    contractSigned: isSignedOrOriginated(claims.loanState),
  };
  if (state && allClosed(state, BANK_ACTIONS)) return <ClosedActionsNotice state={state} action="addAccountByHand" title="Bank account" />;
  const directDepositConfirmed = claims?.directDepositConfirmed ?? false;
  const [initialAccounts, confirmedBy] = await Promise.all([loadAccounts(api), directDepositConfirmed ? loadConfirmedBy(api) : null]);
  return (
    <BankPage
      initialAccounts={initialAccounts}
      step={claims?.step ?? null}
      directDepositConfirmed={directDepositConfirmed}
      directDepositConfirmedBy={confirmedBy}
      outboxUrl={publicConfig().widgets.outboxUrl}
      plaidStandInScript={publicConfig().widgets.plaidStandInScript}
      oauthReturn={oauthReturn}
      draftOwner={api?.session.status === "signed-in" ? api.session.username : null}
    />
  );
}
