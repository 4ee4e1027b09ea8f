import { PARTNER_PARAM } from "@/lib/routing/route-table";
import {
  DEFAULT_TARGET,
  PARTNER_QUERY,
  loginFor,
  partnerTag,
  returnTarget,
  signInTarget,
  targetPath,
  withPartner,
} from "./redirect-target";

describe("returnTarget", () => {
  it.each([
    [undefined, DEFAULT_TARGET],
    ["", DEFAULT_TARGET],
    ["/payments", "/payments"],
    ["/apply/loanDetails?utm=1", "/apply/loanDetails?utm=1"],
    [["/review", "/other"], "/review"],
    ["//evil.example", DEFAULT_TARGET],
    ["https://evil.example/", DEFAULT_TARGET],
    ["/%2F%2Fevil.example", DEFAULT_TARGET],
    ["/\\evil.example", DEFAULT_TARGET],
    ["javascript:alert(1)", DEFAULT_TARGET],
    ["/login?redirect=/payments", DEFAULT_TARGET],
    ["/register", DEFAULT_TARGET],
    ["/wait-load-redirect?redirect=%2Fpayments", DEFAULT_TARGET],
    ["/_restricted", DEFAULT_TARGET],
    ["/%5Frestricted", DEFAULT_TARGET],
    ["/LOGIN/", DEFAULT_TARGET],
  ])("%p → %s", (raw, target) => expect(returnTarget(raw)).toBe(target));
});

describe("the partner tag survives", () => {
  it("uses the route table's parameter name", () => expect(PARTNER_QUERY).toBe(PARTNER_PARAM));
  it("is added to the target", () => {
    expect(signInTarget(undefined, "perkSpot")).toBe("/dashboard?partner=perkSpot");
    expect(signInTarget("/apply?utm=x", "perkSpot")).toBe("/apply?utm=x&partner=perkSpot");
    expect(withPartner("/apply#top", "ebg")).toBe("/apply?partner=ebg#top");
  });
  it("does not override a partner already in the target", () => {
    expect(withPartner("/apply?partner=lifeMart", "perkSpot")).toBe("/apply?partner=lifeMart");
  });
  it("leaves the target alone without a tag", () => expect(signInTarget("/payments", undefined)).toBe("/payments"));
  it.each([
    ["perkSpot", "perkSpot"],
    [["ebg"], "ebg"],
    ["bad tag", undefined],
    ["<script>", undefined],
    [undefined, undefined],
    ["x".repeat(65), undefined],
  ])("partnerTag(%p) → %p", (raw, tag) => expect(partnerTag(raw)).toBe(tag));
});

describe("loginFor and targetPath", () => {
  it("encodes the target", () => expect(loginFor("/payments?x=1&y=2")).toBe("/login?redirect=%2Fpayments%3Fx%3D1%26y%3D2"));
  it.each([
    ["/apply/loanDetails", "/apply/loanDetails"],
    ["/payments?x=1", "/payments"],
    ["/dashboard#apply", "/dashboard"],
  ])("%s → %s", (t, v) => {
    expect(targetPath(t)).toBe(v);
  });
});
