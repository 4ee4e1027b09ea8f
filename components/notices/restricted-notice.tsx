import { BackToDashboard } from "./back-to-dashboard";
import { Notice } from "./notice";
import { SupportLine } from "./support-line";

/**
 * Why a visitor was turned away, as far as the page knows:
 * - "signed-loan-required": /restricted, a page that opens once the loan contract is signed;
 * - "rejected": /_restricted, the application cannot go on;
 * - "already-signed": /_restricted, the contract is signed so the application pages are closed;
 * - "unknown": /_restricted without loaded application data.
 */
export type RestrictedReason = "signed-loan-required" | "rejected" | "already-signed" | "unknown";

const COPY: Record<RestrictedReason, { title: string; body: string }> = {
  "signed-loan-required": {
    title: "This page isn't available for your account yet",
    body: "It opens once your loan contract is signed. Your dashboard shows where your application stands and what to do next.",
  },
  rejected: {
    title: "We can't continue your application",
    body: "Your application can't go further at the moment, so the application pages are closed for your account. Your dashboard has the details.",
  },
  "already-signed": {
    title: "Your loan contract is already signed",
    body: "The application and offer pages close once a contract is signed. Your loan and payments are on your dashboard.",
  },
  unknown: {
    title: "This page isn't available",
    body: "The page you asked for isn't available for your account at this stage. Your dashboard shows where your application stands.",
  },
};

export interface RestrictedNoticeProps {
  reason?: RestrictedReason;
  headingLevel?: 1 | 2 | 3;
}

/** The restricted notice of /restricted and /_restricted (SPEC 2). */
export function RestrictedNotice({ reason = "unknown", headingLevel }: RestrictedNoticeProps) {
  const copy = COPY[reason];
  return (
    <Notice icon="lock" title={copy.title} headingLevel={headingLevel} actions={<BackToDashboard />}>
      <p>{copy.body}</p>
      <SupportLine />
    </Notice>
  );
}
