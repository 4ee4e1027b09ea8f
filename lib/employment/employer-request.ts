import type { RefusalCode } from "../application/refusal-codes";
import { refusalFor } from "../application/application-machine";

/**
 * Asking the lender to add an employer that is not in the search (issue 49): the rules both the
 * /employment page and the lender's API (the stand-in) read. Zod-free, so the page can show its
 * limits before the schema (employer-request-schema.ts) loads.
 */

/**
 * Why a request is refused at a step, or null where it is open: the lender's state machine's answer
 * for requestEmployer (lib/application/application-machine.ts), which no offer fact changes.
 */
export function employerRequestRefusal(step: string | null | undefined): RefusalCode | null {
  return refusalFor({ step: step ?? "", offerAccepted: false, directDepositConfirmed: false, contractSigned: false }, "requestEmployer");
}

export const EMPLOYER_REQUEST_LIMITS = {
  /** The employer search's own field takes 200 characters: the name typed there fits. */
  name: 200,
  city: 100,
  contactName: 100,
  /** Requests one applicant may record: enough for every spelling of one employer, not a mailing list. */
  perApplicant: 10,
} as const;

/**
 * The name a request is known by: case, accents' width forms, punctuation and spacing aside, so
 * "Qqxzzv Robotics", "qqxzzv  robotics" and "QQXZZV ROBOTICS." are one request.
 */
export function employerNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The query parameter that opens /employment's request form, carrying the name to start from. */
export const EMPLOYER_REQUEST_PARAM = "employerRequest";

/**
 * /employment with the request form open on `name` (trimmed, cut to the field's length). The lending
 * app sends SPEC 2's /employerRequest here at the employer step; the page writes it when the form opens.
 */
export function employerRequestFormHref(name: string): string {
  return `/employment?${new URLSearchParams({ [EMPLOYER_REQUEST_PARAM]: name.trim().slice(0, EMPLOYER_REQUEST_LIMITS.name) })}`;
}
