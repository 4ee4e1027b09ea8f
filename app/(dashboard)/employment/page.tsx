import type { Metadata } from "next";
import { cache } from "react";
import { EmploymentPage, type ChosenEmployer } from "./_ui/employment-page";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { Notice } from "@/components/notices/notice";
import { loadEmployer, loadFrontend } from "@/lib/graphql/operations";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { ACTIVE_LOAN, PAPER_FORM_PENDING, isBlockedStep } from "@/lib/application/steps";
import { publicConfig, serverConfig } from "@/lib/config/env";
import { publicApi, signedInApi } from "@/lib/session/signed-in-api";
import { logApiFailure } from "@/lib/observability/api-failure";
import { ClosedActionsNotice, closedActionsTitle } from "@/components/notices/closed-actions-notice";
import { applicationStateOf, isOpen, phaseOf, refusalFor, type ApplicationState } from "@/lib/application/application-machine";
import { stepTitle } from "@/components/progress/step-heading";
import { EMPLOYMENT_HEADINGS, employmentView } from "./page-view";
import { employerRequestRefusal } from "@/lib/employment/employer-request";
import { employerRequests, type RecordedEmployerRequest } from "./operations";

export const dynamic = "force-dynamic";

const LOAD_FAILED_TITLE = "We couldn't load your employment details";

function Unavailable() {
  return (
    <Notice icon="form" title={LOAD_FAILED_TITLE} actions={<BackToDashboard />}>
      <p>Please reload the page in a moment.</p>
    </Notice>
  );
}

type PageData = { appInfo: FrontendLoad["appInfo"]; employer: ChosenEmployer | null; requests: RecordedEmployerRequest[] | null };

/**
 * The applicant's employer requests where asking for one is open (the employer step), else null. A
 * failed read costs the page only the list of earlier requests: logged, and the search still works.
 */
async function loadRequests(client: Parameters<typeof employerRequests>[0], step: string | null | undefined) {
  if (employerRequestRefusal(step) !== null) return null;
  try {
    return await employerRequests(client);
  } catch (error) {
    await logApiFailure("loading /employment's employer requests", error, { page: "employment" });
    return [];
  }
}

// One read per request, shared by the title and the page (React's request cache).
const loadPage = cache(async (): Promise<PageData | null> => {
  const api = await signedInApi();
  if (!api) return null;
  try {
    const load = await loadFrontend(api.client);
    const id = load.appInfo.employer;
    const [employer, requests] = await Promise.all([
      id ? loadEmployer(await publicApi(), id) : null,
      loadRequests(api.client, load.appInfo.step),
    ]);
    return {
      appInfo: load.appInfo,
      requests,
      employer: employer && {
        employerId: employer.employerId,
        name: employer.name,
        parentName: employer.parentName,
        argyleEnabled: employer.argyleEnabled,
        argyleDirectDeposit: employer.ddSetupType === "argyle",
        childrensHospital: isChildrensHospitalEmployer(employer),
      },
    };
  } catch (error) {
    await logApiFailure("loading /employment", error, { page: "employment" });
    return null;
  }
});

/** Where nothing about the application changes any more: refused, blocked, signed or funded. */
const CLOSED_STEPS: readonly string[] = ["prequalRej", "rejected", PAPER_FORM_PENDING, ACTIVE_LOAN];

/** After the credit decision, the details it did not use (employee ID, accounts…) change only until the contract is signed. */
function otherDetailsEditable(appInfo: FrontendLoad["appInfo"]): boolean {
  const step = appInfo.step ?? "";
  return !appInfo.offer?.contractSigned && !CLOSED_STEPS.includes(step) && !isBlockedStep(step);
}

const CLOSED_HEADING = "Your employment";

/**
 * A closed application (refused, blocked): every action of the page is closed, and the page says why
 * instead. A signed or funded borrower still sees the saved employment, final, with nothing to edit
 * (the saved view's own rule: the decision's facts final, the others editable only until signing).
 */
function employmentClosed(state: ApplicationState): boolean {
  return refusalFor(state, "giveEmployment") === "APPLICATION_CLOSED" && phaseOf(state) !== "activeLoan";
}

/** The title follows the view and its step (issue 50): "Who is your employer? — Step 1 of 10". */
export async function generateMetadata(): Promise<Metadata> {
  const data = await loadPage();
  if (!data) return { title: LOAD_FAILED_TITLE, robots: { index: false } };
  const state = applicationStateOf(data.appInfo);
  if (employmentClosed(state)) return { title: closedActionsTitle(CLOSED_HEADING, state, "giveEmployment"), robots: { index: false } };
  const { heading, here } = EMPLOYMENT_HEADINGS[employmentView(data.appInfo.step, data.employer !== null)];
  return { title: stepTitle(heading, data.appInfo.step, here), robots: { index: false } };
}

/**
 * /employment (SPEC 2 shell page), driven by the user's step: at chooseEmployer the employer
 * search, at employmentInformation the details form, at any other step the saved employer and
 * employment with an Edit action (which changes the data, never the step). After the credit
 * decision the facts it used are shown as final and only the other details are edited.
 */
export default async function EmploymentRoute() {
  const data = await loadPage();
  if (!data) return <Unavailable />;
  const { appInfo, employer, requests } = data;
  const step = appInfo.step;
  // The page offers only what the lender's rules open in this state (issue 49): after the decision the
  // job form keeps the facts that are not the decision's until the contract is signed; a closed
  // application or a signed contract shows why instead.
  const state = applicationStateOf(appInfo);
  if (employmentClosed(state)) {
    return (
      <ClosedActionsNotice state={state} action="giveEmployment" title={closedActionsTitle(CLOSED_HEADING, state, "giveEmployment")} />
    );
  }
  const view = employmentView(step, employer !== null);
  const config = publicConfig();
  // No Suspense boundary here: the page is rendered whole with the layout (a streamed boundary is
  // revealed up to 300 ms after the first paint, React's reveal throttle, and holds back the LCP).
  return (
    <EmploymentPage
      view={view}
      // Payroll linking is offered only while the rules open it.
      // (or once linked, to show it as linked, with no button).
      employer={
        employer && {
          ...employer,
          argyleEnabled: employer.argyleEnabled && (isOpen(state, "linkPayroll") || appInfo.payrollLinked === true),
        }
      }
      employment={appInfo.employment ?? null}
      step={step}
      knownIncome={{ salary: appInfo.personal?.salary ?? null, additionalIncome: appInfo.personal?.additionalIncome ?? null }}
      config={{ appEnv: config.appEnv, algolia: config.algolia }}
      serverOrigin={serverConfig().appUrl}
      argyleScriptUrl={config.widgets.argyleScriptUrl}
      // A draft is the user's own (as on /personal): another account in the same tab never sees it.
      draftKey={appInfo.username ? `employment-details:${appInfo.username}` : undefined}
      otherDetailsEditable={otherDetailsEditable(appInfo)}
      // Linked once is linked: no second "Link payroll account" (issue 49).
      payrollLinked={appInfo.payrollLinked ? { directDepositConfirmed: appInfo.directDepositConfirmedBy === "payroll" } : null}
      employerRequests={requests}
    />
  );
}
