import type { FrontendLoad } from "@/lib/graphql/operations";
import { formatBirthdate } from "@/lib/format/dates";
import { formatPhone } from "@/lib/format/phone";

/** What each /personal form starts from: the values the API holds, as loadFrontend answers them. */

export interface LoanRequestSaved {
  amount: number | null;
  reason: string | null;
  other: string | null;
  state: string | null;
}

/** What is already known about the applicant; never the SSN. */
export interface PersonalDetailsSaved {
  given_name: string | null;
  middle_name: string | null;
  family_name: string | null;
  birthdate: string | null;
  address: string | null;
  unit: string | null;
  addrCity: string | null;
  addrStateAbbr: string | null;
  addrPostalCode: string | null;
  personal_email: string | null;
  phone_number: string | null;
  home_phone_number: string | null;
  how_you_heard: string | null;
  referral_code: string | null;
  salary: number | null;
  additionalIncome: number | null;
  amount: number | null;
  /** The loan request's state: the home address must be in it. */
  stateOfResidence: string | null;
}

/** The saved details as shown; the SSN only as its last four digits. */
export interface AccountDetails {
  name: string;
  birthdate: string;
  ssnLastFour: string | null;
  address: string | null;
  unit: string | null;
  addrCity: string | null;
  addrStateAbbr: string | null;
  addrPostalCode: string | null;
  addrStreetNumber: string | null;
  addrStreetName: string | null;
  addrCountry: string | null;
  /** Kept as saved unless the address is changed (then geocoded again, or -1/-1). */
  lat: number | null;
  lng: number | null;
  personal_email: string | null;
  /** Digits, as stored. */
  phone_number: string | null;
  /** As shown: (555) 123-4567. */
  phoneShown: string;
  homePhoneShown: string;
}

/** The identity as saved; never the SSN (only its last four are known to the page). */
export interface IdentitySaved {
  given_name: string | null;
  middle_name: string | null;
  family_name: string | null;
  birthdate: string | null;
}

/** What the review shows of the loan request and the job, as the API holds them. */
export interface ReviewFacts {
  amount: number | null;
  reason: string | null;
  other: string | null;
  stateOfResidence: string | null;
  employerName: string | null;
  jobTitle: string | null;
  startDate: string | null;
  salary: number | null;
  additionalIncome: number | null;
  payFrequency: string | null;
}

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
