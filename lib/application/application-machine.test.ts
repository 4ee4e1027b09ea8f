import {
  ACTION_NAMES,
  END_PHASES,
  GOAL_PHASE,
  MACHINE,
  PHASES,
  applicationStateOf,
  isOpen,
  leadsTo,
  openActions,
  phaseOf,
  refusalFor,
  type Action,
  type ApplicationState,
  type Phase,
} from "./application-machine";
import { REFUSAL_CODES } from "./refusal-codes";

const at = (step: string, facts: Partial<Omit<ApplicationState, "step">> = {}): ApplicationState => ({
  step,
  offerAccepted: false,
  directDepositConfirmed: false,
  contractSigned: false,
  ...facts,
});

describe("phaseOf: the stored step and the offer's facts", () => {
  it.each<[ApplicationState, Phase]>([
    [at("chooseEmployer"), "chooseEmployer"],
    [at("authPrequal"), "authPrequal"],
    [at("uploadTenure"), "uploadTenure"],
    [at("completeUnderReview"), "completeUnderReview"],
    [at("Offer Sent"), "offerSent"],
    [at("offerDetails"), "offerSent"],
    [at("Offer Sent", { directDepositConfirmed: true }), "offerSent"],
    [at("Offer Sent", { offerAccepted: true }), "offerAccepted"],
    [at("Offer Sent", { offerAccepted: true, directDepositConfirmed: true }), "readyToSign"],
    [at("Offer Sent", { offerAccepted: true, directDepositConfirmed: true, contractSigned: true }), "signed"],
    [at("Paper Form Confirmation Pending"), "paperForm"],
    [at("activeLoan", { contractSigned: true }), "activeLoan"],
    [at("prequalRej"), "prequalRej"],
    [at("rejected"), "rejected"],
    [at("applicationBlocked-identity"), "blocked"],
    [at("offerSent"), "unknown"], // a phase's name is no step
    [at("toString"), "unknown"],
    [at(""), "unknown"],
  ])("%j is %s", (state, phase) => {
    expect(phaseOf(state)).toBe(phase);
  });

  it("reads the sign-in load's facts; an offer the API says nothing about is not accepted", () => {
    expect(applicationStateOf({ step: "Offer Sent", directDepositConfirmed: true, offer: { contractSigned: false } })).toEqual(
      at("Offer Sent", { directDepositConfirmed: true }),
    );
    expect(applicationStateOf({ step: "Offer Sent", offer: { contractSigned: true, offerAccepted: true } })).toEqual(
      at("Offer Sent", { contractSigned: true, offerAccepted: true }),
    );
    expect(applicationStateOf({ step: "loanDetails", directDepositConfirmed: null, offer: null })).toEqual(at("loanDetails"));
  });
});

/** A representative state of each phase. */
const STATE_OF: Record<Exclude<Phase, "unknown">, ApplicationState> = {
  ...(Object.fromEntries(PHASES.map((p) => [p, at(p)])) as Record<Phase, ApplicationState>),
  offerSent: at("Offer Sent"),
  offerAccepted: at("Offer Sent", { offerAccepted: true }),
  readyToSign: at("Offer Sent", { offerAccepted: true, directDepositConfirmed: true }),
  signed: at("Offer Sent", { offerAccepted: true, directDepositConfirmed: true, contractSigned: true }),
  paperForm: at("Paper Form Confirmation Pending"),
  blocked: at("applicationBlocked-identity"),
};
const KNOWN = PHASES.filter((p): p is Exclude<Phase, "unknown"> => p !== "unknown");

describe("the table", () => {
  it("every state of the table is the phase it is listed under", () => {
    for (const p of KNOWN) expect(phaseOf(STATE_OF[p])).toBe(p);
  });

  it("every action is open somewhere, and leads only to known phases", () => {
    for (const action of ACTION_NAMES) expect(KNOWN.filter((p) => isOpen(STATE_OF[p], action))).not.toEqual([]);
    for (const p of PHASES) for (const next of Object.values(MACHINE[p]).flat()) expect(PHASES).toContain(next);
  });

  it("nothing is open at a refusal, a block or an unknown step; only account upkeep once the loan is active", () => {
    for (const p of ["prequalRej", "rejected", "blocked", "unknown"] as const) expect(Object.keys(MACHINE[p])).toEqual([]);
    expect(openActions(STATE_OF.activeLoan).sort()).toEqual(["consent", "setExtraPaymentFlag", "updateContact"]);
  });

  it("no dead end: from every phase that is not an end, some open action leads on, and the goal stays reachable", () => {
    const reachesGoal = (from: Phase): boolean => {
      const seen = new Set<Phase>([from]);
      const queue = [from];
      while (queue.length) {
        const p = queue.shift()!;
        if (p === GOAL_PHASE) return true;
        for (const n of Object.values(MACHINE[p]).flat()) {
          if (!seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
      return false;
    };
    for (const p of KNOWN.filter((q) => !END_PHASES.includes(q))) {
      expect({ p, open: openActions(STATE_OF[p]).length > 0 }).toEqual({ p, open: true });
      expect({ p, reachesGoal: reachesGoal(p) }).toEqual({ p, reachesGoal: true });
    }
  });

  it("the offer: accept, then direct deposit (or payroll linking), then sign, then the lender funds", () => {
    expect(leadsTo(STATE_OF.offerSent, "acceptOffer")).toEqual(["offerAccepted", "readyToSign"]);
    expect(leadsTo(STATE_OF.offerAccepted, "confirmDirectDeposit")).toEqual(["readyToSign"]);
    expect(leadsTo(STATE_OF.offerAccepted, "linkPayroll")).toContain("readyToSign");
    expect(leadsTo(STATE_OF.readyToSign, "signContract")).toEqual(["signed"]);
    expect(leadsTo(STATE_OF.signed, "fundLoan")).toEqual(["activeLoan"]);
    // The payroll-linked path: direct deposit confirmed before the offer, acceptance still first.
    const payrollFirst = at("Offer Sent", { directDepositConfirmed: true });
    expect(openActions(payrollFirst)).toContain("acceptOffer");
    expect(isOpen(payrollFirst, "signContract")).toBe(false);
  });
});

describe("refusalFor: why a closed action is refused", () => {
  it("answers null exactly where the action is open, and a code everywhere else", () => {
    for (const p of PHASES) {
      const state = p === "unknown" ? at("nonsense") : STATE_OF[p];
      for (const action of ACTION_NAMES) {
        const code = refusalFor(state, action);
        if (isOpen(state, action)) expect(code).toBeNull();
        else expect(REFUSAL_CODES).toContain(code);
      }
    }
  });

  it.each<[Phase | ApplicationState, Action, string]>([
    ["offerSent", "signContract", "OFFER_NOT_ACCEPTED"],
    [at("Offer Sent", { directDepositConfirmed: true }), "signContract", "OFFER_NOT_ACCEPTED"],
    ["offerSent", "confirmDirectDeposit", "OFFER_NOT_ACCEPTED"],
    [at("Offer Sent", { directDepositConfirmed: true }), "confirmDirectDeposit", "ALREADY_DONE"],
    ["offerAccepted", "signContract", "DIRECT_DEPOSIT_NOT_CONFIRMED"],
    ["readyToSign", "confirmDirectDeposit", "ALREADY_DONE"],
    ["readyToSign", "acceptOffer", "ALREADY_DONE"],
    ["readyToSign", "linkPayroll", "ALREADY_DONE"],
    ["signed", "signContract", "CONTRACT_SIGNED"],
    ["signed", "linkBank", "CONTRACT_SIGNED"],
    ["signed", "linkPayroll", "CONTRACT_SIGNED"],
    ["activeLoan", "signContract", "CONTRACT_SIGNED"],
    ["activeLoan", "linkBank", "APPLICATION_CLOSED"],
    ["prequalRej", "linkPayroll", "APPLICATION_CLOSED"],
    ["rejected", "addAccountByHand", "APPLICATION_CLOSED"],
    ["rejected", "giveEmployment", "APPLICATION_CLOSED"],
    ["rejected", "updateContact", "APPLICATION_CLOSED"],
    ["blocked", "signContract", "APPLICATION_CLOSED"],
    ["prequalApprove", "giveEmployment", "DECISION_FACTS_LOCKED"],
    ["offerSent", "giveEmployment", "DECISION_FACTS_LOCKED"],
    ["activeLoan", "giveIdentity", "DECISION_FACTS_LOCKED"],
    ["signed", "requestLoan", "DECISION_FACTS_LOCKED"],
    ["completeUnderReview", "chooseEmployer", "DECISION_FACTS_LOCKED"],
    ["chooseEmployer", "linkBank", "NOT_YET"],
    ["chooseEmployer", "giveIdentity", "NOT_YET"],
    ["loanDetails", "checkRate", "NOT_YET"],
    ["personalInformation", "linkPayroll", "NOT_YET"],
    ["authPrequal", "consent", "NOT_YET"],
    ["fundingAccount", "acceptOffer", "NOT_YET"],
    ["prequalApprove", "checkRate", "ALREADY_DONE"],
    ["loanDetails", "requestEmployer", "ALREADY_DONE"],
    ["completeUnderReview", "uploadDocument", "ALREADY_DONE"],
  ])("%j refuses %s with %s", (phase, action, code) => {
    const state = typeof phase === "string" ? STATE_OF[phase as Exclude<Phase, "unknown">] : phase;
    expect(refusalFor(state, action)).toBe(code);
  });
});
