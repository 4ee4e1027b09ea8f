import type { Metadata } from "next";
import { cache } from "react";
import { EmploymentPage, type ChosenEmployer } from "./_ui/employment-page";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { Notice } from "@/components/notices/notice";
import { loadEmployer, loadFrontend } from "@/lib/graphql/operations";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { publicConfig, serverConfig } from "@/lib/config/env";
import { publicApi, signedInApi } from "@/lib/session/signed-in-api";
import { logApiFailure } from "@/lib/observability/api-failure";
import { stepTitle } from "@/components/progress/step-heading";
import { EMPLOYMENT_HEADINGS, employmentView } from "./page-view";

export const dynamic = "force-dynamic";

const LOAD_FAILED_TITLE = "We couldn't load your employment details";

function Unavailable() {
  return (
    <Notice icon="form" title={LOAD_FAILED_TITLE} actions={<BackToDashboard />}>
      <p>Please reload the page in a moment.</p>
    </Notice>
  );
}

// One read per request, shared by the title and the page (React's request cache).
const loadPage = cache(async (): Promise<{ appInfo: FrontendLoad["appInfo"]; employer: ChosenEmployer | null } | null> => {
  const api = await signedInApi();
  if (!api) return null;
  try {
    const load = await loadFrontend(api.client);
    const id = load.appInfo.employer;
    const employer = id ? await loadEmployer(await publicApi(), id) : null;
    return {
      appInfo: load.appInfo,
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

/** The title follows the view and its step (issue 50): "Who is your employer? — Step 1 of 10". */
export async function generateMetadata(): Promise<Metadata> {
  const data = await loadPage();
  if (!data) return { title: LOAD_FAILED_TITLE, robots: { index: false } };
  const { heading, here } = EMPLOYMENT_HEADINGS[employmentView(data.appInfo.step, data.employer !== null)];
  return { title: stepTitle(heading, data.appInfo.step, here), robots: { index: false } };
}

/**
 * /employment (SPEC 2 shell page), driven by the user's step: at chooseEmployer the employer
 * search, at employmentInformation the details form, at any other step the saved employer and
 * employment with an Edit action (which changes the data, never the step).
 */
export default async function EmploymentRoute() {
  const data = await loadPage();
  if (!data) return <Unavailable />;
  const { appInfo, employer } = data;
  const step = appInfo.step;
  const view = employmentView(step, employer !== null);
  const config = publicConfig();
  // No Suspense boundary here: the page is rendered whole with the layout (a streamed boundary is
  // revealed up to 300 ms after the first paint, React's reveal throttle, and holds back the LCP).
  return (
    <EmploymentPage
      view={view}
      employer={employer}
      employment={appInfo.employment ?? null}
      step={step}
      knownIncome={{ salary: appInfo.personal?.salary ?? null, additionalIncome: appInfo.personal?.additionalIncome ?? null }}
      config={{ appEnv: config.appEnv, algolia: config.algolia }}
      serverOrigin={serverConfig().appUrl}
      argyleScriptUrl={config.widgets.argyleScriptUrl}
      // A draft is the user's own (as on /personal): another account in the same tab never sees it.
      draftKey={appInfo.username ? `employment-details:${appInfo.username}` : undefined}
    />
  );
}
