import { ELIGIBILITY, eligibleStatus, incomeProblem, monthsBetween, tenureProblem } from "./eligibility";

test("the limits, literally (one source: the employment form and prequalification import them)", () => {
  expect(ELIGIBILITY).toEqual({ minAnnualIncome: 15_000, minTenureMonths: { full: 6, part: 12 } });
});

test.each([
  ["full", "full"],
  ["Full time", "full"],
  [" part-time ", "part"],
  ["part", "part"],
  ["temporary", null],
  ["wonderful", null], // the word must start the status
  ["counterpart", null],
  ["", null],
  [null, null],
  [undefined, null],
])("status %p is %p", (status, eligible) => {
  expect(eligibleStatus(status)).toBe(eligible);
});

test.each([
  ["2026-01-15", "2026-07-15", 6],
  ["2026-01-15", "2026-07-14", 5],
  ["2025-11-30", "2026-11-30", 12],
  ["2025-12-01", "2026-11-30", 11],
  ["2026-11-26", "2026-11-26", 0],
])("%s to %s is %i whole months", (from, to, months) => {
  expect(monthsBetween(from, to)).toBe(months);
});

test.each([
  [15_000, null, null],
  [14_999.99, null, "income"],
  [14_000, 999, "income"],
  [14_000, 1_000, null],
  [1_250, null, "income"], // a monthly salary typed as the yearly one
  [null, 20_000, null],
  [null, null, "income"],
])("salary %p plus additional %p: %p", (salary, additional, problem) => {
  expect(incomeProblem(salary, additional)).toBe(
    problem
      ? "To qualify, your yearly income (salary plus any additional income) must be at least $15,000. Enter your salary for the whole year, before taxes"
      : null,
  );
});

test.each([
  ["full", "2026-05-26", "2026-11-26", null],
  ["full", "2026-05-27", "2026-11-26", "To qualify, you need at least 6 months with your employer as a full-time employee"],
  ["part", "2025-11-26", "2026-11-26", null],
  ["part", "2025-11-27", "2026-11-26", "To qualify, you need at least 12 months with your employer as a part-time employee"],
  ["part", "2026-05-26", "2026-11-26", "To qualify, you need at least 12 months with your employer as a part-time employee"],
] as const)("%s time from %s on %s: %p", (status, start, today, problem) => {
  expect(tenureProblem(status, start, today)).toBe(problem);
});
