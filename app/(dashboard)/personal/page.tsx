import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { Notice } from "@/components/notices/notice";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { AccountSettings } from "./_ui/account-settings";
import { LoanFacts } from "./_ui/loan-facts";
import { LoanRequestForm } from "./_ui/loan-request-form";
import { PersonalDetailsForm } from "./_ui/personal-details-form";
import { userClient } from "@/lib/api/client";
import { loadFrontend } from "@/lib/api/operations";
import type { FrontendLoad } from "@/lib/api/operations";
import { serverConfig } from "@/lib/config/env";
import { formatBirthdate } from "@/lib/format/dates";
import { formatPhone } from "@/lib/format/phone";
import { personalPageMode } from "./page-mode";
import { currentIdToken, currentSession } from "@/lib/session/server-session";

export const metadata: Metadata = { title: "About you and your loan", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * /personal: the loan request (step loanDetails), the personal details (step personalInformation)
 * and, past that step and for borrowers, the saved details with an account-settings edit. The
 * dashboard layout has checked the session; the data is read here with the user's own token.
 */
export default async function PersonalPage() {
  const session = await currentSession();
  const token = await currentIdToken();
  if (session.status === "anonymous" || !token) return null; // the layout shows the sign-in notice
  const config = serverConfig();
  let load: FrontendLoad;
  try {
    load = await loadFrontend(userClient(config.graphql.url, token));
  } catch (error) {
    console.error("[personal] loadFrontend failed:", error instanceof Error ? error.name : "unknown error");
    return (
      <Notice icon="form" title="We couldn't load your details" actions={<BackToDashboard />}>
        <p>Please reload the page in a moment.</p>
      </Notice>
    );
  }
  const app = load.appInfo;
  const personal = app?.personal ?? null;
  const mode = personalPageMode(load.applicationStep);
  const mapsApiKey = config.googleMapsApiKey;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-brand-dark sm:text-3xl">About you and your loan</h1>
      {mode === "notYet" && (
        <section aria-labelledby="not-yet-title" className="flex flex-col items-start gap-3">
          <h2 id="not-yet-title" className="text-xl font-bold text-brand-dark">
            Choose your employer first
          </h2>
          <p className="text-gray-900">Your loan request comes after you tell us where you work.</p>
          <AppLink href="/apply" className="font-semibold text-brand underline">
            Continue your application
          </AppLink>
        </section>
      )}
      {mode === "loanRequest" && (
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <LoanRequestForm
            saved={{ amount: app?.amountAppliedFor ?? null, reason: app?.loanReason ?? null, other: app?.otherDescription ?? null, state: app?.stateOfResidence ?? null }}
          />
          <LoanFacts />
        </div>
      )}
      {mode === "personalDetails" && (
        <PersonalDetailsForm
          mapsApiKey={mapsApiKey}
          saved={{
            given_name: personal?.given_name ?? null,
            middle_name: personal?.middle_name ?? null,
            family_name: personal?.family_name ?? null,
            birthdate: personal?.birthdate ?? null,
            address: personal?.address ?? null,
            unit: personal?.unit ?? null,
            addrCity: personal?.addrCity ?? null,
            addrStateAbbr: personal?.addrStateAbbr ?? app?.stateOfResidence ?? null,
            addrPostalCode: personal?.addrPostalCode ?? null,
            personal_email: personal?.personal_email ?? null,
            phone_number: personal?.phone_number ?? null,
            home_phone_number: personal?.home_phone_number ?? null,
            how_you_heard: personal?.how_you_heard ?? null,
            referral_code: personal?.referral_code ?? null,
            salary: personal?.salary ?? null,
            additionalIncome: personal?.additionalIncome ?? null,
            amount: personal?.amount ?? app?.amountAppliedFor ?? null,
          }}
        />
      )}
      {mode === "accountSettings" && (
        <AccountSettings
          mapsApiKey={mapsApiKey}
          details={{
            name: [personal?.given_name, personal?.middle_name, personal?.family_name].filter(Boolean).join(" "),
            birthdate: formatBirthdate(personal?.birthdate),
            // The API answers the SSN masked; only its last four digits ever reach the page.
            ssnLastFour: personal?.ssn?.replace(/\D/g, "").slice(-4) || null,
            address: personal?.address ?? null,
            unit: personal?.unit ?? null,
            addrCity: personal?.addrCity ?? null,
            addrStateAbbr: personal?.addrStateAbbr ?? null,
            addrPostalCode: personal?.addrPostalCode ?? null,
            addrStreetNumber: personal?.addrStreetNumber ?? null,
            addrStreetName: personal?.addrStreetName ?? null,
            addrCountry: personal?.addrCountry ?? null,
            lat: personal?.lat ?? null,
            lng: personal?.lng ?? null,
            personal_email: personal?.personal_email ?? null,
            phone_number: personal?.phone_number ?? null,
            phoneShown: formatPhone(personal?.phone_number),
            homePhoneShown: formatPhone(personal?.home_phone_number),
          }}
        />
      )}
    </div>
  );
}
