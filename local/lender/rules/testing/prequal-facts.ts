import type { PrequalFacts } from "../rules";

/** An application every prequalification rule accepts (employer 1002, $4,000, Illinois, full time since 2019, $52,000). */
export const PREQUALIFIABLE: PrequalFacts = {
  employerId: "1002",
  amountAppliedFor: 4000,
  stateOfResidence: "IL",
  employmentStatus: "full",
  startDate: "2019-08-15",
  salary: 52000,
  additionalIncome: null,
  ssn: "900000001",
  today: "2026-11-23",
};
