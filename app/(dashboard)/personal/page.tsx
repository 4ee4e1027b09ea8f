import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { primaryButtonClass } from "@/components/ui/button-classes";
import { classNames } from "@/components/ui/class-names";
import { Notice } from "@/components/notices/notice";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { SectionTitle } from "@/components/ui/section-title";
import { loadFrontend } from "@/lib/graphql/operations";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { publicConfig, serverConfig } from "@/lib/config/env";
import { signedInApi } from "@/lib/session/signed-in-api";
import { ApplicationProgress } from "@/components/progress/application-progress";
import { applicationProgress, continueRoute } from "@/lib/application/progress";
import { ApplicationReview } from "./_ui/application-review";
import { LoanFacts } from "./_ui/loan-facts";
import { AccountSettings, LoanRequestForm, PersonalDetailsForm } from "./_ui/mode-parts";
import { personalPageMode } from "./page-mode";
import { accountDetails, identitySaved, loanRequestSaved, personalDetailsSaved, reviewFacts } from "./saved-values";
import { ClosedActionsNotice } from "@/components/notices/closed-actions-notice";
import { applicationStateOf, isOpen } from "@/lib/application/application-machine";
import { logApiFailure } from "@/lib/observability/api-failure";

export const metadata: Metadata = { title: "About you and your loan", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * /personal: the loan request (step loanDetails), the personal details (step personalInformation)
 * and, past that step and for borrowers, the saved details with an account-settings edit. The
 * dashboard layout has checked the session; the data is read here with the user's own token.
 */
export default async function PersonalPage() {
  const api = await signedInApi();
  if (!api) return null; // the layout shows the sign-in notice
  let load: FrontendLoad;
  try {
    load = await loadFrontend(api.client);
  } catch (error) {
    await logApiFailure("loadFrontend", error, { page: "personal" });
    return (
      <Notice icon="form" title="We couldn't load your details" actions={<BackToDashboard />}>
        <p>Please reload the page in a moment.</p>
      </Notice>
    );
  }
  const app = load.appInfo;
  const mode = personalPageMode(load.applicationStep);
  // Account settings are open until the application is closed (refused, blocked): then the page says why (issue 49).
  const state = applicationStateOf({ ...app, step: load.applicationStep });
  if (mode === "accountSettings" && !isOpen(state, "updateContact")) {
    return <ClosedActionsNotice state={state} action="updateContact" title="About you and your loan" />;
  }
  const mapsApiKey = serverConfig().googleMapsApiKey;
  const { mapsStandInScript } = publicConfig().widgets;
  // A draft is the user's own: keyed by username, so another account on the same tab never sees it.
  const draftKey = (form: string) => (app?.username ? `${form}:${app.username}` : undefined);

  return (
    // One reading width with /employment and /bank (inputs 576–640 px at 1280 px, issue 42); the loan
    // request is wider only because its facts stand beside the form.
    <div
      className={classNames("mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:py-10", mode === "loanRequest" ? "max-w-5xl" : "max-w-2xl")}
    >
      <ApplicationProgress step={load.applicationStep} here={mode !== "accountSettings"} />
      <h1 className="text-2xl font-bold text-brand-dark sm:text-3xl">
        {mode === "review" ? "Review your application" : "About you and your loan"}
      </h1>
      {mode === "notYet" && (
        <section aria-labelledby="not-yet-title" className="flex flex-col items-start gap-3">
          <SectionTitle id="not-yet-title">Choose your employer first</SectionTitle>
          <p className="text-gray-900">Your loan request comes after you tell us where you work.</p>
          <AppLink href="/apply" className="font-semibold text-brand underline">
            Continue your application
          </AppLink>
        </section>
      )}
      {mode === "loanRequest" && (
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <LoanRequestForm saved={loanRequestSaved(app)} draftKey={draftKey("loan-request")} />
          <LoanFacts />
        </div>
      )}
      {mode === "personalDetails" && (
        <PersonalDetailsForm
          mapsApiKey={mapsApiKey}
          mapsStandInScript={mapsStandInScript}
          saved={personalDetailsSaved(app)}
          draftKey={draftKey("personal-details")}
        />
      )}
      {mode === "review" && (
        <ApplicationReview
          facts={reviewFacts(app)}
          loan={loanRequestSaved(app)}
          details={accountDetails(app)}
          identity={identitySaved(app)}
          mapsApiKey={mapsApiKey}
          mapsStandInScript={mapsStandInScript}
        />
      )}
      {mode === "accountSettings" && (
        <AccountSettings mapsApiKey={mapsApiKey} mapsStandInScript={mapsStandInScript} details={accountDetails(app)} />
      )}
      {mode === "accountSettings" && applicationProgress(load.applicationStep) && (
        // Reached by Back (or an old tab) while the application waits on a later step: the way on.
        <AppLink href={continueRoute(load.applicationStep)} className={classNames(primaryButtonClass, "self-start")}>
          Continue your application
        </AppLink>
      )}
    </div>
  );
}
