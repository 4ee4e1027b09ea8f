import { EMPLOYER_NOT_FOUND_HINT } from "./employer-selection";

/** The request form's heading. */
export const EMPLOYER_REQUEST_TITLE = "Ask us to add your employer";

/** What an employer request leads to, and what the person can do meanwhile (docs/lending.md, "Employers not on the list"). */
export const EMPLOYER_REQUEST_NEXT = {
  why: "This loan is repaid through your employer's payroll, so we can lend only to people who work for one of our partner employers.",
  email:
    "We will pass your request to our partnerships team and e-mail you when your employer joins. Until then we cannot take your application further.",
  meanwhile: [
    EMPLOYER_NOT_FOUND_HINT,
    "Ask your HR or payroll office whether it offers this loan as an employee benefit. An employer can ask to join too.",
  ],
} as const;
