import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";

/** The id of the main landmark both chrome wrappers render. */
export const MAIN_CONTENT_ID = "main-content";

/** First tab stop: lets keyboard users jump over the top bar and sidebar (WCAG 2.4.1). */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classNames(
        "sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4",
        focusRing,
      )}
    >
      Skip to main content
    </a>
  );
}
