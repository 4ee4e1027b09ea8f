/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { deadlineActionBody, deadlineFormText } from "@/lib/observability/deadline-answer";
import { EmploymentPage, type EmploymentPageProps } from "./employment-page";
import type { EmployerHit } from "./employer-selection";

/**
 * Issue 51: the employer's choice (setEmployer) is a write outside the form kit. When its server
 * action throws instead of answering — cut by the request deadline, or the network — the page answers
 * the search with its own words (the deadline's with the request id), so the search says it and is usable again.
 */
const mockChoose = jest.fn();
jest.mock("../actions", () => ({
  checkIslandAction: jest.fn(),
  chooseEmployerAction: (...args: unknown[]) => mockChoose(...args),
  finishPayrollLinkAction: jest.fn(),
  saveEmploymentAction: jest.fn(),
  startPayrollLinkAction: jest.fn(),
}));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshAndFollow: jest.fn(async () => null) }));
// The search as the page uses it: a choice, and the answer the page gives back shown under it.
jest.mock("./employer-search", () => ({
  EmployerSearch: ({ onChosen }: { onChosen: (hit: EmployerHit) => Promise<string | null> }) => {
    const [said, setSaid] = useState<string | null>(null);
    return (
      <>
        <button type="button" onClick={() => void onChosen({ objectID: "1001", name: "Metro Unified" } as EmployerHit).then(setSaid)}>
          Choose Metro Unified
        </button>
        <p data-testid="said">{said}</p>
      </>
    );
  },
}));

const props = {
  view: "choose",
  employer: null,
  employment: null,
  step: "chooseEmployer",
  config: { appEnv: "local", algolia: null },
  serverOrigin: "http://localhost",
  argyleScriptUrl: "/argyle.js",
} as unknown as EmploymentPageProps;

beforeEach(() => mockChoose.mockReset());

it("a choice cut by the request deadline is answered with the deadline's words and the reference", async () => {
  mockChoose.mockRejectedValueOnce(new Error(deadlineActionBody("req-deadline-3456")));
  render(<EmploymentPage {...props} />);
  await userEvent.click(await screen.findByRole("button", { name: "Choose Metro Unified" }));
  expect(await screen.findByText(deadlineFormText("req-deadline-3456"))).toBeInTheDocument();
});

it("a choice whose request failed on the network is answered with the page's own failure words", async () => {
  mockChoose.mockRejectedValueOnce(new TypeError("Failed to fetch"));
  render(<EmploymentPage {...props} />);
  await userEvent.click(await screen.findByRole("button", { name: "Choose Metro Unified" }));
  expect(await screen.findByTestId("said")).toHaveTextContent("We could not save your changes. Please try again.");
});
