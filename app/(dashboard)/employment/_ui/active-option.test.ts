import { keepActive, moveActive, type ActiveKey } from "./active-option";

describe("keepActive: a new answer arriving while an option is active", () => {
  it.each<[string, string[], ActiveKey, ActiveKey]>([
    ["keeps the same employer when it is still listed, at the same place", ["8000", "8001"], "8000", "8000"],
    ["keeps the same employer when it moved", ["8001", "8002", "8000"], "8000", "8000"],
    ["clears it when the employer is gone", ["8001", "8002"], "8000", null],
    ["clears it when the list is empty", [], "8000", null],
    ["stays cleared when nothing was active", ["8000"], null, null],
  ])("%s", (_, keys, active, expected) => {
    expect(keepActive(keys, active)).toBe(expected);
  });
});

describe("moveActive: arrow keys", () => {
  const keys = ["a", "b", "c"];
  it.each<[ActiveKey, "down" | "up", ActiveKey]>([
    [null, "down", "a"],
    ["a", "down", "b"],
    ["c", "down", "a"],
    [null, "up", "c"],
    ["a", "up", "c"],
    ["c", "up", "b"],
    // An active key no longer in the list behaves as none.
    ["gone", "down", "a"],
    ["gone", "up", "c"],
  ])("from %s, %s → %s", (active, direction, expected) => {
    expect(moveActive(keys, active, direction)).toBe(expected);
  });

  it("has nothing to move to in an empty list", () => {
    expect(moveActive([], null, "down")).toBeNull();
    expect(moveActive([], "a", "up")).toBeNull();
  });
});
