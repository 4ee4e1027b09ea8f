"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useRef, useState, useTransition } from "react";
import { useInPlaceFocus } from "@/components/forms/in-place";
import { LiveStatus } from "@/components/forms/live-status";
import { primaryButtonClass } from "@/components/forms/form";
import { REFUSAL_WORDS } from "@/lib/application/refusal-words";
import { useSubmissionKeys } from "@/components/forms/use-submit-once";
import { unansweredWriteText } from "@/components/forms/submit-messages";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { OnDemand } from "@/components/ui/on-demand";
import { SectionTitle } from "@/components/ui/section-title";
import { formatDate, formatUsd } from "@/lib/format";
import { refreshAndFollow } from "@/lib/auth/refresh-claims";
import type { PublicConfig } from "@/lib/config/env";
import { shellRouteFor, type EmployerHit } from "./employer-selection";
import { EMPLOYMENT_STATUS_LABELS, PAY_FREQUENCY_LABELS } from "@/lib/employment/labels";
import type { EmploymentArgs } from "@/lib/employment/schema";
import { firstFailedField, type ActionFailure, type ActionResult, type FailureReason } from "@/lib/actions/action-result";
import { DECISION_FINAL_WORDS, decisionInputsFinal, type DecisionInput } from "@/lib/application/decision-inputs";
import { SupportLine } from "@/components/notices/support-line";
import {
  checkIslandAction,
  chooseEmployerAction,
  finishPayrollLinkAction,
  requestEmployerAction,
  saveEmploymentAction,
  startPayrollLinkAction,
} from "../actions";
import type { RecordedEmployerRequest } from "../operations";
import dynamic from "next/dynamic";
import type { KnownIncome, SaveOutcome, SavedEmployment } from "./employment-form";
import { AppLink } from "@/components/ui/app-link";
import { ApplicationProgress } from "@/components/progress/application-progress";
import { StepHeading } from "@/components/progress/step-heading";
import { EMPLOYMENT_HEADINGS } from "../page-view";
import { applicationProgress, continueRoute, REVIEW_ROUTE, REVIEW_STEP } from "@/lib/application/progress";

// Each view loads only what it shows: InstantSearch for choosing an employer, the form kit's masks
// and zod for the details form, the payroll widget's loader for linking. All still render on the
// server, in the page itself, when the view shows them on arrival (OnDemand).
const EmployerSearch = dynamic(() => import("./employer-search").then((m) => m.EmployerSearch));
const EmploymentForm = dynamic(() => import("./employment-form").then((m) => m.EmploymentForm));
const PayrollLink = dynamic(() => import("./payroll-link").then((m) => m.PayrollLink));

export interface ChosenEmployer {
  employerId: string;
  name: string;
  parentName: string | null;
  argyleEnabled: boolean;
  /** Direct deposit is set up through payroll linking for this employer. */
  argyleDirectDeposit: boolean;
  childrensHospital: boolean;
}

export interface EmploymentPageProps {
  /** What the step makes this page: choosing the employer, entering details, or the saved data. */
  view: "choose" | "details" | "saved";
  employer: ChosenEmployer | null;
  employment: SavedEmployment | null;
  /** The application's step: a page reached by Back offers the way on to it. */
  step?: string | null;
  /** The income the personal details gave, for the details form to start from. */
  knownIncome?: KnownIncome | null;
  config: Pick<PublicConfig, "appEnv" | "algolia">;
  serverOrigin: string;
  argyleScriptUrl: string;
  /** The key of the details form's draft (the user's own), when the user is known. */
  draftKey?: string;
  /**
   * After the decision, whether the details it did not use may still be edited (until the contract
   * is signed and while the application is open); its own inputs never are.
   */
  otherDetailsEditable?: boolean;
  /** A payroll account is already linked (appInfo.payrollLinked), and whether payroll linking confirmed direct deposit. */
  payrollLinked?: { directDepositConfirmed: boolean } | null;
  /** The applicant's employer requests where asking for an employer is open (the employer step); otherwise null. */
  employerRequests?: readonly RecordedEmployerRequest[] | null;
}

const MESSAGES: Partial<Record<FailureReason, string>> = {
  "signed-out": "Your session has ended. Please sign in again.",
  invalid: "Please check this entry.",
};
const message = (reason: FailureReason) => MESSAGES[reason] ?? "We could not save your changes. Please try again.";

/** A failed save in the page's words: a change the lender's rules refuse is said as final, never "try again". */
export function failureMessage(result: ActionFailure): string {
  if (result.reason === "refused" && result.rule === "DECISION_FACTS_LOCKED") return DECISION_FINAL_WORDS;
  if (result.reason === "refused" && result.rule) return REFUSAL_WORDS[result.rule];
  return message(result.reason);
}

/**
 * After setEmployer or employmentInformationNextHandler moved the step: refreshes the claims, then
 * follows the server's next route through the shell's own routes (the guards read fresh claims).
 */
export async function followNextRoute(nextRoute: string | null): Promise<boolean> {
  // The rate check comes after the applicant has reviewed the application (the shell's review page).
  const shell = shellRouteFor(nextRoute);
  const route = shell === `/apply/${REVIEW_STEP}` ? REVIEW_ROUTE : shell;
  if (!route) return false;
  await refreshAndFollow(route);
  return true;
}
const follow = followNextRoute;

/**
 * After employmentInformationNextHandler. Where the step moved and pay stubs will be asked for, the
 * page first says so and waits for the person; the claims are refreshed at once all the same, so
 * the guards see the new step whatever the person does next ("waiting"). Otherwise the next route
 * is followed ("left"), or there is none ("stayed").
 */
export async function afterEmploymentSaved(nextRoute: string | null, requirePaystubs: boolean): Promise<"left" | "waiting" | "stayed"> {
  if (nextRoute && requirePaystubs && shellRouteFor(nextRoute)) {
    await refreshAndFollow(null);
    return "waiting";
  }
  return (await followNextRoute(nextRoute)) ? "left" : "stayed";
}

/**
 * Payroll linking done (successfulArgyleUpdate): direct deposit may now be confirmed, which the
 * guards read from the claims, so they are refreshed before the page says so.
 */
export async function finishPayrollLink(argyleUserId: string): Promise<ActionResult> {
  // One key per Argyle user: the same link finished twice (a resend, a retry) is one update.
  const result = await finishPayrollLinkAction(argyleUserId, `argyle.${argyleUserId}`.replace(/[^A-Za-z0-9._:-]/g, "-").slice(0, 128));
  if (result.ok) await refreshAndFollow(null);
  return result;
}

const employerName = (employer: ChosenEmployer) => (employer.parentName ? `${employer.name} (${employer.parentName})` : employer.name);

function yesNo(value: boolean | null): string {
  if (value === null) return "—";
  return value ? "Yes" : "No";
}

type Row = readonly [term: string, value: string, input?: DecisionInput];

function Rows({ rows, testId }: { rows: readonly Row[]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]" data-testid={testId}>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-gray-800">{term}</dt>
          <dd className="text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The saved employer and employment. After the credit decision (`decisionFinal`) the facts it was
 * made on (lib/application/decision-inputs.ts) are listed apart as final, with why and what to do.
 */
function Summary({
  employer,
  employment,
  decisionFinal,
}: {
  employer: ChosenEmployer | null;
  employment: SavedEmployment | null;
  decisionFinal: boolean;
}) {
  const rows: Row[] = [["Employer", employer ? employerName(employer) : "Not chosen yet", "employerId"]];
  if (employment) {
    rows.push(
      ["Job title", employment.jobTitle ?? "—", "jobTitle"],
      [
        "Employment status",
        EMPLOYMENT_STATUS_LABELS[employment.employmentStatus as keyof typeof EMPLOYMENT_STATUS_LABELS] ?? "—",
        "employmentStatus",
      ],
      ["Start date", formatDate(employment.startDate) || "—", "startDate"],
      ["Employee ID", employment.employeeId ?? "—"],
      ["Annual salary", formatUsd(employment.salary, { cents: false }) || "—", "salary"],
      ["Additional yearly income", formatUsd(employment.additionalIncome, { cents: false }) || "None", "additionalIncome"],
      ["Months paid per year", employment.payMonths?.toString() ?? "—", "payMonths"],
      ["Pay frequency", PAY_FREQUENCY_LABELS[employment.payFrequency as keyof typeof PAY_FREQUENCY_LABELS] ?? "—", "payFrequency"],
      ["Accounts your pay is deposited into", employment.ddAccounts?.toString() ?? "—"],
      ["Active military duty", yesNo(employment.activeMilitary)],
    );
    if (employer?.childrensHospital)
      rows.push(["Cost centre", employment.choaCostCenter ?? "—"], ["Department extension", employment.choaDepartmentExtension ?? "—"]);
  }
  if (!decisionFinal) return <Rows rows={rows} />;
  // The employer is shown above; here the rest of what the decision used, then the other details.
  const final = rows.filter(([, , input]) => input !== undefined && input !== "employerId");
  const other = rows.filter(([, , input]) => input === undefined);
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="decision-facts-title" className="flex flex-col gap-3" data-testid="decision-facts">
        <h3 id="decision-facts-title" className="font-semibold text-gray-900">
          Final since your rate check
        </h3>
        <p className="text-gray-800">{DECISION_FINAL_WORDS}</p>
        <SupportLine />
        {final.length > 0 && <Rows rows={final} testId="decision-facts-list" />}
      </section>
      {other.length > 0 && (
        <section aria-labelledby="other-details-title" className="flex flex-col gap-3">
          <h3 id="other-details-title" className="font-semibold text-gray-900">
            Other details
          </h3>
          <Rows rows={other} testId="other-details-list" />
        </section>
      )}
    </div>
  );
}

/** /employment, driven by the user's step (the page decides which view; the server decides where next). */
export function EmploymentPage({
  view,
  employer,
  employment,
  step = null,
  knownIncome = null,
  config,
  serverOrigin,
  argyleScriptUrl,
  draftKey,
  otherDetailsEditable = false,
  payrollLinked = null,
  employerRequests = null,
}: EmploymentPageProps) {
  const router = useRouter();
  const [changingEmployer, setChangingEmployer] = useState(view === "choose");
  const [editing, setEditing] = useState(view === "details");
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingRoute, setPendingRoute] = useState<string | null>(null);
  // The saved data is read again from the server after a change; the page is busy until it is in.
  const [refreshing, startRefresh] = useTransition();
  const refresh = () => startRefresh(() => router.refresh());
  // Focus follows what opens and closes in place (issue 50): the employer search and the details
  // form open at their first field and give focus back to the button that opened them on close.
  const employerSearch = useInPlaceFocus<HTMLButtonElement, HTMLElement>(changingEmployer && view !== "choose", () =>
    setChangingEmployer(false),
  );
  const detailsForm = useInPlaceFocus<HTMLButtonElement, HTMLElement>(editing && view === "saved", () => setEditing(false));
  // The details saved while pay stubs will be asked for: the form goes, focus goes to Continue.
  const continueRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (pendingRoute) continueRef.current?.focus();
  }, [pendingRoute]);

  const employerKeys = useSubmissionKeys();
  const onEmployerChosen = async (hit: EmployerHit): Promise<string | null> => {
    let result: Awaited<ReturnType<typeof chooseEmployerAction>>;
    try {
      result = await chooseEmployerAction(hit.objectID, employerKeys.keyFor(hit.objectID));
    } catch (error) {
      // No answer (the request deadline, the network): said under the search, which is usable again.
      return unansweredWriteText(error, message("failed"));
    }
    if (!result.ok) return result.reason === "invalid" ? "Please choose an employer from the list." : failureMessage(result);
    if (await follow(result.nextRoute)) return null;
    setChangingEmployer(false);
    setNotice(`Your employer is now ${hit.name}.`);
    refresh();
    return null;
  };

  const onSave = async (values: EmploymentArgs, saved: () => void, idempotencyKey?: string): Promise<SaveOutcome> => {
    if (!employer) return { ok: false, message: "Choose your employer first." };
    const result = await saveEmploymentAction(employer.employerId, values, idempotencyKey);
    if (!result.ok) {
      const field = firstFailedField(result);
      return { ok: false, field, message: field ? message("invalid") : failureMessage(result) };
    }
    saved();
    const paystubs = result.requirePaystubs ? " We will ask you for recent pay stubs to confirm your income." : "";
    const after = await afterEmploymentSaved(result.nextRoute, result.requirePaystubs === true);
    if (after === "waiting") {
      // Say it before leaving: the person continues when they have read it.
      setNotice(`Your employment details are saved.${paystubs}`);
      setPendingRoute(result.nextRoute);
      return { ok: true };
    }
    if (after === "left") return { ok: true };
    setNotice(`Your employment details are saved.${paystubs}`);
    setEditing(false);
    refresh();
    return { ok: true };
  };

  const { heading, here } = EMPLOYMENT_HEADINGS[view];
  // The saved view after the credit decision: its inputs are final (the API refuses a change).
  const decisionFinal = view === "saved" && step !== null && decisionInputsFinal(step);
  const editable = !decisionFinal || otherDetailsEditable;

  return (
    <div
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-10"
      aria-busy={refreshing || undefined}
      data-refreshing={refreshing || undefined}
    >
      <ApplicationProgress step={step} here={here} />
      <StepHeading heading={heading} step={step} here={here} />
      {/* Always in the page, so a change said here is heard (issue 50). */}
      <div
        className={
          notice || pendingRoute
            ? "flex flex-col items-start gap-3 rounded-md border border-brand bg-green-50 px-3 py-2 text-gray-900"
            : "contents"
        }
      >
        <LiveStatus message={notice} />
        {pendingRoute && (
          <button ref={continueRef} type="button" className={primaryButtonClass} onClick={() => void follow(pendingRoute)}>
            Continue
          </button>
        )}
      </div>

      {changingEmployer ? (
        <section ref={employerSearch.region} aria-label="Choose your employer" className="flex flex-col gap-3">
          {view !== "choose" && <p className="text-gray-800">Choosing another employer keeps your application where it is.</p>}
          <OnDemand inPage={view === "choose"} loading="Loading the employer search…">
            <EmployerSearch
              config={config}
              serverOrigin={serverOrigin}
              checkIsland={checkIslandAction}
              onChosen={onEmployerChosen}
              autoFocus={view !== "choose"}
              employerRequest={employerRequests ? { recorded: employerRequests, send: requestEmployerAction } : undefined}
            />
          </OnDemand>
          {view !== "choose" && (
            <button
              type="button"
              className="min-h-11 self-start font-semibold text-brand underline"
              onClick={() => setChangingEmployer(false)}
            >
              Keep {employer?.name ?? "my employer"}
            </button>
          )}
        </section>
      ) : (
        employer && (
          <section
            aria-labelledby="employer-title"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-gray-300 bg-white p-4"
          >
            <div>
              <h2 id="employer-title" className="text-sm font-semibold text-gray-700">
                Employer
              </h2>
              <p className="text-lg font-bold text-gray-900" data-testid="chosen-employer">
                {employer.name}
              </p>
              {employer.parentName && <p className="text-gray-700">{employer.parentName}</p>}
            </div>
            {(view === "details" || editing) && !decisionFinal && (
              <button
                ref={employerSearch.opener}
                type="button"
                className="min-h-11 rounded-md px-3 font-semibold text-brand underline"
                // A transition (issue 52): the press paints at once; the search's first render yields to the browser.
                onClick={() => startTransition(() => setChangingEmployer(true))}
              >
                Change employer
              </button>
            )}
          </section>
        )
      )}

      {view !== "choose" && !changingEmployer && !pendingRoute && (
        <section ref={detailsForm.region} aria-labelledby="employment-details-title" className="flex flex-col gap-4">
          <SectionTitle id="employment-details-title">Employment details</SectionTitle>
          {editing ? (
            <OnDemand inPage={view === "details"} loading="Loading the form…">
              <EmploymentForm
                saved={employment}
                knownIncome={knownIncome}
                childrensHospital={employer?.childrensHospital ?? false}
                submitLabel={view === "details" ? "Continue" : "Save changes"}
                onSave={onSave}
                onCancel={view === "saved" ? () => setEditing(false) : undefined}
                draftKey={draftKey}
                decisionFinal={decisionFinal}
              />
            </OnDemand>
          ) : (
            <>
              <Summary employer={employer} employment={employment} decisionFinal={decisionFinal} />
              <div className="flex flex-wrap items-center gap-3">
                {step && applicationProgress(step) && (
                  // Reached by Back (or an old tab) while the application waits on another step: the way on.
                  <AppLink href={continueRoute(step)} className={primaryButtonClass}>
                    Continue your application
                  </AppLink>
                )}
                {editable && (
                  <button
                    ref={detailsForm.opener}
                    type="button"
                    className={
                      step && applicationProgress(step)
                        ? classNames("min-h-11 rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900", focusRing)
                        : primaryButtonClass + " self-start"
                    }
                    onClick={() =>
                      // As "Change employer": the form's first render yields to the browser.
                      startTransition(() => {
                        setNotice(null);
                        setEditing(true);
                      })
                    }
                  >
                    {decisionFinal ? "Edit other details" : "Edit"}
                  </button>
                )}
              </div>
            </>
          )}
        </section>
      )}

      {view !== "choose" && employer?.argyleEnabled && !changingEmployer && (
        <PayrollLink
          employerName={employer.name}
          scriptUrl={argyleScriptUrl}
          directDeposit={employer.argyleDirectDeposit}
          start={() => startPayrollLinkAction(employer.employerId, employer.argyleDirectDeposit)}
          finish={finishPayrollLink}
          linked={payrollLinked}
        />
      )}
    </div>
  );
}
