import { UNSERVED_STATES, isServedState } from "@/lib/lending/service-area";
import { US_STATES } from "./reference-lists";

/**
 * US states as /personal's forms offer and name them: the served ones, the note on the others, and
 * the home-state rule's words. Apart from the schemas so a form can show them before zod loads
 * (issue 24); the schemas (schemas.ts) check with the same words.
 */

/** The states the lender serves (lib/lending/service-area), as the loan request offers them. */
export const SERVED_STATES = US_STATES.filter((s) => isServedState(s.abbreviation));

const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`);

/** A state's name from its code ("ME" -> "Maine"); the code itself when unknown. */
export function stateName(code: string): string {
  return US_STATES.find((s) => s.abbreviation === code)?.name ?? code;
}

/** Said beside the state of residence, so nobody learns it from a refusal later. */
export const UNSERVED_STATES_NOTE = `We lend in every state and the District of Columbia, not in ${listed(UNSERVED_STATES.map(stateName))}.`;

/**
 * The home address must be in the state of residence given on the loan request: the rate check and
 * the loan's terms use that state, so a different home state would make the application contradict
 * itself. What the address's State field says before anything is typed, and its error.
 */
export function homeStateHint(stateOfResidence: string): string {
  return `Must be ${stateName(stateOfResidence)}, the state of residence on your loan request`;
}
export function homeStateError(addrStateAbbr: string | null | undefined, stateOfResidence: string | null | undefined): string | undefined {
  if (!stateOfResidence || !addrStateAbbr || addrStateAbbr === stateOfResidence) return undefined;
  const rule = `Your home address must be in ${stateName(stateOfResidence)}, the state of residence on your loan request`;
  // The earlier answer may be the wrong one (issue 42: Maine chosen as the employer's state): the
  // message says how to change it, and the form offers the change beside it (residenceChangeTo).
  return isServedState(addrStateAbbr)
    ? `${rule}. If you live in ${stateName(addrStateAbbr)}, change your state of residence to ${stateName(addrStateAbbr)}.`
    : `${rule}. We don't lend in ${stateName(addrStateAbbr)}.`;
}

/** The state of residence that would end a home-state conflict: the address's, where the lender serves it. */
export function residenceChangeTo(
  addrStateAbbr: string | null | undefined,
  stateOfResidence: string | null | undefined,
): string | undefined {
  if (!homeStateError(addrStateAbbr, stateOfResidence) || !addrStateAbbr || !isServedState(addrStateAbbr)) return undefined;
  return addrStateAbbr;
}

/**
 * The review's change of the state of residence is refused while the saved home address is
 * elsewhere: the two must agree, and the address is changed in "Your details" on the same page.
 */
export function residenceChangeError(newState: string, addrStateAbbr: string | null | undefined): string | undefined {
  if (!addrStateAbbr || newState === addrStateAbbr) return undefined;
  return `Your home address is in ${stateName(addrStateAbbr)}. Change your address in "Your details" first, then your state of residence.`;
}

/** The state of a Places suggestion's secondary text ("Springfield, IL, USA"), when it names one. */
export function suggestionState(secondary: string): string | undefined {
  const parts = secondary.split(",").map((p) => p.trim().replace(/\s+\d{5}(-\d{4})?$/, ""));
  const codes = new Set(US_STATES.map((s) => s.abbreviation));
  return parts.reverse().find((p) => codes.has(p));
}

/**
 * What the address list says beside a place the rules would refuse (issue 42): a state the lender
 * does not serve, or a state other than the loan request's. Marked, not hidden: someone who lives
 * there needs to see their address and the fix (ResidenceFix) that choosing it offers.
 */
export function suggestionNote(secondary: string, stateOfResidence: string | null | undefined): string | undefined {
  const state = suggestionState(secondary);
  if (!state) return undefined;
  if (!isServedState(state)) return `We don't lend in ${stateName(state)}`;
  if (stateOfResidence && state !== stateOfResidence) {
    return `Not in ${stateName(stateOfResidence)}, your state of residence: choosing it offers to change that`;
  }
  return undefined;
}
