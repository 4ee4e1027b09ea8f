import { expect, test } from "./fixtures/console-gate";
import { PERSONAS } from "../local/lender/seed/personas";
import { LOCAL_ORIGIN, pathAndQuery, recordNavigations, signInAs } from "./fixtures/personas";

/**
 * Every seeded persona signs in (signInAs: the stand-in's calls and the claims route, the cookies the
 * form leaves, e2e/auth.spec.ts) and asks for a protected route; each lands
 * where SPEC 2, 4 and 6 say. `via` are hops the chain must pass through, `lands` where it ends
 * (a hosted-app stand-in, or an in-app page). Written from the spec, not from decide().
 */
interface Expectation {
  ask: string;
  via?: string[];
  lands: string;
  /** In-app page: a heading to see there. */
  heading?: string;
}

const DASHBOARD_APP = "/api/local/apps/dashboard";
const LENDING_APP = "/api/local/apps/lending";
const NOT_FOUND = "Ooops! Page not found";

const ROUTED: Record<string, Expectation> = {
  // Not started: /payments needs a signed loan → /restricted (in-app).
  "newcomer@example.com": { ask: "/payments", lands: "/restricted" },
  // A step ahead of the stored one is sent back to the stored step.
  // The lending app serves no page for steps the shell serves: it forwards to the shell's (local/lender/apps/shell-steps.ts).
  "loan-details@example.com": { ask: "/apply/employmentInformation", via: ["/apply/loanDetails"], lands: "/personal" },
  // A step behind the stored one may be opened.
  "employment@example.com": { ask: "/apply/loanDetails", via: ["/apply/loanDetails"], lands: "/personal" },
  // e2e/personal.spec.ts moves these two on to employmentInformation; either way loanDetails is behind.
  "personal@example.com": { ask: "/apply/loanDetails", via: ["/apply/loanDetails"], lands: "/personal" },
  "personal-manual@example.com": { ask: "/apply/loanDetails", via: ["/apply/loanDetails"], lands: "/personal" },
  "prequal-approved@example.com": { ask: "/apply/prequalApprove", lands: `${LENDING_APP}/apply/prequalApprove` },
  "under-review@example.com": { ask: "/apply/authPrequal", lands: `${LENDING_APP}/apply/authPrequal` },
  // Offer Sent: anything but offerDetails goes to /apply/offerDetails.
  "offer-sent@example.com": { ask: "/apply/loanDetails", via: ["/apply/offerDetails"], lands: `${LENDING_APP}/apply/offerDetails` },
  // Offer Sent with direct deposit confirmed: to the contract.
  "offer-dd@example.com": { ask: "/apply/loanDetails", via: ["/offer/contract"], lands: `${DASHBOARD_APP}/contract` },
  // A stored step without an apply page of its own: the apply start.
  "paper-form@example.com": { ask: "/apply/loanDetails", via: ["/apply"], lands: `${LENDING_APP}/apply` },
  // Signed: not-yet-signed routes are closed.
  "signed@example.com": { ask: "/apply", lands: "/_restricted" },
  "borrower@example.com": { ask: "/payments", lands: `${DASHBOARD_APP}/payments` },
  "paid-off@example.com": { ask: "/payments", lands: `${DASHBOARD_APP}/payments` },
  // Rejected: signed-in-required routes are closed.
  "rejected@example.com": { ask: "/apply", lands: "/_restricted" },
  "blocked@example.com": { ask: "/apply", via: ["/applicationBlocked"], lands: `${LENDING_APP}/apply` },
  "admin@lender.example": { ask: "/review", lands: `${DASHBOARD_APP}/review` },
  "collections@lender.example": { ask: "/servicing", lands: `${DASHBOARD_APP}/servicing` },
  "verifications@lender.example": { ask: "/verifications", lands: `${DASHBOARD_APP}/verifications` },
  // Another suite signs this persona's contract; /statements does not depend on it.
  "signer@example.com": { ask: "/statements", lands: `${DASHBOARD_APP}/documents` },
  // A later step is sent back to the stored one, which the shell's /bank serves.
  "funding@example.com": { ask: "/apply/completeUnderReview", via: ["/apply/fundingAccount"], lands: "/bank" },
};

test("every seeded persona has an expectation here", () => {
  expect(PERSONAS.map((p) => p.email).filter((e) => !(e in ROUTED))).toEqual([]);
});

for (const persona of PERSONAS) {
  const want = ROUTED[persona.email];
  test(`${persona.email} (${persona.description}) → ${want?.ask ?? "?"}`, async ({ page }) => {
    test.skip(!want, "no expectation (the test above fails)");
    const { ask, via = [], lands } = want!;
    await signInAs(page, persona.email);
    const hops = recordNavigations(page);
    await page.goto(ask);
    await page.waitForURL(LOCAL_ORIGIN + lands);
    const paths = hops.map(pathAndQuery);
    expect(paths[0]).toBe(ask);
    expect(paths.at(-1)).toBe(lands);
    for (const hop of via) expect(paths).toContain(hop);
    if (!lands.startsWith("/api/local/apps/")) await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test.describe("staff pages for everyone else", () => {
  for (const [email, path] of [
    ["borrower@example.com", "/review"],
    ["newcomer@example.com", "/servicing"],
    ["collections@lender.example", "/verifications"],
    ["verifications@lender.example", "/review"],
  ] as const) {
    test(`${email} on ${path} gets the not-found page`, async ({ page }) => {
      await signInAs(page, email);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
    });
  }
});
