import { STEP_RANK, stepRank } from "./steps";

/**
 * The decision's inputs: every fact the credit decision (prequalification) and the offer made from
 * it are made on, named once. After the decision each is final: the lender's API refuses a change
 * with `DECISION_FACTS_LOCKED` (lib/application/refusal-codes.ts) at every door, and the pages show
 * them as final. docs/lending.md ("The decision's inputs are final") says why they are refused
 * rather than re-decided. Shared by the stand-in's rule (local/lender/rules/application-rules.ts)
 * and the shell's pages, like the refusal codes; the rule itself is the lender's.
 */
export const DECISION_INPUTS = [
  // Who is checked: the soft credit check and the contract are about this person.
  "ssn",
  "given_name",
  "middle_name",
  "family_name",
  "birthdate",
  // What is lent, where and through whom: the lending rules and disclosures, the payroll deduction.
  "employerId",
  "state",
  "amount",
  // Affordability: the amount offered (a share of the income) and the deductions' schedule.
  "salary",
  "additionalIncome",
  "payFrequency",
  "payMonths",
  // Eligibility: status and tenure; the job title is the one the income was given for.
  "employmentStatus",
  "startDate",
  "jobTitle",
] as const;

export type DecisionInput = (typeof DECISION_INPUTS)[number];

/** The inputs in a person's words, in the order the pages list them; each input in exactly one. */
export const DECISION_INPUT_GROUPS: readonly { words: string; inputs: readonly DecisionInput[] }[] = [
  { words: "your legal name, date of birth and SSN", inputs: ["given_name", "middle_name", "family_name", "birthdate", "ssn"] },
  { words: "your employer", inputs: ["employerId"] },
  { words: "your state of residence", inputs: ["state"] },
  { words: "the amount you asked for", inputs: ["amount"] },
  { words: "your salary and additional income", inputs: ["salary", "additionalIncome"] },
  { words: "how often and how many months a year you are paid", inputs: ["payFrequency", "payMonths"] },
  { words: "your job title, employment status and start date", inputs: ["jobTitle", "employmentStatus", "startDate"] },
];

/** The facts that become final, in a person's words, as one list ("…; …; and …"). */
export const DECISION_INPUTS_IN_WORDS = ((words: string[]) => `${words.slice(0, -1).join("; ")}; and ${words.at(-1)}`)(
  DECISION_INPUT_GROUPS.map((g) => g.words),
);

/** Why the facts of the rate check can't change, and what to do instead: said beside them and when a change is refused. */
export const DECISION_FINAL_WORDS =
  "Your rate and offer were decided on your employer and these details, so they can't be changed now. If one is wrong or has changed, contact support: we will correct it or start a new application with you.";

/** The last step before the decision: the rate check (the review at authPrequal is the last word). */
const LAST_OPEN_RANK = STEP_RANK.authPrequal;

/**
 * Whether the decision has been made at this step, so its inputs are final: from prequalApprove and
 * prequalRej on, and at every step without a rank (Offer Sent, its offer details, a signed or active
 * loan, a blocked application) or unknown (fail closed).
 */
export function decisionInputsFinal(step: string): boolean {
  const rank = stepRank(step);
  return rank === undefined || rank > LAST_OPEN_RANK;
}
