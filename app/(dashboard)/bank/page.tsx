import type { Metadata } from "next";
import { currentSession } from "@/lib/session/server-session";
import { stepTitle } from "@/components/progress/step-heading";
import { BANK_HEADING, servesBankStep } from "./bank-steps";
import { BANK_ACTIONS, BankScreen, bankState } from "./bank-screen";
import { allClosed, closedActionsTitle } from "@/components/notices/closed-actions-notice";

/** The title names the step where /bank serves it (issue 50): "Bank account — Step 7 of 10". */
export async function generateMetadata(): Promise<Metadata> {
  const session = await currentSession();
  const step = session.status === "signed-in" ? session.claims.step : null;
  if (session.status === "signed-in") {
    const state = bankState(session.claims);
    if (allClosed(state, BANK_ACTIONS)) return { title: closedActionsTitle(BANK_HEADING, state, "addAccountByHand") };
  }
  return { title: stepTitle(BANK_HEADING, step, servesBankStep(step)) };
}

/** /bank (SPEC 2, 4, 5, 8): funding sources, instant linking, micro-deposits, the active account. */
export default function Page() {
  return <BankScreen />;
}
