/**
 * Where the lender lends: every state and the District of Columbia, not the territories (it holds
 * no lending licence there). The loan request offers only served states and names the others;
 * `applies` refuses them; prequalification checks again for rows written before this rule.
 */
export const UNSERVED_STATES: readonly string[] = ["AS", "GU", "MP", "PR", "VI"];

export function isServedState(abbreviation: string): boolean {
  return !UNSERVED_STATES.includes(abbreviation);
}
