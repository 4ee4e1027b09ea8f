/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { reloadPage } from "@/lib/browser/reload";
import { LOADING_MESSAGES, LoadingOverlay, loadingVariantFor } from "./loading-overlay";
import { PROCESSING_DETAIL, PROCESSING_MESSAGE, ProcessingOverlay } from "./processing-overlay";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const LOADING_HINT_MS = 15_000;
const OVERLAY_TRANSITION_MS = 200;
const PROCESSING_HINT_MS = 8000;

jest.mock("@/lib/browser/reload", () => ({ reloadPage: jest.fn() }));

const STILL = "Still Loading?";
const HINT = "It looks like there was a problem loading this page. Please try again.";

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(reloadPage).mockClear();
});
afterEach(() => {
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe("LoadingOverlay", () => {
  it("shows the SPEC 8 apply and loan wordings", () => {
    const { rerender } = render(<LoadingOverlay open variant="apply" />);
    expect(
      screen.getByText("Please wait a second while we load your loan application information. We'll start where you left off last time..."),
    ).toBeInTheDocument();
    rerender(<LoadingOverlay open variant="loan" />);
    expect(
      screen.getByText(
        "Please wait a second while we load your loan and payments information. We'll start where you left off last time...",
      ),
    ).toBeInTheDocument();
  });

  it("is a modal dialog named by its message, busy, with focus inside", () => {
    render(<LoadingOverlay open variant="loan" />);
    const dialog = screen.getByRole("dialog", { name: LOADING_MESSAGES.loan });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAttribute("aria-busy", "true");
    // Open from the first render (the page is hydrating): focus and inertness come in the next task.
    expect(dialog).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(0));
    expect(dialog).toHaveFocus();
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
  });

  it("offers a reload only after 15000 ms open", () => {
    render(<LoadingOverlay open variant="apply" />);
    advance(LOADING_HINT_MS - 1);
    expect(screen.queryByText(STILL)).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole("status")).toHaveTextContent(STILL);
    expect(screen.getByRole("status")).toHaveTextContent(HINT);
    expect(screen.getByRole("dialog")).toHaveAttribute("aria-busy", "false");
    fireEvent.click(screen.getByRole("button", { name: "Reload the page" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("restarts the 15 s count when closed and opened again", () => {
    const { rerender } = render(<LoadingOverlay open variant="apply" />);
    advance(LOADING_HINT_MS - 1000);
    rerender(<LoadingOverlay open={false} variant="apply" />);
    advance(OVERLAY_TRANSITION_MS);
    rerender(<LoadingOverlay open variant="apply" />);
    advance(LOADING_HINT_MS - 1000);
    expect(screen.queryByText(STILL)).not.toBeInTheDocument();
    advance(1000);
    expect(screen.getByText(STILL)).toBeInTheDocument();
  });

  it("fades out over 200 ms before leaving the DOM", () => {
    const { rerender } = render(<LoadingOverlay open variant="loan" />);
    expect(screen.getByRole("dialog")).toHaveClass("opacity-100");
    rerender(<LoadingOverlay open={false} variant="loan" />);
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveClass("opacity-0");
    expect(dialog).toHaveStyle({ transitionDuration: `${OVERLAY_TRANSITION_MS}ms` });
    advance(OVERLAY_TRANSITION_MS - 1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("fades in from opacity 0 when opened after mount", () => {
    const { rerender } = render(<LoadingOverlay open={false} variant="loan" />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    rerender(<LoadingOverlay open variant="loan" />);
    expect(screen.getByRole("dialog")).toHaveClass("opacity-0");
    advance(20); // one animation frame
    expect(screen.getByRole("dialog")).toHaveClass("opacity-100");
  });

  it("appears and disappears without a transition when reduced motion is preferred", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query.includes("prefers-reduced-motion"),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    try {
      const { rerender } = render(<LoadingOverlay open variant="loan" />);
      expect(screen.getByRole("dialog")).toHaveStyle({ transitionDuration: "0ms" });
      rerender(<LoadingOverlay open={false} variant="loan" />);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it("makes the page behind inert while open and gives focus back when it closes", () => {
    function Page({ open }: { open: boolean }) {
      return (
        <>
          <main>
            <button type="button">Behind</button>
          </main>
          <LoadingOverlay open={open} variant="loan" />
        </>
      );
    }
    const { rerender } = render(<Page open={false} />);
    const behind = screen.getByRole("button", { name: "Behind" });
    behind.focus();
    rerender(<Page open />);
    expect(behind.closest("main")).toHaveAttribute("inert");
    expect(screen.getByRole("dialog")).toHaveFocus();
    // Tab with nothing focusable inside keeps focus on the dialog.
    fireEvent.keyDown(document, { key: "Tab" });
    expect(screen.getByRole("dialog")).toHaveFocus();
    rerender(<Page open={false} />);
    advance(OVERLAY_TRANSITION_MS);
    expect(behind.closest("main")).not.toHaveAttribute("inert");
    expect(behind).toHaveFocus();
  });
});

describe("ProcessingOverlay", () => {
  it("shows both SPEC 8 texts, the second describing the dialog", () => {
    render(<ProcessingOverlay open />);
    expect(PROCESSING_MESSAGE).toBe("Please wait while we verify your information.");
    expect(PROCESSING_DETAIL).toBe(
      "The product is verifying your identity, income, address, and pulling your credit history. This may take a few minutes.",
    );
    const dialog = screen.getByRole("dialog", { name: PROCESSING_MESSAGE });
    expect(dialog).toHaveAccessibleDescription(PROCESSING_DETAIL);
  });

  it("offers a reload after 8000 ms, not before, reachable with Tab and kept inside", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ProcessingOverlay open />);
    advance(PROCESSING_HINT_MS - 1);
    expect(screen.queryByText(STILL)).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText(STILL)).toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    const reload = screen.getByRole("button", { name: "Reload the page" });
    await user.tab();
    expect(reload).toHaveFocus();
    await user.tab();
    expect(reload).toHaveFocus();
    await user.tab({ shift: true });
    expect(reload).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("renders nothing when closed", () => {
    const { container } = render(<ProcessingOverlay open={false} />);
    advance(PROCESSING_HINT_MS);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("loadingVariantFor", () => {
  it("uses the apply wording on apply paths and the loan wording elsewhere", () => {
    expect(loadingVariantFor("/apply/loanDetails")).toBe("apply");
    expect(loadingVariantFor("/Apply")).toBe("apply");
    expect(loadingVariantFor("/loan-details")).toBe("loan");
    expect(loadingVariantFor("/")).toBe("loan");
  });
});
