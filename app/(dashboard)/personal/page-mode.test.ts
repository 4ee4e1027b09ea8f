import { NEXT_ROUTE, personalPageMode } from "./page-mode";

describe("what /personal shows for a step", () => {
  it.each([
    ["chooseEmployer", "notYet"],
    ["loanDetails", "loanRequest"],
    ["personalInformation", "personalDetails"],
    ["employmentInformation", "accountSettings"],
    ["authPrequal", "review"],
    ["prequalApprove", "accountSettings"],
    ["completeUnderReview", "accountSettings"],
    ["rejected", "accountSettings"],
    ["Offer Sent", "accountSettings"],
    ["activeLoan", "accountSettings"],
    ["Paper Form Confirmation Pending", "accountSettings"],
    ["applicationBlocked-identity", "accountSettings"],
    ["LOANDETAILS", "accountSettings"], // steps are exact names
  ])("%s -> %s", (step, mode) => {
    expect(personalPageMode(step)).toBe(mode);
  });
  it("each step's submission goes on to the next step through the shell's /apply route", () => {
    expect(NEXT_ROUTE).toEqual({
      loanRequest: { step: "personalInformation", route: "/apply/personalInformation" },
      personalDetails: { step: "employmentInformation", route: "/apply/employmentInformation" },
    });
  });
});
