import { parseForm } from "../forms/validation";
import { todayIso } from "../format/dates";
import { EARLIEST_START_DATE, MAX_DD_ACCOUNTS, MAX_SALARY } from "./limits";
import { EMPLOYMENT_FIELDS, employmentSchema } from "./schema";

/**
 * The employment details schema (issue 8), shared by the /employment form, its server action and the
 * API's employmentInformationNextHandler: every field at its boundaries, for everyone and for the
 * children's hospital (SPEC 5's two extra fields).
 */

const tomorrow = () => {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

const valid = {
  id: "HP-2231",
  title: "Water Quality Technician",
  status: "full",
  start: "2018-03-05",
  salary: 58250,
  additional: null,
  payMonths: 12,
  payFrequency: "biweekly",
  ddAccounts: 1,
  activeMilitary: false,
  cost_center: "",
  dept_ext: "",
};
const hospital = { ...valid, cost_center: "CC-1042", dept_ext: "4417" };

const standard = employmentSchema({ childrensHospital: false });
const childrens = employmentSchema({ childrensHospital: true });

describe("employment schema: a complete form", () => {
  it("parses to the wire values (empty extras become null)", () => {
    expect(parseForm(standard, valid)).toEqual({ ok: true, data: { ...valid, cost_center: null, dept_ext: null } });
  });
  it("parses the children's hospital form with its two fields", () => {
    expect(parseForm(childrens, hospital)).toMatchObject({ ok: true, data: { cost_center: "CC-1042", dept_ext: "4417" } });
  });
  it("knows every field the form sends", () => {
    expect([...EMPLOYMENT_FIELDS].sort()).toEqual(Object.keys(hospital).sort());
  });
});

type Row = [field: string, value: unknown, accepted: boolean];

describe.each<[string, typeof standard, typeof valid]>([
  ["everyone", standard, valid],
  ["the children's hospital", childrens, hospital],
])("employment schema (%s): each field at its boundaries", (_who, schema, base) => {
  it.each<Row>([
    ["id", "", false],
    ["id", "x", true],
    ["id", "x".repeat(50), true],
    ["id", "x".repeat(51), false],
    ["title", "   ", false],
    ["title", "T", true],
    ["title", "t".repeat(100), true],
    ["title", "t".repeat(101), false],
    ["status", "full", true],
    ["status", "part", true],
    ["status", "temporary", false], // not eligible (lib/lending/eligibility.ts)
    ["status", "contract", false],
    ["status", null, false],
    ["start", EARLIEST_START_DATE, true],
    ["start", "1939-12-31", false],
    ["start", todayIso(), false], // under the 6 months a full-time employee needs
    ["start", tomorrow(), false],
    ["start", "2019-02-29", false],
    ["start", "03/05/2018", false],
    ["start", null, false],
    ["salary", 0, false],
    ["salary", 0.01, false], // under the $15,000 income floor
    ["salary", 14_999.99, false],
    ["salary", 15_000, true],
    ["salary", MAX_SALARY, true],
    ["salary", MAX_SALARY + 0.01, false],
    ["salary", -1, false],
    ["salary", 100.005, false],
    ["salary", null, false],
    ["additional", null, true],
    ["additional", 0, true],
    ["additional", -0.01, false],
    ["additional", MAX_SALARY, true],
    ["additional", MAX_SALARY + 1, false],
    ["payMonths", 0, false],
    ["payMonths", 1, true],
    ["payMonths", 12, true],
    ["payMonths", 13, false],
    ["payMonths", 9.5, false],
    ["payMonths", null, false],
    ["payFrequency", "weekly", true],
    ["payFrequency", "biweekly", true],
    ["payFrequency", "semimonthly", true],
    ["payFrequency", "monthly", true],
    ["payFrequency", "daily", false],
    ["ddAccounts", -1, false],
    ["ddAccounts", 0, false],
    ["ddAccounts", 1, true],
    ["ddAccounts", MAX_DD_ACCOUNTS, true],
    ["ddAccounts", MAX_DD_ACCOUNTS + 1, false],
    ["activeMilitary", true, true],
    ["activeMilitary", false, true],
    ["activeMilitary", null, false],
  ])("%s = %p accepted: %p", (field, value, accepted) => {
    const result = parseForm(schema, { ...base, [field]: value });
    expect(result.ok).toBe(accepted);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual([field]);
  });
});

it("issue 49: 0 accounts is refused with a message that says why (the browser and the API parse with this one schema)", () => {
  const result = parseForm(standard, { ...valid, ddAccounts: 0 });
  expect(result.ok).toBe(false);
  if (!result.ok)
    expect(String(result.fieldErrors.ddAccounts)).toBe("Enter a number of accounts from 1 to 10: count the account your pay goes into");
});

describe("employment schema: prequalification's eligibility, under the field it is about", () => {
  const monthsAgo = (months: number) => {
    const d = new Date(`${todayIso()}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - months);
    return d.toISOString().slice(0, 10);
  };
  it.each<[string, Record<string, unknown>, Record<string, RegExp> | null]>([
    ["a monthly salary typed as the yearly one", { salary: 4_850 }, { salary: /at least \$15,000.*whole year, before taxes/ }],
    ["additional income makes up the floor", { salary: 12_000, additional: 3_000 }, null],
    ["temporary work", { status: "temporary" }, { status: /full-time and part-time employees only/ }],
    ["full time for 5 months", { start: monthsAgo(5) }, { start: /at least 6 months/ }],
    ["full time for a year", { start: monthsAgo(12) }, null],
    ["part time for 11 months", { status: "part", start: monthsAgo(11) }, { start: /at least 12 months/ }],
    ["part time for 13 months", { status: "part", start: monthsAgo(13) }, null],
    // Every error at once, each under its own field (no rounds).
    [
      "all three, with the title missing too",
      { title: "", status: "temporary", salary: 900 },
      { title: /job title/, status: /full-time/, salary: /\$15,000/ },
    ],
    // A field that fails its own check keeps its own message only.
    ["an empty salary", { salary: null }, { salary: /^Enter your annual salary$/ }],
  ])("%s", (_name, change, errors) => {
    const result = parseForm(standard, { ...valid, ...change });
    if (!errors) return expect(result.ok).toBe(true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(Object.keys(errors).sort());
    for (const [field, message] of Object.entries(errors)) expect(String(result.fieldErrors[field])).toMatch(message);
  });
});

describe("employment schema: the children's hospital fields", () => {
  it.each<Row>([
    ["cost_center", "", false],
    ["cost_center", "CC-1", true],
    ["cost_center", "c".repeat(20), true],
    ["cost_center", "c".repeat(21), false],
    ["cost_center", "CC 1", false],
    ["dept_ext", "", false],
    ["dept_ext", "1", true],
    ["dept_ext", "1".repeat(10), true],
    ["dept_ext", "1".repeat(11), false],
    ["dept_ext", "12a", false],
  ])("children's hospital: %s = %p accepted: %p", (field, value, accepted) => {
    const result = parseForm(childrens, { ...hospital, [field]: value });
    expect(result.ok).toBe(accepted);
    if (!result.ok) expect(result.message.startsWith(`${field}: `)).toBe(true);
  });

  it.each(["cost_center", "dept_ext"])("anyone else sending %s is refused, naming the field", (field) => {
    const result = parseForm(standard, { ...valid, [field]: "X1" });
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.message.startsWith(`${field}: `)).toBe(true);
  });
});
