import { z } from "zod";
import { EVERY_ROUND, email, integer, isoDate, money, oneOf, optionalMoney, optionalText, personName, phone, ssn, text } from "./fields";
import { todayIso } from "../format/dates";
import { fieldOfValidationError, issuesByField, parseForm } from "./validation";

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { error: r.error.issues[0]!.message };
};

describe("field builders: what goes on the wire, and the message a person sees", () => {
  it.each([
    ["text trims", text({ required: "R" }), "  a b ", { ok: "a b" }],
    ["text blank", text({ required: "R" }), "   ", { error: "R" }],
    ["text missing", text({ required: "R" }), undefined, { error: "R" }],
    ["text null", text({ required: "R" }), null, { error: "R" }],
    ["text too long", text({ required: "R" }, { max: 3 }), "abcd", { error: "Use at most 3 characters" }],
    ["text at max", text({ required: "R" }, { max: 3 }), "abc", { ok: "abc" }],
    ["optional text blank is null", optionalText(), "  ", { ok: null }],
    ["optional text kept", optionalText(), " x ", { ok: "x" }],
    ["name capitalised", personName({ required: "R" }), " jane ", { ok: "Jane" }],
    ["email normalised", email({ required: "R" }), " Jane@Example.COM ", { ok: "jane@example.com" }],
    ["email invalid", email({ required: "R" }), "jane@", { error: "Enter an e-mail address like name@example.com" }],
    ["email blank", email({ required: "R" }), " ", { error: "R" }],
    ["phone formatted", phone({ required: "R" }), "(555) 123-4567", { ok: "5551234567" }],
    ["phone +1", phone({ required: "R" }), "+15551234567", { ok: "5551234567" }],
    ["phone short", phone({ required: "R" }), "555123456", { error: "Enter a 10-digit US phone number" }],
    ["phone blank", phone({ required: "R" }), "", { error: "R" }],
    ["ssn formatted", ssn({ required: "R" }), "123-45-6789", { ok: "123456789" }],
    [
      "ssn ten digits refused, not cut",
      ssn({ required: "R" }),
      "1234567890",
      { error: "Enter the 9 digits of your social security number" },
    ],
    ["money", money({ required: "R" }, { max: 100 }), 99.99, { ok: 99.99 }],
    ["money at max", money({ required: "R" }, { max: 100 }), 100, { ok: 100 }],
    ["money over max", money({ required: "R" }, { max: 100 }), 100.01, { error: "Enter at most $100" }],
    ["money negative", money({ required: "R" }, { max: 100 }), -1, { error: "Enter at least $0" }],
    ["money zero with exclusive min", money({ required: "R" }, { max: 100, exclusiveMin: true }), 0, { error: "Enter an amount above $0" }],
    ["money three decimals", money({ required: "R" }, { max: 100 }), 1.005, { error: "Use at most two decimals (cents)" }],
    ["money missing", money({ required: "R" }, { max: 100 }), null, { error: "R" }],
    ["money as text", money({ required: "R" }, { max: 100 }), "12", { error: "Enter an amount in dollars" }],
    ["optional money missing", optionalMoney({}, { max: 100 }), null, { ok: null }],
    ["optional money negative", optionalMoney({}, { max: 100 }), -5, { error: "Enter at least $0" }],
    ["integer in range", integer({ required: "R" }, { min: 1, max: 12 }), 12, { ok: 12 }],
    ["integer above", integer({ required: "R" }, { min: 1, max: 12 }), 13, { error: "Enter a whole number from 1 to 12" }],
    ["integer below", integer({ required: "R" }, { min: 1, max: 12 }), 0, { error: "Enter a whole number from 1 to 12" }],
    ["integer fraction", integer({ required: "R" }, { min: 1, max: 12 }), 1.5, { error: "Enter a whole number from 1 to 12" }],
    ["one of", oneOf(["a", "b"], { required: "R" }), "b", { ok: "b" }],
    ["one of unknown", oneOf(["a", "b"], { required: "R" }), "c", { error: "Choose one of: a, b" }],
    ["one of missing", oneOf(["a", "b"], { required: "R" }), null, { error: "R" }],
    ["date", isoDate({ required: "R" }), "2024-02-29", { ok: "2024-02-29" }],
    ["date impossible", isoDate({ required: "R" }), "2025-02-29", { error: "Enter a date as MM/DD/YYYY" }],
    ["date shape", isoDate({ required: "R" }), "02/01/2024", { error: "Enter a date as MM/DD/YYYY" }],
  ])("%s", (_name, schema, value, expected) => {
    expect(first(schema, value)).toEqual(expected);
  });

  it("a date not after today accepts today and refuses tomorrow (UTC)", () => {
    const schema = isoDate({ required: "R" }, { notAfterToday: true });
    const tomorrow = todayIso(new Date(Date.now() + 86_400_000));
    expect(first(schema, todayIso())).toEqual({ ok: todayIso() });
    expect(first(schema, tomorrow)).toEqual({ error: "The date cannot be in the future" });
  });
});

describe("reading a schema's result", () => {
  const schema = z.object({ a: text({ required: "Enter a" }), b: integer({ required: "Enter b" }, { min: 1, max: 2 }) });

  it("keys the first message per field and names the field for the server", () => {
    const r = parseForm(schema, { a: "", b: 5 });
    expect(r).toEqual({ ok: false, fieldErrors: { a: "Enter a", b: "Enter a whole number from 1 to 2" }, message: "a: Enter a" });
    expect(parseForm(schema, { a: "x", b: 1 })).toEqual({ ok: true, data: { a: "x", b: 1 } });
  });

  it("issuesByField puts path-less issues under the empty key", () => {
    const r = z.string().safeParse(1);
    expect(Object.keys(issuesByField(r.error!))).toEqual([""]);
  });

  it("finds the field a validationError names, only among the form's fields", () => {
    expect(fieldOfValidationError("salary: must be at least 0", ["salary", "title"])).toBe("salary");
    expect(fieldOfValidationError("password: nope", ["salary"])).toBeUndefined();
    expect(fieldOfValidationError("something broke", ["salary"])).toBeUndefined();
  });
});

describe("EVERY_ROUND: a rule across fields reports with the fields' own errors, not a round later", () => {
  const shape = { amount: money({ required: "Enter an amount" }, { max: 100 }), a: z.string(), b: z.string() };
  const rule = (v: { a: unknown; b: unknown }, ctx: z.RefinementCtx) => {
    if (v.a !== v.b) ctx.addIssue({ code: "custom", path: ["b"], message: "The two must match" });
  };
  const empty = { amount: null, a: "x", b: "y" };
  it("zod alone skips the rule while a field is empty (an aborting issue): the reason forms showed errors in rounds", () => {
    expect(issuesByField(z.object(shape).superRefine(rule).safeParse(empty).error!)).toEqual({ amount: "Enter an amount" });
  });
  it("with EVERY_ROUND the rule's error comes with the others", () => {
    expect(issuesByField(z.object(shape).superRefine(rule, EVERY_ROUND).safeParse(empty).error!)).toEqual({
      amount: "Enter an amount",
      b: "The two must match",
    });
  });
  it.each([
    ["text", text({ required: "R" }), ""],
    ["personName", personName({ required: "R" }), ""],
    ["email", email({ required: "R" }), "x"],
    ["phone blank", phone({ required: "R" }), ""],
    ["phone short", phone({ required: "R" }), "555"],
    ["ssn", ssn({ required: "R" }), "12"],
    ["money", money({ required: "R" }, { max: 10 }), null],
    ["integer", integer({ required: "R" }, { min: 1, max: 9 }), null],
    ["oneOf", oneOf(["a", "b"], { required: "R" }), null],
    ["isoDate", isoDate({ required: "R" }), "2020-02-30"],
  ] as [string, z.ZodType, unknown][])("no builder stops the rules across fields: %s failing", (_name, field, value) => {
    const schema = z.object({ field, a: z.string(), b: z.string() }).superRefine(rule, EVERY_ROUND);
    expect(issuesByField(schema.safeParse({ field: value, a: "x", b: "y" }).error!)).toMatchObject({ b: "The two must match" });
  });
  it("input that is no object is refused without running the rule", () => {
    expect(z.object(shape).superRefine(rule, EVERY_ROUND).safeParse(null).success).toBe(false);
  });
});
