/**
 * The reference lists and rules the stand-in validates against (SPEC sections 3 and 4). Each has one
 * home, the shell's pure rule modules: a stand-in may import pure lib/ rules (never the reverse), so
 * the two sides cannot drift apart.
 */
export { APPLICATION_SOURCES, LOAN_REASONS, STATE_ABBREVIATIONS } from "../../../lib/personal/reference-lists";
export { loanAmountProblem } from "../../../lib/lending/loan-amount";
export { isServedState } from "../../../lib/lending/service-area";
export { isKnownStep } from "../../../lib/application/steps";
