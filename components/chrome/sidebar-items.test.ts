import { hasCompanyEmail, SIDEBAR_ITEMS, sidebarItems } from "./sidebar-items";
import { BORROWER_LABELS, COMPANY_LABELS } from "./testing/sidebar-labels";

const DOMAINS = ["lender.example", "lender-ops.example"];

const labels = (viewer: Parameters<typeof sidebarItems>[0]) => sidebarItems(viewer).map((i) => i.label);

describe("sidebarItems", () => {
  it.each([
    ["a borrower", { email: "jo@school.example" }, BORROWER_LABELS],
    ["a borrower without an e-mail", { email: undefined }, BORROWER_LABELS],
    ["an admin", { adminPortalUser: true, email: "jo@school.example" }, [...BORROWER_LABELS, "Review"]],
    ["company staff", { email: "ops@lender.example" }, [...BORROWER_LABELS, ...COMPANY_LABELS]],
    ["staff on the second domain", { email: "ops@lender-ops.example" }, [...BORROWER_LABELS, ...COMPANY_LABELS]],
    [
      "an admin on a company domain",
      { adminPortalUser: true, email: "ops@LENDER.example" },
      [...BORROWER_LABELS, "Review", ...COMPANY_LABELS],
    ],
    ["a look-alike domain", { email: "x@notlender.example" }, BORROWER_LABELS],
    ["a subdomain", { email: "x@mail.lender.example" }, BORROWER_LABELS],
  ])("%s sees the right items in order", (_, viewer, expected) => {
    expect(labels({ companyEmailDomains: DOMAINS, ...viewer })).toEqual(expected);
  });

  it("shows no company items when no domains are configured", () => {
    expect(labels({ email: "ops@lender.example", companyEmailDomains: [] })).toEqual(BORROWER_LABELS);
  });

  it("uses the shell's own paths", () => {
    expect(Object.fromEntries(SIDEBAR_ITEMS.map((i) => [i.label, i.href]))).toEqual({
      Dashboard: "/dashboard",
      Profile: "/AccountSettings",
      "Document Upload": "/uploadHub",
      "My Loan": "/loan",
      "Transaction History": "/payments",
      "Referral Hub": "/referral",
      "Financial Education": "/education",
      "Financial Hotline": "/hotline",
      Statements: "/statements",
      FAQ: "/FAQ",
      Review: "/review",
      "Counter Signs": "/dashboard-sign",
      Servicing: "/servicing",
      Verifications: "/verifications",
    });
  });
});

describe("hasCompanyEmail", () => {
  it.each([
    ["ops@lender.example", true],
    [" Ops@Lender.Example ", true],
    ["lender.example@evil.example", false],
    ["ops@lender.example.evil", false],
    ["@lender.example", false],
    ["ops@", false],
    ["lender.example", false],
    ["", false],
    [null, false],
  ])("%p -> %p", (email, expected) => {
    expect(hasCompanyEmail(email, DOMAINS)).toBe(expected);
  });

  it("accepts domains configured with a leading @ or in capitals", () => {
    expect(hasCompanyEmail("ops@lender.example", ["@LENDER.example"])).toBe(true);
  });
});
