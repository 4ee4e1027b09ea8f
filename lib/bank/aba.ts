/**
 * ABA routing transit numbers: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple
 * of 10. The check catches every single-digit typo and most swaps of neighbouring digits.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * WEIGHTS[i]!;
  return sum % 10 === 0;
}

/** Why a routing number is refused, or null when it is acceptable. */
export function routingNumberProblem(value: string): string | null {
  if (!/^\d*$/.test(value)) return "Routing number must contain digits only";
  if (value.length !== 9) return "Routing number must be 9 digits";
  if (!isValidRoutingNumber(value)) return "This is not a valid routing number; check it against a cheque or your bank";
  return null;
}
