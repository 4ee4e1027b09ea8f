import { classNames } from "./class-names";
import { focusRing } from "./focus-ring";

/**
 * The look of a primary action, for a button or a link that acts as one. Kept outside the form
 * kit's client modules: a server component importing a value from a "use client" module gets a
 * client reference, not the string, and its link would render unstyled.
 */
export const primaryButtonClass = classNames(
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-70",
  focusRing,
);
