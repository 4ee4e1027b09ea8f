import type { LoanState } from "@/lib/application/loan-state";
import type { RestrictedReason } from "./restricted-notice";

/**
 * The /_restricted wording for the user's loan state: the guards send rejected applications and
 * signed or originated loans there. Without loaded claims the reason is unknown.
 */
export function restrictedReasonFor(loanState: LoanState | undefined): RestrictedReason {
  if (loanState === "rejected") return "rejected";
  if (loanState === "signed" || loanState === "originated") return "already-signed";
  return "unknown";
}
