import { STEP_RANK } from "../application/steps";
import { EMPLOYER_REQUEST_LIMITS, employerNameKey, employerRequestFormHref, employerRequestRefusal } from "./employer-request";
import { EMPLOYER_REQUEST_FIELDS, employerRequestSchema } from "./employer-request-schema";
import { parseForm } from "../forms/validation";

describe("employerRequestRefusal: open at the employer step only", () => {
  it("is open at chooseEmployer", () => expect(employerRequestRefusal("chooseEmployer")).toBeNull());
  it.each([...Object.keys(STEP_RANK).filter((s) => !["chooseEmployer", "prequalRej", "rejected"].includes(s)), "Offer Sent"])(
    "%p: done already (the employer is chosen)",
    (step) => expect(employerRequestRefusal(step)).toBe("ALREADY_DONE"),
  );
  it.each(["prequalRej", "rejected", "applicationBlocked", "activeLoan", "", null, undefined])("%p: APPLICATION_CLOSED", (step) =>
    expect(employerRequestRefusal(step)).toBe("APPLICATION_CLOSED"),
  );
});

describe("employerNameKey: one request per name, case, punctuation and spacing aside", () => {
  it.each([
    ["Qqxzzv Robotics", "qqxzzv robotics"],
    ["  QQXZZV   robotics. ", "qqxzzv robotics"],
    ["St. Mary's School-District", "st mary s school district"],
    ["Ｑｑｘｚｚｖ", "qqxzzv"],
    ["École Saint-Loup", "école saint loup"],
    ["-- ?? --", ""],
  ])("%j -> %j", (name, key) => expect(employerNameKey(name)).toBe(key));
});

describe("employerRequestFormHref: /employment with the form open on the name", () => {
  it.each([
    ["Qqxzzv Robotics", "/employment?employerRequest=Qqxzzv+Robotics"],
    ["  A&B / C?=#  ", "/employment?employerRequest=A%26B+%2F+C%3F%3D%23"],
    ["", "/employment?employerRequest="],
    ["x".repeat(300), `/employment?employerRequest=${"x".repeat(EMPLOYER_REQUEST_LIMITS.name)}`],
  ])("%j -> %s", (name, href) => expect(employerRequestFormHref(name)).toBe(href));
});

describe("employerRequestSchema: the request's arguments as they go on the wire", () => {
  const valid = { name: "Qqxzzv Robotics", city: "", state: null, contactName: "", contactEmail: "", contactPhone: "" };

  it("names the contract's arguments", () =>
    expect(EMPLOYER_REQUEST_FIELDS).toEqual(["name", "city", "state", "contactName", "contactEmail", "contactPhone"]));

  it("takes the name alone; blank optional fields are null", () =>
    expect(parseForm(employerRequestSchema, valid)).toEqual({
      ok: true,
      data: { name: "Qqxzzv Robotics", city: null, state: null, contactName: null, contactEmail: null, contactPhone: null },
    }));

  it("trims, lower-cases the e-mail and keeps the phone's 10 digits", () =>
    expect(
      parseForm(employerRequestSchema, {
        name: "  Qqxzzv Robotics ",
        city: " Fresno ",
        state: "CA",
        contactName: " Pat Payroll ",
        contactEmail: " HR@Qqxzzv.Example ",
        contactPhone: "+1 (559) 555-0142",
      }),
    ).toEqual({
      ok: true,
      data: {
        name: "Qqxzzv Robotics",
        city: "Fresno",
        state: "CA",
        contactName: "Pat Payroll",
        contactEmail: "hr@qqxzzv.example",
        contactPhone: "5595550142",
      },
    }));

  it.each<[string, Record<string, unknown>, string, string]>([
    ["no name", { name: "" }, "name", "Enter your employer's name"],
    ["a blank name", { name: "   " }, "name", "Enter your employer's name"],
    ["punctuation only", { name: "?!" }, "name", "Enter your employer's name in letters or digits"],
    ["201 characters", { name: "Q".repeat(201) }, "name", "Use at most 200 characters"],
    ["a long city", { city: "C".repeat(101) }, "city", "Use at most 100 characters"],
    ["no such state", { state: "ZZ" }, "state", "Choose a US state or territory"],
    ["a long contact name", { contactName: "P".repeat(101) }, "contactName", "Use at most 100 characters"],
    ["a bad e-mail", { contactEmail: "hr at example" }, "contactEmail", "Enter an e-mail address like hr@example.org, or leave it empty"],
    ["a short phone", { contactPhone: "555-0142" }, "contactPhone", "Enter a 10-digit US phone number, or leave it empty"],
  ])("%s: refused under its field", (_what, change, field, message) => {
    const result = parseForm(employerRequestSchema, { ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual({ [field]: message });
  });

  it("takes exactly 200 characters of name", () =>
    expect(parseForm(employerRequestSchema, { ...valid, name: "Q".repeat(200) }).ok).toBe(true));
});
