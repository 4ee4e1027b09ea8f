import type { Hop } from "./chain";
import { compareChains } from "./compare";

const partnerHop: Hop = {
  url: "/PerkSpot",
  status: 307,
  location: "https://app.example/register?partner=perkSpot&utm_source=n",
  decision: "partner/PerkSpot:sign-in-hosted",
};

describe("compareChains", () => {
  it("agrees with itself", () => {
    expect(compareChains([partnerHop], [{ ...partnerHop }])).toEqual([]);
  });

  it("names a changed Location: origin and path", () => {
    const diffs = compareChains([partnerHop], [{ ...partnerHop, location: "https://wrong.example/signup?partner=perkSpot&utm_source=n" }]);
    expect(diffs).toEqual([
      "hop 1 (/PerkSpot) Location origin: expected https://app.example, got https://wrong.example",
      "hop 1 (/PerkSpot) Location path: expected /register, got /signup",
    ]);
  });

  it("names a lost partner tag and a lost utm parameter", () => {
    const diffs = compareChains([partnerHop], [{ ...partnerHop, location: "https://app.example/register" }]);
    expect(diffs).toEqual([
      'hop 1 (/PerkSpot) Location query partner: expected "perkSpot", got (none)',
      'hop 1 (/PerkSpot) Location query utm_source: expected "n", got (none)',
    ]);
  });

  it("names a parameter that leaked where it must not (a redirect to a hosted app)", () => {
    const e: Hop = { url: "/", status: 307, location: "https://app.example/", decision: "home:hosted" };
    expect(compareChains([e], [{ ...e, location: "https://app.example/?redirect=%2Fpayments" }])).toEqual([
      'hop 1 (/) Location query redirect: expected (none), got "/payments"',
    ]);
  });

  it("names a wrong status", () => {
    expect(compareChains([partnerHop], [{ ...partnerHop, status: 308 }])).toEqual(["hop 1 (/PerkSpot) status: expected 307, got 308"]);
    const page: Hop = { url: "/review", status: 404, decision: "not-found" };
    expect(compareChains([page], [{ url: "/review", status: 200, decision: "not-found" }])).toEqual([
      "hop 1 (/review) status: expected 404, got 200",
    ]);
  });

  it("names a missing or different reason header", () => {
    const { decision: _, ...bare } = partnerHop;
    expect(compareChains([partnerHop], [bare])).toEqual([
      'hop 1 (/PerkSpot) x-route-decision: expected "partner/PerkSpot:sign-in-hosted", got (none)',
    ]);
    expect(compareChains([partnerHop], [{ ...partnerHop, decision: "partner/PerkSpot:alias" }])).toEqual([
      'hop 1 (/PerkSpot) x-route-decision: expected "partner/PerkSpot:sign-in-hosted", got "partner/PerkSpot:alias"',
    ]);
  });

  it("names a redirect where a page was expected, and a chain of another length", () => {
    const page: Hop = { url: "/register", status: 200, decision: "register:in-app" };
    expect(compareChains([page], [{ ...page, status: 307, location: "https://app.example/" }])).toEqual([
      "hop 1 (/register) status: expected 200, got 307",
      'hop 1 (/register) Location: expected (none), got "https://app.example/"',
    ]);
    const first: Hop = { url: "/a", status: 307, location: "http://h/b", decision: "a:alias" };
    expect(compareChains([first], [first, { url: "/b", status: 200, decision: "b:in-app" }])).toEqual(["hops: expected 1, got 2, then /b"]);
  });
});
