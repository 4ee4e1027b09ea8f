import type { Metadata } from "next";
import { EmploymentPage, type ChosenEmployer } from "./_ui/employment-page";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { Notice } from "@/components/notices/notice";
import { loadEmployer, loadFrontend } from "@/lib/graphql/operations";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { isChildrensHospitalEmployer } from "@/lib/application/special-employers";
import { publicConfig, serverConfig } from "@/lib/config/env";
import { publicApi, signedInApi } from "@/lib/session/signed-in-api";
import { logApiFailure } from "@/lib/observability/api-failure";
import { employerRequestRefusal } from "@/lib/employment/employer-request";
import { employerRequests, type RecordedEmployerRequest } from "./operations";

export const metadata: Metadata = { title: "Employment details", robots: { index: false } };
export const dynamic = "force-dynamic";

function Unavailable() {
  return (
    <Notice icon="form" title="We couldn't load your employment details" actions={<BackToDashboard />}>
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

async function loadPage(): Promise<PageData | null> {
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
}

function viewFor(step: string | null | undefined, hasEmployer: boolean): "choose" | "details" | "saved" {
  if (step === "chooseEmployer" || !hasEmployer) return "choose";
  return step === "employmentInformation" ? "details" : "saved";
}

/**
 * /employment (SPEC 2 shell page), driven by the user's step: at chooseEmployer the employer
 * search, at employmentInformation the details form, at any other step the saved employer and
 * employment with an Edit action (which changes the data, never the step).
 */
export default async function EmploymentRoute() {
  const data = await loadPage();
  if (!data) return <Unavailable />;
  const { appInfo, employer, requests } = data;
  const step = appInfo.step;
  const view = viewFor(step, employer !== null);
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
      employerRequests={requests}
    />
  );
}
