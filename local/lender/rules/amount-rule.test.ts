/**
 * One amount rule and one service area (issue 26): the loan request form, the `applies` operation
 * and prequalification accept and refuse exactly the same amounts and states, so nothing the form
 * accepts can end an application at prequalification.
 */
import { LOAN_AMOUNT, LOAN_AMOUNT_MESSAGES } from "../../../lib/lending/loan-amount";
import { UNSERVED_STATES } from "../../../lib/lending/service-area";
import { parseForm } from "../../../lib/forms/validation";
import { US_STATES } from "../../../lib/personal/reference-lists";
import { loanRequestSchema } from "../../../lib/personal/schemas";
import { SERVED_STATES } from "../../../lib/personal/states";
import type { Db } from "../../infra/db";
import { applies } from "../data/application";
import { decidePrequalification, type PrequalFacts } from "./rules";
import { PREQUALIFIABLE as PREQUALIFIABLE_FACTS } from "./testing/prequal-facts";

const CALLER = { sub: "sub-amount", username: "amount-rule", email: "amount@example.com" };
/** `applies` validates before it opens a transaction: reaching the transaction means it accepted the input. */
const ACCEPTING_DB = { transaction: async () => "accepted" } as unknown as Db;

async function appliesAccepts(amount: number, state = "IL"): Promise<boolean> {
  try {
    return (
      (await applies(ACCEPTING_DB, CALLER, { amount, reason: "Debt Consolidation", state, type: "personal" })) === ("accepted" as never)
    );
  } catch (e) {
    if ((e as Error).name === "InputError") return false;
    throw e;
  }
}

const formAccepts = (amount: number, state = "IL") =>
  parseForm(loanRequestSchema, { amount, reason: "Debt Consolidation", other: "", state }).ok;

const PREQUALIFIABLE: PrequalFacts = { ...PREQUALIFIABLE_FACTS, ssn: "666000001", today: "2026-11-25" };
const rulesAccept = (amount: number, state = "IL") => {
  const d = decidePrequalification({ ...PREQUALIFIABLE, amountAppliedFor: amount, stateOfResidence: state });
  return d.status || (d.rule !== "amount" && d.rule !== "state");
};

describe("one amount rule: the form, the API and the lending rules agree on every amount", () => {
  it.each([
    [0, false],
    [0.01, false],
    [50, false],
    [499.99, false],
    [LOAN_AMOUNT.min, true],
    [500.01, true],
    [4000, true],
    [9999.99, true],
    [LOAN_AMOUNT.max, true],
    [10000.01, false],
    [25000, false],
    [1234.567, false],
  ])("$%d: accepted %p by all three", async (amount, accepted) => {
    expect({ form: formAccepts(amount), api: await appliesAccepts(amount), rules: rulesAccept(amount) }).toEqual({
      form: accepted,
      api: accepted,
      rules: accepted,
    });
  });

  it("the form's refusal of $50 states the range", () => {
    const result = parseForm(loanRequestSchema, { amount: 50, reason: "Debt Consolidation", other: "", state: "IL" });
    expect(result.ok ? null : result.fieldErrors.amount).toBe(LOAN_AMOUNT_MESSAGES.below);
    expect(LOAN_AMOUNT_MESSAGES.below).toContain("$500 to $10,000");
  });
});

describe("one service area: the state list offers exactly what prequalification serves", () => {
  it.each(US_STATES.map((s) => [s.abbreviation, !UNSERVED_STATES.includes(s.abbreviation)] as const))(
    "%s: served %p by the form, the API and the rules",
    async (state, served) => {
      expect(SERVED_STATES.some((s) => s.abbreviation === state)).toBe(served);
      expect({ form: formAccepts(4000, state), api: await appliesAccepts(4000, state), rules: rulesAccept(4000, state) }).toEqual({
        form: served,
        api: served,
        rules: served,
      });
    },
  );
});
