import "server-only";
import { logger } from "./logger";
import { currentRequestId } from "./request-context";

/**
 * Audit events: who did what to their account, and how it ended — the user's sub, the request id
 * and the outcome, never the values (no SSN, name, account number or address: those live in the
 * API's records, not in logs). A child of the one logger with channel "audit", so they can be
 * routed to their own retention.
 */
export const AUDIT_EVENTS = [
  "sign-in",
  "sign-out",
  "session-revoked",
  "terms-consent",
  "identity-changed",
  "contact-changed",
  "bank-account-added",
  "bank-account-verified",
  "bank-account-made-active",
  "contract-signed",
  "employer-requested",
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];
export type AuditOutcome = "success" | "refused" | "failed";

export interface AuditRecord {
  sub?: string;
  outcome: AuditOutcome;
  /** A machine reason for a refusal or failure (an error type or code), never a value the person typed. */
  reason?: string;
}

export async function audit(event: AuditEvent, record: AuditRecord): Promise<void> {
  const requestId = await currentRequestId();
  logger()
    .child({ channel: "audit" })
    .info({ event, requestId, sub: record.sub, outcome: record.outcome, reason: record.reason }, `audit ${event} ${record.outcome}`);
}
