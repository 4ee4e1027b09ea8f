import { findInvalidText, hasInvalidText } from "./invalid-text";

describe("invalid text", () => {
  it.each(["a\u0000b", "\uD800", "x\uDC00", "\uDBFFa"])("%j is invalid", (s) => expect(hasInvalidText(s)).toBe(true));
  it.each(["", "plain", "é", "💩", "\u0001tab\t"])("%j is fine", (s) => expect(hasInvalidText(s)).toBe(false));
  it("names the field", () => {
    expect(findInvalidText({ ClientId: "c", UserAttributes: [{ Name: "email", Value: "a\u0000b" }] })).toBe("UserAttributes[0].Value");
    expect(findInvalidText({ requests: [{ query: "ok" }, { query: "\uD800" }] })).toBe("requests[1].query");
    expect(findInvalidText({ "k\u0000": 1 })).toBe("k\u0000");
    expect(findInvalidText("\u0000")).toBe("(body)");
    expect(findInvalidText({ a: [1, null, { b: "fine" }] })).toBeUndefined();
  });
});
