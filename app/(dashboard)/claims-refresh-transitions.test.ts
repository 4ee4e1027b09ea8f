/**
 * Issue 11 item 7, the shell's side: after every call of the shell that changes the step or the
 * loan state, the claims the edge guards read are refreshed (POST /api/session/claims) before the
 * browser moves on. One row per transition; each runs the shell's own code that follows the call
 * (only the API answers and the browser's fetch/location are stood in for). The local apps' side
 * (check my rate, consent, uploads, review, offer, direct deposit, origination) is
 * local/lender/apps/claims-refresh-transitions.integration.test.ts; the signing flow's use of its refresher is pinned
 * in app/(dashboard)/dashboard-sign/_ui/signing-flow.test.tsx.
 */
import { CLAIMS_ENDPOINT } from "@/lib/auth/refresh-claims";

const finishPayrollLinkAction = jest.fn();
jest.mock("@/app/(dashboard)/employment/actions", () => ({
  finishPayrollLinkAction: (id: string) => finishPayrollLinkAction(id),
  checkIslandAction: jest.fn(),
  chooseEmployerAction: jest.fn(),
  saveEmploymentAction: jest.fn(),
  startPayrollLinkAction: jest.fn(),
}));
jest.mock("@/app/(dashboard)/bank/actions", () => ({}));
const setEvolveConsent = jest.fn();
jest.mock("@/lib/graphql/operations", () => ({
  setEvolveConsent: (client: unknown, consent: boolean) => setEvolveConsent(client, consent),
}));
jest.mock("@/lib/graphql/client", () => ({ userClient: () => ({}) }));
jest.mock("@/lib/auth/amplify-on-demand", () => ({ idTokenOnDemand: async () => "the.id.token" }));

import { followFundingChange } from "@/app/(dashboard)/bank/_ui/bank-page";
import { afterEmploymentSaved, finishPayrollLink, followNextRoute } from "@/app/(dashboard)/employment/_ui/employment-page";
import { afterSubmit } from "@/app/(dashboard)/personal/_ui/after-submit";
import { acknowledgeUpdatedTerms } from "@/components/popups/updated-terms-consent";
import { postClaimsRefresh } from "@/app/(dashboard)/dashboard-sign/_ui/signing-flow";

const fetchMock = jest.fn();
const assign = jest.fn();
const reload = jest.fn();
/** The step the refreshed claims carry (what the API now says). */
let stepAfter = "chooseEmployer";

beforeAll(() => {
  (globalThis as { window?: unknown }).window = { location: { assign, reload } };
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockImplementation(async () => Response.json({ claims: { step: stepAfter }, load: { applicationStep: stepAfter } }));
  finishPayrollLinkAction.mockResolvedValue({ ok: true });
  setEvolveConsent.mockResolvedValue(true);
});

const helpers = { setFieldError: jest.fn(), setFormError: jest.fn(), clearDraft: jest.fn() } as never;

interface Row {
  transition: string;
  /** The step the API holds after the call. */
  after: string;
  run: () => Promise<unknown>;
  /** The API call the shell's code makes itself before refreshing, if any. */
  call?: jest.Mock;
  /** Where the browser goes next: a path, "reload", or null (it stays). */
  next: string | "reload" | null;
}

const ROWS: Row[] = [
  {
    transition: "setEmployer → nextRoute (/employment, employer chosen)",
    after: "loanDetails",
    run: () => followNextRoute("loanDetails"),
    next: "/apply/loanDetails",
  },
  {
    transition: "applies (/personal, loan request)",
    after: "personalInformation",
    run: () => afterSubmit({ ok: true, next: "/apply/personalInformation" }, helpers),
    next: "/apply/personalInformation",
  },
  {
    transition: "identifies (/personal, personal details)",
    after: "employmentInformation",
    run: () => afterSubmit({ ok: true, next: "/apply/employmentInformation" }, helpers),
    next: "/apply/employmentInformation",
  },
  {
    transition: "identifies with accountSettings (/personal, contact details; SPEC 7: followed by a refresh)",
    after: "activeLoan",
    run: () => afterSubmit({ ok: true }, helpers),
    next: null,
  },
  {
    transition: "employmentInformationNextHandler → nextRoute (/employment, job details)",
    after: "authPrequal",
    run: () => followNextRoute("authPrequal"),
    // The review of the application comes before the rate check.
    next: "/personal",
  },
  {
    transition: "employmentInformationNextHandler → nextRoute, saved on the page's own path",
    after: "authPrequal",
    run: () => afterEmploymentSaved("authPrequal", false),
    // The review of the application comes before the rate check.
    next: "/personal",
  },
  {
    transition: "employmentInformationNextHandler with pay stubs required: refreshed at once, while the notice waits",
    after: "authPrequal",
    run: () => afterEmploymentSaved("authPrequal", true),
    next: null,
  },
  {
    transition: "employmentInformationNextHandler → nextRoute, followed after the pay-stubs notice",
    after: "authPrequal",
    run: () => followNextRoute("/apply/authPrequal"),
    // The review of the application comes before the rate check.
    next: "/personal",
  },
  {
    transition: "successfulArgyleUpdate (/employment, payroll linked: direct deposit confirmed)",
    after: "employmentInformation",
    run: () => finishPayrollLink("argyle-user-1"),
    call: finishPayrollLinkAction,
    next: null,
  },
  {
    transition: "links / manually at fundingAccount (/bank)",
    after: "uploadIdentity",
    run: () => followFundingChange("fundingAccount"),
    next: "/apply/uploadIdentity",
  },
  {
    transition: "verifies at verifyMD (/bank, micro-deposits)",
    after: "completeUnderReview",
    run: () => followFundingChange("verifyMD"),
    next: "/apply/completeUnderReview",
  },
  {
    transition: "links at fundingAccount when the step does not move (/bank)",
    after: "fundingAccount",
    run: () => followFundingChange("fundingAccount"),
    next: null,
  },
  {
    transition: "setEvolveConsent (updated-terms popup)",
    after: "fundingAccount",
    run: () => acknowledgeUpdatedTerms("http://127.0.0.1/api/local/graphql"),
    call: setEvolveConsent,
    next: "reload",
  },
  {
    transition: "signing at /dashboard-sign (counters → contract signed)",
    after: "Offer Sent",
    run: () => postClaimsRefresh(),
    next: null,
  },
];

const claimsPosts = () =>
  fetchMock.mock.calls.filter(([url, init]) => url === CLAIMS_ENDPOINT && (init as RequestInit | undefined)?.method === "POST");

describe.each(ROWS)("$transition", ({ after, run, call, next }) => {
  it("refreshes the claims once, after the call and before the browser moves on", async () => {
    stepAfter = after;
    await run();
    expect(claimsPosts()).toHaveLength(1);
    const refreshedAt = fetchMock.mock.invocationCallOrder[fetchMock.mock.calls.findIndex(([url]) => url === CLAIMS_ENDPOINT)]!;
    if (call) {
      expect(call).toHaveBeenCalledTimes(1);
      expect(call.mock.invocationCallOrder[0]!).toBeLessThan(refreshedAt);
    }
    if (next === null) {
      expect(assign).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
    } else if (next === "reload") {
      expect(reload).toHaveBeenCalledTimes(1);
      expect(reload.mock.invocationCallOrder[0]!).toBeGreaterThan(refreshedAt);
    } else {
      expect(assign).toHaveBeenCalledWith(next);
      expect(assign.mock.invocationCallOrder[0]!).toBeGreaterThan(refreshedAt);
    }
  });
});

describe("no change, no refresh", () => {
  it.each([
    ["a next route that is not a route (the step did not move)", () => followNextRoute(null)],
    ["employment saved without a step move (a borrower's edit)", () => afterEmploymentSaved(null, false)],
    ["a bank change at a step a funding event does not move (consentPage)", () => followFundingChange("consentPage")],
    [
      "payroll linking that failed",
      async () => {
        finishPayrollLinkAction.mockResolvedValueOnce({ ok: false });
        await finishPayrollLink("argyle-user-1");
      },
    ],
    ["a /personal form the API refused", () => afterSubmit({ ok: false, reason: "failed" }, helpers)],
  ])("%s", async (_name, run) => {
    await run();
    expect(claimsPosts()).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("consent the API did not confirm: no refresh, no reload", async () => {
    setEvolveConsent.mockResolvedValueOnce(false);
    await expect(acknowledgeUpdatedTerms("http://127.0.0.1/api/local/graphql")).rejects.toThrow("consent not confirmed");
    expect(claimsPosts()).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
