import "server-only";
import { publicConfig } from "@/lib/config/env";
import { signedInApi, type SignedInApi } from "@/lib/session/signed-in-api";
import { accounts, directDeposit, type FundingSource } from "./operations";
import { BankPage } from "./_ui/bank-page";
import { logApiFailure } from "@/lib/observability/api-failure";
import { ClosedActionsNotice, allClosed, closedActionsTitle } from "@/components/notices/closed-actions-notice";
import { isSignedOrOriginated, type LoanState } from "@/lib/application/loan-state";
import type { Action, ApplicationState } from "@/lib/application/application-machine";
import { BANK_HEADING } from "./bank-steps";
import { directDepositSetUp, directDepositText } from "@/lib/bank/funding-rules";

export const BANK_ACTIONS: readonly Action[] = ["linkBank", "addAccountByHand", "verifyDeposits", "chooseAccount"];

/** The machine's facts from the claims: no bank action depends on the offer's acceptance. */
export function bankState(claims: { step: string; directDepositConfirmed: boolean; loanState: LoanState }): ApplicationState {
  return {
    step: claims.step,
    directDepositConfirmed: claims.directDepositConfirmed,
    offerAccepted: false,
    contractSigned: isSignedOrOriginated(claims.loanState),
  };
}

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
  const state = claims && bankState(claims);
  if (state && allClosed(state, BANK_ACTIONS)) {
    const [accounts, confirmedBy] = await Promise.all([
      loadAccounts(api).then((a) => a ?? []),
      state.directDepositConfirmed ? loadConfirmedBy(api) : null,
    ]);
    const dd = directDepositSetUp(state.step, state.directDepositConfirmed, confirmedBy);
    return (
      <ClosedActionsNotice state={state} action="addAccountByHand" title={closedActionsTitle(BANK_HEADING, state, "addAccountByHand")}>
        {accounts.length > 0 && (
          <ul className="flex flex-col gap-1 text-gray-900" aria-label="Your bank accounts" data-testid="accounts-read-only">
            {accounts.map((a) => (
              <li key={a.account_id}>
                {a.institutionName ? `${a.institutionName} ` : ""}
                {a.name} ••{a.mask}
                {a.active ? " (your active account)" : ""}
              </li>
            ))}
          </ul>
        )}
        {dd.setUp && (
          <p className="text-sm text-gray-700" data-testid="direct-deposit">
            {directDepositText(dd)}
          </p>
        )}
      </ClosedActionsNotice>
    );
  }
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
