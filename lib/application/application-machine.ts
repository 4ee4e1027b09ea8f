import type { RefusalCode } from "./refusal-codes";
import { ACTIVE_LOAN, OFFER_DETAILS, OFFER_SENT, PAPER_FORM_PENDING, isBlockedStep } from "./steps";

/**
 * The lender's rules over an application as one state machine (issue 49): for each state, the
 * actions that are open and the states each may lead to, and for every other action the reason it
 * is refused. Pure data and pure functions: the stand-in API enforces it (one guard every resolver
 * and stand-in app press calls), the stand-in apps render their buttons from it, and the shell's
 * pages offer only what it opens. docs/lending.md ("The application's state machine") is this table
 * in words: the contract the real lender's API must match.
 */

/** The facts the machine reads: the stored step and the offer's progress. */
export interface ApplicationState {
  step: string;
  offerAccepted: boolean;
  directDepositConfirmed: boolean;
  contractSigned: boolean;
}

export const PHASES = [
  "chooseEmployer",
  "loanDetails",
  "personalInformation",
  "employmentInformation",
  "authPrequal",
  "prequalApprove",
  "consentPage",
  "fundingAccount",
  "uploadIdentity",
  "uploadPaystubs",
  "uploadTenure",
  "verifyMD",
  "completeUnderReview",
  /** 'Offer Sent', the offer not yet accepted (direct deposit may already be confirmed by payroll linking). */
  "offerSent",
  /** Accepted; direct deposit still to confirm. */
  "offerAccepted",
  /** Accepted and direct deposit confirmed: the contract can be signed. */
  "readyToSign",
  /** Signed, waiting for funding. */
  "signed",
  /** Paper Form Confirmation Pending: the employer has the paper direct-deposit form. */
  "paperForm",
  "activeLoan",
  "prequalRej",
  "rejected",
  "blocked",
  /** A step value the machine does not know: nothing is open (fail closed). */
  "unknown",
] as const;
export type Phase = (typeof PHASES)[number];

/** Every write a person (or the lender) can make, named after what it does; each maps to SPEC 7 calls or stand-in app presses. */
export const ACTIONS = {
  chooseEmployer: { by: "applicant", calls: "setEmployer" },
  requestEmployer: { by: "applicant", calls: "requestEmployer" },
  requestLoan: { by: "applicant", calls: "applies" },
  giveIdentity: { by: "applicant", calls: "identifies (name, birth date, SSN, address)" },
  updateContact: { by: "applicant", calls: "identifies (contact fields only)" },
  giveEmployment: { by: "applicant", calls: "employmentInformationNextHandler" },
  moveOn: { by: "applicant", calls: "setApplicationStep (the next step)" },
  goBack: { by: "applicant", calls: "setApplicationStep (the previous step)" },
  checkRate: { by: "applicant", calls: "preQualification" },
  linkPayroll: { by: "applicant", calls: "initializeArgyle, successfulArgyleUpdate" },
  consent: { by: "applicant", calls: "setEvolveConsent" },
  linkBank: { by: "applicant", calls: "createLinkToken, links, checkItemStatus" },
  addAccountByHand: { by: "applicant", calls: "manually" },
  verifyDeposits: { by: "applicant", calls: "verifies" },
  chooseAccount: { by: "applicant", calls: "setActiveFSID" },
  uploadDocument: { by: "applicant", calls: "the lending app's upload" },
  acceptOffer: { by: "applicant", calls: "the offer's Accept (lending app offer page, dashboard app contract page)" },
  confirmDirectDeposit: { by: "applicant", calls: "the lending app's direct-deposit confirmation" },
  signContract: { by: "applicant", calls: "originationPaymentCalculator, counters, the e-signature" },
  setExtraPaymentFlag: { by: "applicant", calls: "setApplyExtraPaymentFlag" },
  completeReview: { by: "lender", calls: "the review (local ops action)" },
  declineApplication: { by: "lender", calls: "the review declines (local ops action)" },
  confirmPaperForm: { by: "lender", calls: "the employer's paper form received (local ops action)" },
  fundLoan: { by: "lender", calls: "origination (local ops action)" },
} as const satisfies Record<string, { by: "applicant" | "lender"; calls: string }>;
export type Action = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

type Open = Partial<Record<Action, readonly Phase[]>>;

const APPLYING = ["chooseEmployer", "loanDetails", "personalInformation", "employmentInformation", "authPrequal"] as const;
const COMPLETING = ["fundingAccount", "uploadIdentity", "uploadPaystubs", "uploadTenure", "verifyMD"] as const;
const UPLOADS = ["uploadIdentity", "uploadPaystubs", "uploadTenure"] as const;

/** The bank account the loan is paid into may change until the contract is signed. */
const bankOpen = (here: Phase): Open => ({
  linkBank: [here],
  addAccountByHand: [here],
  verifyDeposits: [here],
  chooseAccount: [here],
});

/** Consent to the partner bank's terms: given on consentPage, and again whenever the terms change (the updated-terms popup). */
const termsConsent = (here: Phase): Open => ({ consent: [here] });

/** The user steps in order: going back returns to the step on top of the history, one of these. */
const USER_ORDER: readonly Phase[] = [...APPLYING, "prequalApprove", "consentPage", ...COMPLETING];
const before = (here: Phase): Phase[] => USER_ORDER.slice(0, USER_ORDER.indexOf(here));

/**
 * A completing step's own moves: on to the steps after it (step-moves.ts decides which, by what is
 * complete), back, the bank account, payroll linking, and an upload step's upload (which goes on to
 * the next upload, the deposits' check or the review, as the lending app submits).
 */
const completing = (here: Phase, after: readonly Phase[]): Open => ({
  ...bankOpen(here),
  ...termsConsent(here),
  updateContact: [here],
  linkPayroll: [here],
  ...(after.length > 0 ? { moveOn: after } : {}),
  goBack: before(here),
  ...(UPLOADS.includes(here as (typeof UPLOADS)[number]) ? { uploadDocument: [here, ...after, "completeUnderReview"] } : {}),
});

/**
 * THE TABLE: for each phase, its open actions and the phases each may lead to (several where the
 * lender's answer decides, as the rate check's approval or refusal). Anything not listed is closed;
 * refusalFor says why.
 */
export const MACHINE: Readonly<Record<Phase, Open>> = {
  chooseEmployer: { chooseEmployer: ["loanDetails"], requestEmployer: ["chooseEmployer"], updateContact: ["chooseEmployer"] },
  loanDetails: {
    chooseEmployer: ["loanDetails"],
    requestLoan: ["loanDetails"],
    updateContact: ["loanDetails"],
    moveOn: ["personalInformation"],
    goBack: ["chooseEmployer"],
  },
  personalInformation: {
    chooseEmployer: ["personalInformation"],
    requestLoan: ["personalInformation"],
    giveIdentity: ["personalInformation"],
    updateContact: ["personalInformation"],
    moveOn: ["employmentInformation"],
    goBack: ["loanDetails"],
  },
  employmentInformation: {
    chooseEmployer: ["employmentInformation"],
    requestLoan: ["employmentInformation"],
    giveIdentity: ["employmentInformation"],
    updateContact: ["employmentInformation"],
    giveEmployment: ["authPrequal"],
    linkPayroll: ["employmentInformation"],
    moveOn: ["authPrequal"],
    goBack: ["personalInformation"],
  },
  authPrequal: {
    chooseEmployer: ["authPrequal"],
    requestLoan: ["authPrequal"],
    giveIdentity: ["authPrequal"],
    updateContact: ["authPrequal"],
    giveEmployment: ["authPrequal"],
    linkPayroll: ["authPrequal"],
    checkRate: ["prequalApprove", "prequalRej"],
    goBack: ["employmentInformation"],
  },
  prequalApprove: { moveOn: ["consentPage"], updateContact: ["prequalApprove"], linkPayroll: ["prequalApprove"] },
  consentPage: {
    consent: ["consentPage"],
    moveOn: ["fundingAccount"],
    goBack: ["prequalApprove"],
    updateContact: ["consentPage"],
    linkPayroll: ["consentPage"],
  },
  fundingAccount: {
    ...completing("fundingAccount", ["uploadIdentity", "uploadPaystubs", "uploadTenure", "verifyMD"]),
    // The first usable account moves the application on (lib/bank/funding-rules.ts stepAfterFundingEvent).
    linkBank: ["fundingAccount", "uploadIdentity"],
    addAccountByHand: ["fundingAccount", "uploadIdentity"],
  },
  uploadIdentity: completing("uploadIdentity", ["uploadPaystubs", "uploadTenure", "verifyMD"]),
  uploadPaystubs: completing("uploadPaystubs", ["uploadTenure", "verifyMD"]),
  uploadTenure: completing("uploadTenure", ["verifyMD"]),
  verifyMD: {
    ...completing("verifyMD", []),
    verifyDeposits: ["verifyMD", "completeUnderReview"],
  },
  completeUnderReview: {
    ...bankOpen("completeUnderReview"),
    ...termsConsent("completeUnderReview"),
    updateContact: ["completeUnderReview"],
    linkPayroll: ["completeUnderReview"],
    completeReview: ["offerSent"],
    declineApplication: ["rejected"],
  },
  offerSent: {
    ...bankOpen("offerSent"),
    ...termsConsent("offerSent"),
    updateContact: ["offerSent"],
    linkPayroll: ["offerSent"],
    acceptOffer: ["offerAccepted", "readyToSign"],
  },
  offerAccepted: {
    ...bankOpen("offerAccepted"),
    ...termsConsent("offerAccepted"),
    updateContact: ["offerAccepted"],
    linkPayroll: ["offerAccepted", "readyToSign"],
    confirmDirectDeposit: ["readyToSign"],
  },
  readyToSign: { ...bankOpen("readyToSign"), ...termsConsent("readyToSign"), updateContact: ["readyToSign"], signContract: ["signed"] },
  signed: { ...termsConsent("signed"), updateContact: ["signed"], fundLoan: ["activeLoan"] },
  paperForm: {
    ...termsConsent("paperForm"),
    updateContact: ["paperForm"],
    confirmPaperForm: ["offerSent", "offerAccepted", "readyToSign"],
  },
  activeLoan: { ...termsConsent("activeLoan"), updateContact: ["activeLoan"], setExtraPaymentFlag: ["activeLoan"] },
  prequalRej: {},
  rejected: {},
  blocked: {},
  unknown: {},
};

/** Where an application ends: the goal, or a refusal or block whose page says what to do. */
export const END_PHASES: readonly Phase[] = ["activeLoan", "prequalRej", "rejected", "blocked"];
export const GOAL_PHASE: Phase = "activeLoan";

/** The phases that are a stored step of the same name. */
const STEP_PHASES: readonly Phase[] = [
  ...APPLYING,
  "prequalApprove",
  "consentPage",
  ...COMPLETING,
  "completeUnderReview",
  "prequalRej",
  "rejected",
];

/** The machine's facts from the sign-in load (loadFrontend's appInfo); an offer the API says nothing about is not accepted. */
export function applicationStateOf(info: {
  step: string;
  directDepositConfirmed?: boolean | null;
  offer?: { contractSigned?: boolean | null; offerAccepted?: boolean | null } | null;
}): ApplicationState {
  return {
    step: info.step,
    directDepositConfirmed: info.directDepositConfirmed === true,
    offerAccepted: info.offer?.offerAccepted === true,
    contractSigned: info.offer?.contractSigned === true,
  };
}

export function phaseOf(s: ApplicationState): Phase {
  const { step } = s;
  if (isBlockedStep(step)) return "blocked";
  if (step === ACTIVE_LOAN) return "activeLoan";
  if (step === PAPER_FORM_PENDING) return "paperForm";
  if (step === OFFER_SENT || step === OFFER_DETAILS) {
    if (s.contractSigned) return "signed";
    if (!s.offerAccepted) return "offerSent";
    return s.directDepositConfirmed ? "readyToSign" : "offerAccepted";
  }
  return (STEP_PHASES as readonly string[]).includes(step) ? (step as Phase) : "unknown";
}

export function isOpen(s: ApplicationState, action: Action): boolean {
  return Object.hasOwn(MACHINE[phaseOf(s)], action);
}

/** The open actions of a state, in the table's order. */
export function openActions(s: ApplicationState): Action[] {
  return ACTION_NAMES.filter((a) => isOpen(s, a));
}

/** The phases an open action may lead to; empty when it is closed. */
export function leadsTo(s: ApplicationState, action: Action): readonly Phase[] {
  return MACHINE[phaseOf(s)][action] ?? [];
}

/** The decision's inputs may not change once the rate check has decided (the per-field rule: application-rules' decision inputs). */
const DECISION_INPUT_ACTIONS: readonly Action[] = ["chooseEmployer", "requestLoan", "giveIdentity", "giveEmployment"];
const BEFORE_DECISION: readonly Phase[] = APPLYING;
/** Refused, blocked or unknown: nothing is open and nothing will be (until a new application). */
const ENDED_PHASES: readonly Phase[] = ["prequalRej", "rejected", "blocked", "unknown"];
const ORDER: readonly Phase[] = PHASES;

/** The first phase at which an action is open, by the table's order (for "not yet" against "no longer"). */
function firstOpen(action: Action): number {
  return ORDER.findIndex((p) => Object.hasOwn(MACHINE[p], action));
}

/**
 * Why an action is refused in a state, or null when it is open. The order matters: a closed
 * application first (nothing works later), then the decision's locked inputs (a resend of the
 * stored values is still no change: the per-field rule decides), a signed contract, the offer's own
 * preconditions, and last "not yet" (before the action's first phase) or "done" (past its window).
 */
export function refusalFor(s: ApplicationState, action: Action): RefusalCode | null {
  const phase = phaseOf(s);
  if (isOpen(s, action)) return null;
  if (ENDED_PHASES.includes(phase)) return "APPLICATION_CLOSED";
  if (DECISION_INPUT_ACTIONS.includes(action) && !BEFORE_DECISION.includes(phase)) return "DECISION_FACTS_LOCKED";
  if (phase === "signed" || (phase === "activeLoan" && action === "signContract")) return "CONTRACT_SIGNED";
  if (phase === "activeLoan") return "APPLICATION_CLOSED";
  if (action === "signContract") {
    if (phase === "offerSent") return "OFFER_NOT_ACCEPTED";
    if (phase === "offerAccepted") return "DIRECT_DEPOSIT_NOT_CONFIRMED";
  }
  if (action === "confirmDirectDeposit") {
    if (phase === "offerSent") return s.directDepositConfirmed ? "ALREADY_DONE" : "OFFER_NOT_ACCEPTED";
    if (phase === "readyToSign") return "ALREADY_DONE";
  }
  if (action === "acceptOffer" && (phase === "offerAccepted" || phase === "readyToSign")) return "ALREADY_DONE";
  if (action === "linkPayroll" && phase === "readyToSign") return "ALREADY_DONE";
  // Before the action's first phase: not yet. After its window, with the application still going: that part is done.
  const first = firstOpen(action);
  return first === -1 || ORDER.indexOf(phase) < first ? "NOT_YET" : "ALREADY_DONE";
}
