import { isServedState, UNSERVED_STATES } from "./service-area";

describe("where the lender lends", () => {
  test("not the territories", () => {
    expect(UNSERVED_STATES).toEqual(["AS", "GU", "MP", "PR", "VI"]);
  });

  test.each([
    ["IL", true],
    ["ME", true],
    ["DC", true],
    ["CA", true],
    ["AS", false],
    ["GU", false],
    ["MP", false],
    ["PR", false],
    ["VI", false],
  ])("%s served: %p", (state, served) => {
    expect(isServedState(state)).toBe(served);
  });
});
