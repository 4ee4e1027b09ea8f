import type { Claims } from "./claims";
import { auditedChanges, SIGN_IN_WINDOW_SECONDS } from "./claims-audit";
import { testClaims } from "./testing/claims";

const NOW = 1_800_000_000;
const base: Claims = testClaims({ step: "offerDetails", loanState: "in-progress", directDepositConfirmed: true, offerStage: "sent" });
const signed: Claims = { ...base, loanState: "signed" };
const unconsented: Claims = { ...base, evolveConsent: false };

test.each([
  ["first load just after authenticating", undefined, base, NOW - 5, ["sign-in"]],
  ["first load at the window's edge", undefined, base, NOW - SIGN_IN_WINDOW_SECONDS, ["sign-in"]],
  ["first load after the window (claims expired, same session)", undefined, base, NOW - SIGN_IN_WINDOW_SECONDS - 1, []],
  ["auth_time slightly ahead (clock skew)", undefined, base, NOW + 30, ["sign-in"]],
  ["auth_time far ahead", undefined, base, NOW + 3600, []],
  ["token without auth_time", undefined, base, undefined, []],
  ["a reload with claims held", base, base, NOW - 5, []],
  ["consent recorded", unconsented, base, NOW - 3600, ["terms-consent"]],
  ["consent already on record", base, base, NOW - 3600, []],
  ["consent withdrawn (not a consent)", base, unconsented, NOW - 3600, []],
  ["contract signed", base, signed, NOW - 3600, ["contract-signed"]],
  ["signed and funded at once", base, { ...base, loanState: "originated" }, NOW - 3600, ["contract-signed"]],
  ["signed, then funded", signed, { ...base, loanState: "originated" }, NOW - 3600, []],
  ["signed with no claims before (not seen, not guessed)", undefined, signed, NOW - 3600, []],
  ["consent and signature in one load", unconsented, signed, NOW - 3600, ["terms-consent", "contract-signed"]],
] as const)("%s", (_name, before, after, authTime, events) => {
  expect(auditedChanges({ before, after, authTime, nowSeconds: NOW })).toEqual(events);
});
