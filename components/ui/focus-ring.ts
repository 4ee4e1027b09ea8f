/**
 * Visible keyboard focus (WCAG 2.4.7) without rings on mouse clicks. Brand green on light
 * backgrounds, white on the dark sidebar, both above 3:1 against their background.
 */
export const focusRing = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";
export const focusRingOnDark = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
