import { SIGN_URL_VALID_MS, canStillOpen } from "./sign-url";

const MINUTE = 60_000;
const MINTED = Date.UTC(2026, 10, 27, 12, 0, 0);

it.each([
  ["just minted", 0, true],
  ["after 54 minutes", 54 * MINUTE, true],
  ["after 55 minutes (too close to the end to load the client and the frame)", 55 * MINUTE, false],
  ["after the provider's 60 minutes", SIGN_URL_VALID_MS, false],
  ["hours later", 3 * 60 * MINUTE, false],
  ["with the clock set back since (never trusted)", -MINUTE, false],
])("a URL %s can still be opened: %s", (_when, age, expected) => {
  expect(canStillOpen(MINTED, MINTED + age)).toBe(expected);
});
