import { REAPPLY_AFTER_DAYS, type Refusal } from "@/lib/lending/refusal";
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
    body: "Your application can't go further at the moment, so the application pages are closed for your account.",
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

/** The notice's heading, which is also its page's title (issue 50: a title per state, matching the h1). */
export const restrictedTitle = (reason: RestrictedReason): string => COPY[reason].title;

export interface RestrictedNoticeProps {
  reason?: RestrictedReason;
  headingLevel?: 1 | 2 | 3;
  /** A refused application's stored reason category and re-apply date, as far as they are known. */
  refusal?: Refusal;
}

/** The restricted notice of /restricted and /_restricted (SPEC 2). */
export function RestrictedNotice({ reason = "unknown", headingLevel, refusal }: RestrictedNoticeProps) {
  const copy = COPY[reason];
  return (
    <Notice icon="lock" title={copy.title} headingLevel={headingLevel} actions={<BackToDashboard />}>
      <p>{copy.body}</p>
      {reason === "rejected" && <RefusalDetails refusal={refusal} />}
      <SupportLine />
    </Notice>
  );
}

/**
 * What the best lenders' decline pages say, from the stored decision only: the reason's category in
 * plain words (never the internal text), when the person may apply again, and after a credit check
 * the adverse-action rights in one sentence. What is not on file is said to be so, not guessed.
 */
function RefusalDetails({ refusal }: { refusal: Refusal | undefined }) {
  return (
    <>
      <p>
        {refusal?.words ? (
          <>
            The main reason: <strong className="font-semibold text-gray-900">{refusal.words}</strong>.
          </>
        ) : (
          "We don't have the reason on file here; our support team can tell you."
        )}
      </p>
      <p>
        {refusal?.reapplyOn ? (
          <>
            You may apply again from <strong className="font-semibold text-gray-900">{refusal.reapplyOn}</strong>, {REAPPLY_AFTER_DAYS} days
            after our decision.
          </>
        ) : (
          "We don't have the date of this decision here, so we can't yet say when you may apply again; our support team can."
        )}
      </p>
      {refusal?.category === "credit" && (
        <p className="text-sm">
          Our decision was based in part on a credit check. Within 60 days you may ask us for the specific reason, and get a free copy of
          your credit report from the credit bureau that supplied it.
        </p>
      )}
    </>
  );
}
