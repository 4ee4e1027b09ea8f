import type { Metadata } from "next";
import { apiError } from "@/lib/api/client";
import { publicConfig } from "@/lib/config/env";
import { signedInApi, type SignedInApi } from "@/lib/session/signed-in-api";
import { BankPage } from "./_ui/bank-page";
import { accounts, type FundingSource } from "./operations";

export const metadata: Metadata = { title: "Bank account" };

async function loadAccounts(api: SignedInApi | null): Promise<FundingSource[] | null> {
  if (!api) return null;
  try {
    return await accounts(api.client);
  } catch (error) {
    console.error("[bank] accounts failed:", apiError(error)?.errorType ?? (error instanceof Error ? error.message : error));
    return null;
  }
}

/** /bank (SPEC 2, 4, 5, 8): funding sources, instant linking, micro-deposits, the active account. */
export default async function Page() {
  const api = await signedInApi();
  const claims = api?.session.status === "signed-in" ? api.session.claims : null;
  return (
    <BankPage
      initialAccounts={await loadAccounts(api)}
      step={claims?.step ?? null}
      directDepositConfirmed={claims?.directDepositConfirmed ?? false}
      outboxUrl={publicConfig().widgets.outboxUrl}
      plaidStandInScript={publicConfig().widgets.plaidStandInScript}
    />
  );
}
