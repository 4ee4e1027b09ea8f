/** The employment wire values and their labels, apart from the schema so a summary needs no zod. */
export const EMPLOYMENT_STATUSES = ["full", "part", "temporary"] as const;
export const PAY_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly"] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = { full: "Full time", part: "Part time", temporary: "Temporary" };
export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  semimonthly: "Twice a month",
  monthly: "Monthly",
};
