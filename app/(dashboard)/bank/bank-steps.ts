/**
 * The steps /bank serves: a funding event may move the application on from them (the server decides
 * where to). At any other step /bank is visited away from the application's step.
 */
export const BANK_STEPS: ReadonlySet<string> = new Set(["fundingAccount", "verifyMD"]);

/** The page's h1; with the step it is also the document title (stepTitle, issue 50). */
export const BANK_HEADING = "Bank account";

/** True where /bank serves the application's current step. */
export const servesBankStep = (step: string | null | undefined): boolean => !!step && BANK_STEPS.has(step);
