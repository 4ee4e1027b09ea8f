import type { Metadata } from "next";
import { cache } from "react";
import { AppLink } from "@/components/ui/app-link";
import { primaryButtonClass } from "@/components/ui/button-classes";
import { classNames } from "@/components/ui/class-names";
import { Notice } from "@/components/notices/notice";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { loadFrontend } from "@/lib/graphql/operations";
import type { FrontendLoad } from "@/lib/graphql/operations";
import { publicConfig, serverConfig } from "@/lib/config/env";
import { signedInApi } from "@/lib/session/signed-in-api";
import { ApplicationProgress } from "@/components/progress/application-progress";
import { StepHeading, stepTitle } from "@/components/progress/step-heading";
import { applicationProgress, continueRoute } from "@/lib/application/progress";
import { ApplicationReview } from "./_ui/application-review";
import { LoanFacts } from "./_ui/loan-facts";
import { AccountSettings, LoanRequestForm, PersonalDetailsForm } from "./_ui/mode-parts";
import { PERSONAL_HEADINGS, personalPageMode } from "./page-mode";
import { accountDetails, identitySaved, loanRequestSaved, personalDetailsSaved, reviewFacts } from "./saved-values";
import { ClosedActionsNotice, closedActionsTitle } from "@/components/notices/closed-actions-notice";
import { applicationStateOf, isOpen } from "@/lib/application/application-machine";
import { logApiFailure } from "@/lib/observability/api-failure";

export const dynamic = "force-dynamic";

// One read of the application per request, shared by the title and the page (React's request cache).
const loadPage = cache(async (): Promise<{ load: FrontendLoad } | { failed: true } | null> => {
  const api = await signedInApi();
  if (!api) return null;
  try {
    return { load: await loadFrontend(api.client) };
  } catch (error) {
    await logApiFailure("loadFrontend", error, { page: "personal" });
    return { failed: true };
  }
});

/** The title follows the mode and its step (issue 50): "Tell us about your loan — Step 2 of 10". */
export async function generateMetadata(): Promise<Metadata> {
  const page = await loadPage();
  if (!page || "failed" in page) return { title: LOAD_FAILED_TITLE, robots: { index: false } };
  const mode = personalPageMode(page.load.applicationStep);
  const { heading, here } = PERSONAL_HEADINGS[mode];
  const state = applicationStateOf({ ...page.load.appInfo, step: page.load.applicationStep });
  if (mode === "accountSettings" && !isOpen(state, "updateContact")) {
    return { title: closedActionsTitle(heading, state, "updateContact"), robots: { index: false } };
  }
  return { title: stepTitle(heading, page.load.applicationStep, here), robots: { index: false } };
}

const LOAD_FAILED_TITLE = "We couldn't load your details";

/**
 * /personal: the loan request (step loanDetails), the personal details (step personalInformation)
 * and, past that step and for borrowers, the saved details with an account-settings edit. The
 * dashboard layout has checked the session; the data is read here with the user's own token.
 */
export default async function PersonalPage() {
  const page = await loadPage();
  if (!page) return null; // the layout shows the sign-in notice
  if ("failed" in page) {
    return (
      <Notice icon="form" title={LOAD_FAILED_TITLE} actions={<BackToDashboard />}>
        <p>Please reload the page in a moment.</p>
      </Notice>
    );
  }
  const { load } = page;
  const app = load.appInfo;
  const mode = personalPageMode(load.applicationStep);
  // Account settings are open until the application is closed (refused, blocked): then the page says why (issue 49).
  const state = applicationStateOf({ ...app, step: load.applicationStep });
  if (mode === "accountSettings" && !isOpen(state, "updateContact")) {
    return (
      <ClosedActionsNotice
        state={state}
        action="updateContact"
        title={closedActionsTitle(PERSONAL_HEADINGS.accountSettings.heading, state, "updateContact")}
      />
    );
  }
  const { heading, here } = PERSONAL_HEADINGS[mode];
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
      <ApplicationProgress step={load.applicationStep} here={here} />
      <StepHeading heading={heading} step={load.applicationStep} here={here} />
      {mode === "notYet" && (
        <section className="flex flex-col items-start gap-3">
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
