/**
 * The choice lists of the loan request and the personal details (SPEC 3). The stand-in keeps its
 * own copy (local/lender/data/reference.ts): the shell and the stand-ins share only the wire protocol.
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
export type LoanReason = (typeof LOAN_REASONS)[number];

/** 'How did you hear about the product?' (SPEC 3, application source options). */
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
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];

/** The 56 US states and territories: 50 states, DC and five inhabited territories. */
export const US_STATES: readonly { name: string; abbreviation: string }[] = [
  ["Alabama", "AL"],
  ["Alaska", "AK"],
  ["American Samoa", "AS"],
  ["Arizona", "AZ"],
  ["Arkansas", "AR"],
  ["California", "CA"],
  ["Colorado", "CO"],
  ["Connecticut", "CT"],
  ["Delaware", "DE"],
  ["District Of Columbia", "DC"],
  ["Florida", "FL"],
  ["Georgia", "GA"],
  ["Guam", "GU"],
  ["Hawaii", "HI"],
  ["Idaho", "ID"],
  ["Illinois", "IL"],
  ["Indiana", "IN"],
  ["Iowa", "IA"],
  ["Kansas", "KS"],
  ["Kentucky", "KY"],
  ["Louisiana", "LA"],
  ["Maine", "ME"],
  ["Maryland", "MD"],
  ["Massachusetts", "MA"],
  ["Michigan", "MI"],
  ["Minnesota", "MN"],
  ["Mississippi", "MS"],
  ["Missouri", "MO"],
  ["Montana", "MT"],
  ["Nebraska", "NE"],
  ["Nevada", "NV"],
  ["New Hampshire", "NH"],
  ["New Jersey", "NJ"],
  ["New Mexico", "NM"],
  ["New York", "NY"],
  ["North Carolina", "NC"],
  ["North Dakota", "ND"],
  ["Northern Mariana Islands", "MP"],
  ["Ohio", "OH"],
  ["Oklahoma", "OK"],
  ["Oregon", "OR"],
  ["Pennsylvania", "PA"],
  ["Puerto Rico", "PR"],
  ["Rhode Island", "RI"],
  ["South Carolina", "SC"],
  ["South Dakota", "SD"],
  ["Tennessee", "TN"],
  ["Texas", "TX"],
  ["Utah", "UT"],
  ["Vermont", "VT"],
  ["Virgin Islands", "VI"],
  ["Virginia", "VA"],
  ["Washington", "WA"],
  ["West Virginia", "WV"],
  ["Wisconsin", "WI"],
  ["Wyoming", "WY"],
].map(([name, abbreviation]) => ({ name: name!, abbreviation: abbreviation! }));

export const STATE_ABBREVIATIONS: ReadonlySet<string> = new Set(US_STATES.map((s) => s.abbreviation));

/** The loan type the loan request sends (`applies.type`): the only product is a personal loan. */
export const LOAN_TYPE = "personal";
