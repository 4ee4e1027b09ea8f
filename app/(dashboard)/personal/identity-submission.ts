import { normalizePhoneForSubmission } from "@/lib/format/phone";

/**
 * The identity submission (`identifies`) of SPEC 5, as one pure function, so the browser and the
 * tests apply the same rules:
 *
 * - `accountSettings: false` sends the contact fields only (address, unit, alternate e-mail, cell
 *   phone, address parts, lat, lng): the account-settings edit. `accountSettings: true` sends the
 *   personal fields as well: the personalInformation step. (SPEC 5 read literally; the API notes in
 *   local/lender/graphql/README.md hold the same rule.)
 * - Phones are normalised for submission: "+1" + 10 digits (12 characters) or "+" + 10 digits
 *   (11 characters) lose the prefix; a formatted number is reduced to its digits.
 * - A referral code equal to the affiliate id is removed.
 * - Empty values (undefined, null, blank text) are omitted.
 */

export const CONTACT_FIELDS = [
  "address",
  "unit",
  "personal_email",
  "phone_number",
  "addrCity",
  "addrCountry",
  "addrPostalCode",
  "addrStateAbbr",
  "addrStreetNumber",
  "addrStreetName",
  "lat",
  "lng",
] as const;

export const PERSONAL_FIELDS = [
  "given_name",
  "middle_name",
  "family_name",
  "birthdate",
  "ssn",
  "how_you_heard",
  "referral_code",
  "home_phone_number",
  "salary",
  "additionalIncome",
  "amount",
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type IdentityField = ContactField | PersonalField;
export type IdentityValues = Partial<Record<IdentityField, string | number | null | undefined>>;

/** The variables of one `identifies` call. */
export type IdentitySubmission = Partial<Record<IdentityField, string | number>> & { accountSettings: boolean };

const PHONE_FIELDS: ReadonlySet<IdentityField> = new Set(["phone_number", "home_phone_number"]);

function isEmpty(value: unknown): value is null | undefined | "" {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

export function buildIdentitySubmission(
  values: IdentityValues,
  options: { accountSettings: boolean; affiliate?: string | null },
): IdentitySubmission {
  const fields: readonly IdentityField[] = options.accountSettings ? [...CONTACT_FIELDS, ...PERSONAL_FIELDS] : CONTACT_FIELDS;
  const out: IdentitySubmission = { accountSettings: options.accountSettings };
  for (const field of fields) {
    const raw = values[field];
    if (isEmpty(raw)) continue;
    let value: string | number = typeof raw === "string" ? raw.trim() : raw;
    // A number the normaliser cannot read is sent as typed: the API refuses it with a clear reason.
    if (PHONE_FIELDS.has(field)) value = normalizePhoneForSubmission(value) ?? value;
    if (field === "referral_code" && !isEmpty(options.affiliate) && value === options.affiliate!.trim()) continue;
    out[field] = value;
  }
  return out;
}

/** SPEC 5 and 8: an `identifies` error containing "already exists" is not reported; others are. */
export function isReportedIdentifyError(message: string): boolean {
  return !message.includes("already exists");
}
