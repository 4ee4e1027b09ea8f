import { MONEY_REFUSALS, moneyRefusal } from "./money-refusal";

describe("moneyRefusal: what a money field refuses, with its reason", () => {
  it.each([
    ["-500", MONEY_REFUSALS.negative],
    ["-", MONEY_REFUSALS.negative],
    ["\u2212500", MONEY_REFUSALS.negative],
    ["4k", MONEY_REFUSALS.letters("k")],
    ["k", MONEY_REFUSALS.letters("k")],
    ["4,000 USD", MONEY_REFUSALS.letters("U")],
    ["4e3", MONEY_REFUSALS.letters("e")],
    ["4000%", MONEY_REFUSALS.other("%")],
    ["4+1", MONEY_REFUSALS.other("+")],
  ])("%p is refused", (text, message) => expect(moneyRefusal(text)).toBe(message));

  it.each(["4000", "4,000", "$4,000.50", " 4 000 ", ".5", "", null, undefined])("%p is the mask's to take", (text) =>
    expect(moneyRefusal(text)).toBeNull(),
  );
});
