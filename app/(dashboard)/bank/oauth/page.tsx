import type { Metadata } from "next";
import { BANK_HEADING } from "../bank-steps";
import { BankScreen } from "../bank-screen";

// The bank's OAuth login returns here: the title says so, apart from /bank's (issue 50).
export const metadata: Metadata = { title: `${BANK_HEADING}: back from your bank` };

/**
 * /bank/oauth (issue 25): the link token's redirect_uri. A bank's OAuth login sends the browser
 * back here with oauth_state_id; the bank page opens Plaid Link again with the same link token and
 * receivedRedirectUri, as react-plaid-link documents, and Link finishes where it left off.
 */
export default function Page() {
  return <BankScreen oauthReturn />;
}
