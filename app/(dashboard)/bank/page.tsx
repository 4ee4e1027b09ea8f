import type { Metadata } from "next";
import { BankPage } from "./_ui/bank-page";
import { publicConfig } from "@/lib/config/env";
import { currentSession } from "@/lib/session/server-session";
import { loadAccounts } from "./actions";

export const metadata: Metadata = { title: "Bank account" };

/** /bank (SPEC 2, 4, 5, 8): funding sources, instant linking, micro-deposits, the active account. */
export default async function Page() {
  const session = await currentSession();
  const answer = await loadAccounts();
  const claims = session.status === "signed-in" ? session.claims : null;
  const { appEnv } = publicConfig();
  return (
    <BankPage
      initialAccounts={answer.ok ? answer.accounts : null}
      step={claims?.step ?? null}
      directDepositConfirmed={claims?.directDepositConfirmed ?? false}
      outboxUrl={appEnv === "local" ? "/api/local/outbox" : null}
    />
  );
}
