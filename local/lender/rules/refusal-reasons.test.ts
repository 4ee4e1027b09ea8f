import { describeRefusal, type RefusalCategory } from "../../../lib/lending/refusal";
import { decidePrequalification, type PrequalFacts, type PrequalRule } from "./rules";
import { PREQUALIFIABLE } from "./testing/prequal-facts";

const GOOD: PrequalFacts = PREQUALIFIABLE;

// Every refusal rule: the reason it stores must land in that rule's category on the restricted notice.
const CATEGORY: Record<Exclude<PrequalRule, "caps">, RefusalCategory> = {
  employer: "employer",
  amount: "amount",
  state: "state",
  employmentStatus: "employment",
  tenure: "tenure",
  income: "income",
  ssn: "identity",
  credit: "credit",
};

describe("each stored refusal reason names its category on the restricted notice", () => {
  it.each<[string, Partial<PrequalFacts>]>([
    ["no employer", { employerId: null }],
    ["amount missing", { amountAppliedFor: null }],
    ["amount below $500", { amountAppliedFor: 499.99 }],
    ["amount above $10,000", { amountAppliedFor: 10000.01 }],
    ["amount with fractions of a cent", { amountAppliedFor: 600.001 }],
    ["no state", { stateOfResidence: null }],
    ["unserved territory", { stateOfResidence: "PR" }],
    ["retired", { employmentStatus: "retired" }],
    ["no start date", { startDate: null }],
    ["full time, 5 months", { startDate: "2026-06-24" }],
    ["income below $15,000", { salary: 14000 }],
    ["no SSN", { ssn: null }],
    ["credit denial", { ssn: "666000002" }],
  ])("%s", (_label, change) => {
    const d = decidePrequalification({ ...GOOD, ...change });
    if (d.status || d.rule === "caps") throw new Error(`expected a refusal, got ${d.rule}`);
    const refusal = describeRefusal({ failureReason: d.reason, rejectionReason: d.reason, creditDenialReason: d.creditDenialReason });
    expect(refusal.category).toBe(CATEGORY[d.rule]);
    expect(refusal.words).not.toContain(d.reason);
  });
});
