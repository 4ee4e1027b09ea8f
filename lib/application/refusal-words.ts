import type { RefusalCode } from "./refusal-codes";

/**
 * What a person is told when the lender's rules refuse an action, by reason (issue 49 item 5):
 * closed for good, not yet, or what to do first — never "try again later" for something that will
 * not work later. The stand-in apps show these too; each page may add its own link.
 */
export const REFUSAL_WORDS: Readonly<Record<RefusalCode, string>> = {
  APPLICATION_CLOSED: "Your application is closed, so this can't be done. Your dashboard says why and what you can do next.",
  NOT_YET: "This comes later in your application. Finish the step you are on first.",
  OFFER_NOT_ACCEPTED: "Accept your offer first: direct deposit and signing come after it.",
  DIRECT_DEPOSIT_NOT_CONFIRMED: "Confirm your direct deposit before signing the contract.",
  DECISION_FACTS_LOCKED:
    "This was part of your rate check, so it can't be changed now. If it is wrong, contact support and we will help you correct it.",
  CONTRACT_SIGNED: "Your contract is signed, so this can't be changed now.",
  ALREADY_DONE: "This is already done: there is nothing more to do here.",
  NOT_OFFERED: "This isn't available for your application.",
};

/** Where the person can do what the refusal asks for first (a shell route the edge sends on), if anywhere. */
export const REFUSAL_NEXT: Readonly<Partial<Record<RefusalCode, { href: string; label: string }>>> = {
  APPLICATION_CLOSED: { href: "/dashboard", label: "Go to your dashboard" },
  NOT_YET: { href: "/apply", label: "Go to your current step" },
  OFFER_NOT_ACCEPTED: { href: "/offer/contract", label: "Review and accept your offer" },
  DIRECT_DEPOSIT_NOT_CONFIRMED: { href: "/offer/directDeposit", label: "Set up direct deposit" },
};
