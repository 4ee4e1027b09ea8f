import type { FrontendLoad } from "@/lib/graphql/operations";
import { formatBirthdate } from "@/lib/format/dates";
import { formatPhone } from "@/lib/format/phone";
import type { AccountDetails } from "./_ui/account-settings";
import type { ReviewFacts } from "./_ui/application-review";
import type { IdentitySaved } from "./_ui/identity-change";
import type { LoanRequestSaved } from "./_ui/loan-request-form";
import type { PersonalDetailsSaved } from "./_ui/personal-details-form";

/** What each /personal form starts from: the values the API holds, as loadFrontend answers them. */

type AppInfo = FrontendLoad["appInfo"] | null | undefined;

export function loanRequestSaved(app: AppInfo): LoanRequestSaved {
  return {
    amount: app?.amountAppliedFor ?? null,
    reason: app?.loanReason ?? null,
    other: app?.otherDescription ?? null,
    state: app?.stateOfResidence ?? null,
  };
}

export function personalDetailsSaved(app: AppInfo): PersonalDetailsSaved {
  const personal = app?.personal ?? null;
  return {
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
    // Asked once: the loan request's amount is the one (an older personal amount does not override it).
    amount: app?.amountAppliedFor ?? personal?.amount ?? null,
    stateOfResidence: app?.stateOfResidence ?? null,
  };
}

export function accountDetails(app: AppInfo): AccountDetails {
  const personal = app?.personal ?? null;
  return {
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
  };
}

/** The identity as the review's correction form starts from it: never the SSN. */
export function identitySaved(app: AppInfo): IdentitySaved {
  const personal = app?.personal ?? null;
  return {
    given_name: personal?.given_name ?? null,
    middle_name: personal?.middle_name ?? null,
    family_name: personal?.family_name ?? null,
    birthdate: personal?.birthdate ?? null,
  };
}

export function reviewFacts(app: AppInfo): ReviewFacts {
  const job = app?.employment ?? null;
  return {
    amount: app?.amountAppliedFor ?? null,
    reason: app?.loanReason ?? null,
    other: app?.otherDescription ?? null,
    stateOfResidence: app?.stateOfResidence ?? null,
    employerName: app?.employerName ?? null,
    jobTitle: job?.jobTitle ?? null,
    startDate: job?.startDate ?? null,
    salary: job?.salary ?? null,
    additionalIncome: job?.additionalIncome ?? null,
    payFrequency: job?.payFrequency ?? null,
  };
}
