import { stepTitle } from "@/components/progress/step-heading";
import { ACTIVE_LOAN, APPLICATION_BLOCKED, OFFER_DETAILS, OFFER_SENT, PAPER_FORM_PENDING, STEP_RANK } from "@/lib/application/steps";
import { BANK_HEADING, servesBankStep } from "./bank/bank-steps";
import { EMPLOYMENT_HEADINGS, employmentView } from "./employment/page-view";
import { PERSONAL_HEADINGS, personalPageMode } from "./personal/page-mode";

/**
 * Issue 50: what a screen reader announces when a page loads is its title, so every state of the
 * application's pages has its own: two different views never share a title, whatever the step.
 * (Every page state of e2e/in-app-pages.ts, these and the static ones, is loaded and compared in
 * e2e/screen-reader.spec.ts.)
 */
const STEPS = [...Object.keys(STEP_RANK), OFFER_SENT, OFFER_DETAILS, ACTIVE_LOAN, PAPER_FORM_PENDING, APPLICATION_BLOCKED];

/** Each view of each step page at `step`, named by route and view, with its title. */
function viewsAt(step: string): [view: string, title: string][] {
  const personal = personalPageMode(step);
  const employment = employmentView(step, true);
  return [
    [`/personal ${personal}`, stepTitle(PERSONAL_HEADINGS[personal].heading, step, PERSONAL_HEADINGS[personal].here)],
    [`/employment ${employment}`, stepTitle(EMPLOYMENT_HEADINGS[employment].heading, step, EMPLOYMENT_HEADINGS[employment].here)],
    // No employer yet: the search, whatever the step says.
    ["/employment choose", stepTitle(EMPLOYMENT_HEADINGS.choose.heading, step, EMPLOYMENT_HEADINGS.choose.here)],
    [`/bank ${servesBankStep(step) ? "at its step" : "away from it"}`, stepTitle(BANK_HEADING, step, servesBankStep(step))],
  ];
}

it("no two views share a title at any step, and a view's title names the step only where the page serves it", () => {
  const viewOfTitle = new Map<string, string>();
  for (const step of STEPS) {
    for (const [view, title] of viewsAt(step)) {
      const other = viewOfTitle.get(title);
      expect({ title, view: other ?? view }).toEqual({ title, view });
      viewOfTitle.set(title, view);
    }
  }
  // The step pages' titles, as a person hears them on arrival.
  expect(viewsAt("chooseEmployer")[1]![1]).toBe("Who is your employer? — Step 1 of 10");
  expect(viewsAt("loanDetails")[0]![1]).toBe("Tell us about your loan — Step 2 of 10");
  expect(viewsAt("personalInformation")[0]![1]).toBe("Tell us about yourself — Step 3 of 10");
  expect(viewsAt("employmentInformation")[1]![1]).toBe("Tell us about your job — Step 4 of 10");
  expect(viewsAt("authPrequal")[0]![1]).toBe("Review your application — Step 5 of 10");
  expect(viewsAt("fundingAccount")[3]![1]).toBe("Bank account — Step 7 of 10");
  expect(viewsAt("verifyMD")[3]![1]).toBe("Bank account — Step 8 of 10");
  // Away from their step: no step in the title (the saved employment, the account, /bank for a borrower).
  expect(viewsAt(ACTIVE_LOAN).map(([, title]) => title)).toEqual([
    "Your account",
    "Your employment",
    "Who is your employer?",
    "Bank account",
  ]);
});
