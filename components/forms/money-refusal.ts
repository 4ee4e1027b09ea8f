/**
 * What a money field refuses, and why, in the person's words. The mask (react-number-format)
 * would otherwise drop a minus sign or a letter without a word, so "-500" became $500 and "4k"
 * became $4 (issue 42). Digits, one decimal point, thousands commas, a dollar sign and spaces are
 * what an amount is typed or pasted with; anything else is refused with the reason.
 */
export const MONEY_REFUSALS = {
  negative: "An amount can't be negative. Type it without a minus sign, for example 4000.",
  letters: (found: string) => `Type the amount in digits, for example 4000 for $4,000 ("${found}" isn't a digit).`,
  other: (found: string) => `Type the amount in digits, for example 4000 ("${found}" can't be part of an amount).`,
} as const;

/** The refusal of text typed or pasted into a money field, or null when the mask may take it. */
export function moneyRefusal(inserted: string | null | undefined): string | null {
  if (!inserted) return null;
  if (inserted.includes("-") || inserted.includes("\u2212")) return MONEY_REFUSALS.negative;
  const letter = /\p{L}/u.exec(inserted);
  if (letter) return MONEY_REFUSALS.letters(letter[0]);
  const other = /[^\d.,$\s]/.exec(inserted);
  return other ? MONEY_REFUSALS.other(other[0]) : null;
}
