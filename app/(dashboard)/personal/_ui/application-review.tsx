import type { ReactNode } from "react";
import { primaryButtonClass } from "@/components/ui/button-classes";
import { AppLink } from "@/components/ui/app-link";
import { SectionTitle } from "@/components/ui/section-title";
import { classNames } from "@/components/ui/class-names";
import { DECISION_INPUTS_IN_WORDS } from "@/lib/application/decision-inputs";
import { PAY_FREQUENCY_LABELS } from "@/lib/employment/labels";
import { formatDate, formatUsd } from "@/lib/format";
import { stateName } from "@/lib/personal/states";
import { AccountSettings, IdentityChange, LoanRequestChange } from "./mode-parts";
import type { AccountDetails, IdentitySaved, LoanRequestSaved, ReviewFacts } from "../saved-values";

/** Where the review sends the application on: the rate check (a soft credit check). */
export const RATE_CHECK_ROUTE = "/apply/authPrequal";

function Facts({ rows }: { rows: [string, string | null | undefined][] }) {
  return (
    <dl>
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 border-b border-gray-200 py-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold text-gray-800">{label}</dt>
          <dd className="text-gray-900">{value || <span className="text-gray-700">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <SectionTitle id={id}>{title}</SectionTitle>
      {children}
    </section>
  );
}

const money = (v: number | null) => (v === null ? null : formatUsd(v, { cents: !Number.isInteger(v) }));

/**
 * "Review your application" (step authPrequal): everything the rate check will use, each section
 * with its way to change it — the loan's amount and reason and the contact details here, the job on
 * /employment, the identity in place — and one button that leads to the rate check. After it the
 * decision's inputs are final (the API's rule; lib/application/decision-inputs.ts), said before the press.
 */
export function ApplicationReview({
  facts,
  loan,
  details,
  identity,
  mapsApiKey,
  mapsStandInScript,
}: {
  facts: ReviewFacts;
  loan: LoanRequestSaved;
  details: AccountDetails;
  identity: IdentitySaved;
  mapsApiKey?: string;
  mapsStandInScript?: string | null;
}) {
  const pay = facts.payFrequency ? (PAY_FREQUENCY_LABELS[facts.payFrequency as keyof typeof PAY_FREQUENCY_LABELS] ?? null) : null;
  return (
    <div className="flex flex-col gap-8">
      <p className="text-gray-900">
        Check that everything is right before we check your rate: each part can be corrected here. Nothing is checked until you press Check
        my rate.
      </p>
      <Section id="review-loan-title" title="Your loan">
        <Facts
          rows={[
            ["Amount", money(facts.amount)],
            ["What it is for", facts.reason === "Other" && facts.other ? `Other: ${facts.other}` : facts.reason],
            ["State of residence", facts.stateOfResidence ? stateName(facts.stateOfResidence) : null],
          ]}
        />
        <LoanRequestChange saved={loan} homeState={details.addrStateAbbr} />
      </Section>
      <AccountSettings details={details} mapsApiKey={mapsApiKey} mapsStandInScript={mapsStandInScript} />
      <IdentityChange saved={identity} ssnLastFour={details.ssnLastFour} />
      <Section id="review-job-title" title="Your job">
        <Facts
          rows={[
            ["Employer", facts.employerName],
            ["Job title", facts.jobTitle],
            ["Start date", formatDate(facts.startDate) || null],
            ["Yearly salary", money(facts.salary)],
            ["Additional yearly income", money(facts.additionalIncome) ?? "None"],
            ["Pay frequency", pay],
          ]}
        />
        <AppLink href="/employment" className="self-start font-semibold text-brand underline">
          Edit your job details
        </AppLink>
      </Section>
      <section
        aria-labelledby="review-submit-title"
        className="flex flex-col items-start gap-3 rounded-md border border-gray-300 bg-gray-50 p-4"
      >
        <h2 id="review-submit-title" className="text-lg font-bold text-brand-dark">
          Everything right?
        </h2>
        {/* The rate check itself is the lending app's page (SPEC 4's authPrequal): it shows the employer,
            amount, state, job and salary once more with one button. Said here exactly, so nobody meets a
            second button unwarned (issue 42). */}
        <p className="text-gray-900" data-testid="rate-check-next">
          Next, the lender&apos;s rate check shows your employer, amount, state, job and salary once more with one button,{" "}
          <strong>Check my rate</strong>. Pressing it uses a soft credit check, which does not affect your credit score.
        </p>
        {/* Said before the press (issue 49): the decision's inputs are final once it is made. */}
        <p className="text-gray-900" data-testid="decision-inputs-final">
          Once you press <strong>Check my rate</strong>, what it is decided on becomes final: {DECISION_INPUTS_IN_WORDS}. After that they
          can be corrected only through support, so correct anything here first.
        </p>
        <AppLink href={RATE_CHECK_ROUTE} className={classNames(primaryButtonClass)}>
          Continue to check my rate
        </AppLink>
      </section>
    </div>
  );
}
