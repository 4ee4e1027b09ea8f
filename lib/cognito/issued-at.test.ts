import { MAX_CLOCK_SKEW_SECONDS, issuedInThePast } from "./issued-at";

const NOW = 1_800_000_000;

it.each<[string, unknown, boolean]>([
  ["an hour ago", NOW - 3600, true],
  ["now", NOW, true],
  ["within the skew ahead", NOW + MAX_CLOCK_SKEW_SECONDS, true],
  ["a second past the skew", NOW + MAX_CLOCK_SKEW_SECONDS + 1, false],
  ["missing", undefined, false],
  ["a string", String(NOW), false],
  ["not a number", Number.NaN, false],
  ["infinitely far back", -Infinity, false],
])("a token issued %s: %p", (_when, iat, want) => {
  expect(issuedInThePast(iat, NOW)).toBe(want);
});
