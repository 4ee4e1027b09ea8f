/**
 * Apply steps a shell page serves: the lending stand-in forwards /apply/<step> straight there (a
 * 303, no page in between). The shell pages never send back to the lending app, so no loop.
 */
export const SHELL_PAGE_OF_STEP: Readonly<Record<string, string>> = {
  chooseEmployer: "/employment",
  employmentInformation: "/employment",
  loanDetails: "/personal",
  personalInformation: "/personal",
  fundingAccount: "/bank",
  verifyMD: "/bank",
};
