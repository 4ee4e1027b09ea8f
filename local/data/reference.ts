/**
 * Reference lists the stand-in validates against (SPEC sections 3 and 4). Kept here rather than
 * imported from the shell: the stand-ins and the shell share nothing but the wire protocol.
 */

export const LOAN_REASONS = [
  "Auto Purchase or Repair",
  "Debt Consolidation",
  "Insurance Deductible",
  "Rent Expense",
  "Medical Bills",
  "Home Improvements",
  "Large Purchase",
  "Repairs",
  "Legal Costs",
  "Education Expenses",
  "A Wedding",
  "Other",
] as const;

export const APPLICATION_SOURCES = [
  "Email",
  "Co-Worker",
  "Physical Mail",
  "Company/District Website",
  "Representative",
  "Facebook",
  "Google",
  "Other",
] as const;

/** The 56 US states and territories: 50 states, DC and five inhabited territories. */
export const US_STATES: readonly { name: string; abbreviation: string }[] = [
  ["Alabama", "AL"], ["Alaska", "AK"], ["American Samoa", "AS"], ["Arizona", "AZ"], ["Arkansas", "AR"],
  ["California", "CA"], ["Colorado", "CO"], ["Connecticut", "CT"], ["Delaware", "DE"],
  ["District Of Columbia", "DC"], ["Florida", "FL"], ["Georgia", "GA"], ["Guam", "GU"], ["Hawaii", "HI"],
  ["Idaho", "ID"], ["Illinois", "IL"], ["Indiana", "IN"], ["Iowa", "IA"], ["Kansas", "KS"],
  ["Kentucky", "KY"], ["Louisiana", "LA"], ["Maine", "ME"], ["Maryland", "MD"], ["Massachusetts", "MA"],
  ["Michigan", "MI"], ["Minnesota", "MN"], ["Mississippi", "MS"], ["Missouri", "MO"], ["Montana", "MT"],
  ["Nebraska", "NE"], ["Nevada", "NV"], ["New Hampshire", "NH"], ["New Jersey", "NJ"], ["New Mexico", "NM"],
  ["New York", "NY"], ["North Carolina", "NC"], ["North Dakota", "ND"], ["Northern Mariana Islands", "MP"],
  ["Ohio", "OH"], ["Oklahoma", "OK"], ["Oregon", "OR"], ["Pennsylvania", "PA"], ["Puerto Rico", "PR"],
  ["Rhode Island", "RI"], ["South Carolina", "SC"], ["South Dakota", "SD"], ["Tennessee", "TN"],
  ["Texas", "TX"], ["Utah", "UT"], ["Vermont", "VT"], ["Virgin Islands", "VI"], ["Virginia", "VA"],
  ["Washington", "WA"], ["West Virginia", "WV"], ["Wisconsin", "WI"], ["Wyoming", "WY"],
].map(([name, abbreviation]) => ({ name: name!, abbreviation: abbreviation! }));

export const STATE_ABBREVIATIONS: ReadonlySet<string> = new Set(US_STATES.map((s) => s.abbreviation));

/** Application steps and their rank (SPEC section 4). */
export const STEP_RANK: Readonly<Record<string, number>> = {
  chooseEmployer: 0,
  loanDetails: 1,
  personalInformation: 2,
  employmentInformation: 3,
  authPrequal: 4,
  prequalApprove: 5,
  prequalRej: 5,
  consentPage: 6,
  fundingAccount: 7,
  uploadIdentity: 8,
  uploadPaystubs: 8,
  uploadTenure: 8,
  verifyMD: 9,
  completeUnderReview: 10,
  rejected: 10,
};

/** Step values outside the ranked apply flow. */
export const OTHER_STEPS = ["Offer Sent", "offerDetails", "activeLoan", "Paper Form Confirmation Pending"] as const;

export const MAX_LOAN_AMOUNT = 10_000;

export function isKnownStep(step: string): boolean {
  return (
    Object.hasOwn(STEP_RANK, step) ||
    (OTHER_STEPS as readonly string[]).includes(step) ||
    step.includes("applicationBlocked")
  );
}
