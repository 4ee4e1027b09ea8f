/**
 * The Plaid stand-in's sandbox: institutions, their accounts and the test logins. Names and ids
 * follow Plaid's own sandbox (First Platypus Bank is ins_109508 there too) so a developer who
 * knows Plaid recognises them. Listed in docs/stand-ins.md.
 */
export interface SandboxAccount {
  /** Suffix of the account id within an item. */
  key: string;
  name: string;
  mask: string;
  type: "depository" | "credit" | "loan";
  subtype: string;
}

export interface SandboxInstitution {
  institution_id: string;
  name: string;
  accounts: readonly SandboxAccount[];
  /** An OAuth bank: the login happens on the bank's own site, which returns to the link token's redirect_uri. */
  oauth?: boolean;
}

const PLATYPUS_ACCOUNTS: readonly SandboxAccount[] = [
  { key: "chk", name: "Plaid Checking", mask: "0000", type: "depository", subtype: "checking" },
  { key: "sav", name: "Plaid Saving", mask: "1111", type: "depository", subtype: "savings" },
  { key: "cd", name: "Plaid CD", mask: "2222", type: "depository", subtype: "cd" },
  { key: "cc", name: "Plaid Credit Card", mask: "3333", type: "credit", subtype: "credit card" },
];

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  { institution_id: "ins_109508", name: "First Platypus Bank", accounts: PLATYPUS_ACCOUNTS },
  {
    institution_id: "ins_109509",
    name: "First Gingham Credit Union",
    accounts: [
      { key: "chk", name: "Gingham Everyday Checking", mask: "4321", type: "depository", subtype: "checking" },
      { key: "sav", name: "Gingham Share Savings", mask: "8765", type: "depository", subtype: "savings" },
    ],
  },
  {
    institution_id: "ins_109511",
    name: "Tartan Bank",
    accounts: [
      { key: "chk", name: "Tartan Checking", mask: "5555", type: "depository", subtype: "checking" },
      { key: "cc", name: "Tartan Rewards Card", mask: "9999", type: "credit", subtype: "credit card" },
      { key: "loan", name: "Tartan Student Loan", mask: "7777", type: "loan", subtype: "student" },
    ],
  },
  // Plaid's sandbox OAuth bank has this id and name too.
  { institution_id: "ins_127287", name: "Platypus OAuth Bank", accounts: PLATYPUS_ACCOUNTS, oauth: true },
];

export const SANDBOX_PASSWORD = "pass_good";

/** What a login at the stand-in does. */
export type LoginOutcome =
  { ok: true; expiresAfterLink: boolean } | { ok: false; retry: true; error: PlaidError } | { ok: false; retry: false; error: PlaidError };

export interface PlaidError {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
}

/**
 * Test logins (Plaid's sandbox conventions):
 * - user_good / pass_good: links.
 * - user_expiring / pass_good: links, then the bank login expires at once, so the next
 *   checkItemStatus asks for a refresh (update mode with the same login repairs it).
 * - any user / error_INSTITUTION_DOWN: the bank is down; the widget exits with that error.
 * - anything else: wrong credentials; the widget lets the user try again.
 */
export function sandboxLogin(username: string, password: string): LoginOutcome {
  if (password === "error_INSTITUTION_DOWN") {
    return {
      ok: false,
      retry: false,
      error: {
        error_type: "INSTITUTION_ERROR",
        error_code: "INSTITUTION_DOWN",
        error_message: "this institution is not currently responding to this request. please try again soon",
        display_message: "This financial institution is not currently responding to requests. We apologize for the inconvenience.",
      },
    };
  }
  if ((username === "user_good" || username === "user_expiring") && password === SANDBOX_PASSWORD) {
    return { ok: true, expiresAfterLink: username === "user_expiring" };
  }
  return {
    ok: false,
    retry: true,
    error: {
      error_type: "ITEM_ERROR",
      error_code: "INVALID_CREDENTIALS",
      error_message: "the provided credentials were not correct",
      display_message: "The provided credentials were not correct. Please try again.",
    },
  };
}

export function institution(id: string): SandboxInstitution | undefined {
  return SANDBOX_INSTITUTIONS.find((i) => i.institution_id === id);
}
