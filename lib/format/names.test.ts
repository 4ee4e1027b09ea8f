import { capitalizeName } from "./names";

describe("capitalizeName", () => {
  it.each([
    ["john", "John"],
    ["John", "John"],
    ["mcDonald", "McDonald"],
    ["mary ann", "Mary ann"],
    ["élodie", "Élodie"],
    [" john", " John"],
    ["j", "J"],
    ["'o", "'o"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%p -> %p", (input, expected) => {
    expect(capitalizeName(input)).toBe(expected);
  });
});
