import {
  buildIdentitySubmission,
  CONTACT_FIELDS,
  isReportedIdentifyError,
  PERSONAL_FIELDS,
  type IdentityValues,
} from "./identity-submission";

const full: IdentityValues = {
  given_name: "Ada",
  middle_name: "King",
  family_name: "Lovelace",
  birthdate: "1990-12-10",
  ssn: "123456789",
  how_you_heard: "Google",
  referral_code: "FRIEND-1",
  home_phone_number: "5552223333",
  salary: 52000,
  additionalIncome: 1200,
  amount: 4000,
  address: "12 Oak St",
  unit: "Apt 2",
  personal_email: "ada@example.com",
  phone_number: "5551234567",
  addrCity: "Springfield",
  addrCountry: "US",
  addrPostalCode: "62701",
  addrStateAbbr: "IL",
  addrStreetNumber: "12",
  addrStreetName: "Oak St",
  lat: 39.78,
  lng: -89.65,
};

describe("identity submission: phone normalisation (SPEC 5)", () => {
  it.each([
    ["+15551234567", "5551234567"], // 12 characters: +1 stripped
    ["+5551234567", "5551234567"], // 11 characters: + stripped
    ["5551234567", "5551234567"], // 10 digits: as is
    ["(555) 123-4567", "5551234567"], // the masked field: digits only
    ["15551234567", "5551234567"], // 11 digits, no +: a US country code
    ["+44207946095", "+44207946095"], // 12 characters, not +1: not a US number, sent for the API to refuse
    ["555123", "555123"], // too short: sent as typed, refused by the API with a reason
  ])("phone %p is sent as %p", (phone, sent) => {
    expect(buildIdentitySubmission({ phone_number: phone }, { accountSettings: false }).phone_number).toBe(sent);
    expect(buildIdentitySubmission({ home_phone_number: phone }, { accountSettings: true }).home_phone_number).toBe(sent);
  });
});

describe("identity submission: referral code equal to the affiliate id", () => {
  it.each([
    ["FRIEND-1", "FRIEND-1", undefined],
    ["FRIEND-1", " FRIEND-1 ", undefined],
    ["FRIEND-1", "OTHER", "FRIEND-1"],
    ["FRIEND-1", null, "FRIEND-1"],
    ["FRIEND-1", "", "FRIEND-1"],
    ["friend-1", "FRIEND-1", "friend-1"], // ids compare exactly
  ])("code %p with affiliate %p sends %p", (code, affiliate, sent) => {
    const out = buildIdentitySubmission({ given_name: "Ada", referral_code: code }, { accountSettings: true, affiliate });
    expect(out.referral_code).toBe(sent);
    expect("referral_code" in out).toBe(sent !== undefined);
  });
});

describe("identity submission: contact-only vs the full identity", () => {
  it("accountSettings false sends exactly the contact fields and the flag", () => {
    const out = buildIdentitySubmission(full, { accountSettings: false });
    expect(Object.keys(out).sort()).toEqual(["accountSettings", ...CONTACT_FIELDS].sort());
    expect(out.accountSettings).toBe(false);
  });
  it("accountSettings true sends the personal fields as well", () => {
    const out = buildIdentitySubmission(full, { accountSettings: true });
    expect(Object.keys(out).sort()).toEqual(["accountSettings", ...CONTACT_FIELDS, ...PERSONAL_FIELDS].sort());
    expect(out).toMatchObject({ accountSettings: true, given_name: "Ada", ssn: "123456789", salary: 52000 });
  });
  it.each(PERSONAL_FIELDS.map((f) => [f]))("%s is never sent contact-only", (field) => {
    expect(buildIdentitySubmission({ [field]: "x", phone_number: "5551234567" }, { accountSettings: false })).not.toHaveProperty(field);
  });
});

describe("identity submission: empty values are omitted", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    ["   ", false],
    [0, true], // a number is a value
    [-1, true], // the geocode-failure coordinate is a value
    [" Apt 2 ", true],
  ])("value %p is sent: %p", (value, present) => {
    const out = buildIdentitySubmission({ unit: value, lat: value }, { accountSettings: false });
    expect("unit" in out).toBe(present);
    expect("lat" in out).toBe(present);
  });
  it("text is trimmed", () => {
    expect(buildIdentitySubmission({ unit: " Apt 2 " }, { accountSettings: false }).unit).toBe("Apt 2");
  });
});

describe("identifies errors (SPEC 5, 8)", () => {
  it.each([
    ["User already exists", false],
    ["identity already exists for this user", false],
    ["phone_number: must be 10 digits", true],
    ["Network request failed", true],
    ["Already Exists", true], // the rule is the literal text
  ])("%p is reported: %p", (message, reported) => {
    expect(isReportedIdentifyError(message)).toBe(reported);
  });
});
