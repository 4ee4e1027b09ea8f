/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";

jest.mock("server-only", () => ({}));
jest.mock("next/link", () => jest.requireActual("@/components/ui/testing/marked-next-link"));
jest.mock("@/components/auth/restricted-processing", () => ({ RestrictedProcessing: () => null }));
jest.mock("@/lib/session/server-session", () => ({
  currentSession: async () => ({ status: "signed-in", username: "u1", claims: { loanState: "rejected" } }),
}));
jest.mock("@/lib/session/signed-in-api", () => ({ signedInApi: async () => ({ client: {} }) }));
const logged: string[] = [];
jest.mock("@/lib/observability/api-failure", () => ({ logApiFailure: async (operation: string) => void logged.push(operation) }));
const reasons = jest.fn();
const decidedAt = jest.fn();
jest.mock("./operations", () => ({ refusalReasons: () => reasons(), refusalDecidedAt: () => decidedAt() }));

import RestrictedNoticePage from "./page";

async function open() {
  render(await RestrictedNoticePage({ searchParams: Promise.resolve({}) }));
}

beforeEach(() => {
  logged.length = 0;
  reasons.mockResolvedValue({ rejectionReason: "Annual income below $15,000", failureReason: "Annual income below $15,000" });
  decidedAt.mockResolvedValue("2026-11-28T09:30:00.000Z");
});

describe("/_restricted for a refused applicant", () => {
  it("names the stored category and the re-apply date, never the stored text", async () => {
    await open();
    expect(screen.getByText("income below our minimum")).toBeInTheDocument();
    expect(screen.getByText("Dec 28, 2026")).toBeInTheDocument();
    expect(screen.queryByText(/\$15,000/)).not.toBeInTheDocument();
    expect(logged).toEqual([]);
  });

  it("an API without the decision time loses the date only, and the failure is logged", async () => {
    decidedAt.mockRejectedValue(new Error("Cannot query field preQualificationDecidedAt"));
    await open();
    expect(screen.getByText("income below our minimum")).toBeInTheDocument();
    expect(screen.getByText(/don't have the date of this decision/)).toBeInTheDocument();
    expect(logged).toEqual(["restrictedRefusalDecidedAt"]);
  });

  it("no reasons readable: says it doesn't have them, keeps the date", async () => {
    reasons.mockRejectedValue(new Error("timeout"));
    await open();
    expect(screen.getByText(/don't have the reason on file/)).toBeInTheDocument();
    expect(screen.getByText("Dec 28, 2026")).toBeInTheDocument();
    expect(logged).toEqual(["restrictedRefusal"]);
  });
});
