/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useNotify } from "@/components/notifications/notifications";
import { logs } from "@/lib/graphql/operations";
import { loadWithTimeout } from "@/lib/browser/chunk-load";
import { amplifyIdToken } from "@/lib/browser/id-token";
import { reloadPage } from "@/lib/browser/reload";
import { resetClientErrorLoggingForTests } from "@/lib/browser/error-logging";
import { AppShell } from "./app-shell";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const SW_UPDATE_RELOAD_MS = 1000;

jest.mock("@/lib/browser/reload", () => ({ reloadPage: jest.fn() }));
jest.mock("@/lib/browser/id-token", () => ({ amplifyIdToken: jest.fn() }));
jest.mock("@/lib/graphql/operations", () => ({ logs: jest.fn(() => Promise.resolve(true)) }));
// Amplify is loaded on demand in the browser; here the token comes straight from the (mocked) reader.
jest.mock("@/lib/auth/amplify-on-demand", () => ({
  idTokenOnDemand: () => jest.requireMock<typeof import("@/lib/browser/id-token")>("@/lib/browser/id-token").amplifyIdToken(),
}));

const URL = "https://api.example.test/graphql";

function installServiceWorkers(count: number) {
  const registrations = Array.from({ length: count }, () => ({
    unregister: jest.fn(() => Promise.resolve(true)),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
  const container = Object.assign(new EventTarget(), { getRegistrations: jest.fn(() => Promise.resolve(registrations)) });
  Object.defineProperty(window.navigator, "serviceWorker", { value: container, configurable: true });
  return { container, registrations };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  resetClientErrorLoggingForTests();
  jest.mocked(amplifyIdToken).mockResolvedValue("id-token");
});
afterEach(() => {
  jest.useRealTimers();
  delete (window.navigator as unknown as Record<string, unknown>).serviceWorker;
  document.head.innerHTML = "";
});

const flush = () =>
  act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });

describe("AppShell", () => {
  it("renders its children and unregisters every service worker once the main thread is idle", async () => {
    const { registrations } = installServiceWorkers(2);
    render(<AppShell graphqlUrl={URL}>page content</AppShell>);
    expect(screen.getByText("page content")).toBeInTheDocument();
    await flush();
    // Not in the task that rendered (jsdom has no requestIdleCallback: the next task).
    for (const reg of registrations) expect(reg.unregister).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(0));
    await flush();
    for (const reg of registrations) expect(reg.unregister).toHaveBeenCalledTimes(1);
  });

  it("reloads 1000 ms after a service worker takes control", async () => {
    const { container } = installServiceWorkers(0);
    render(<AppShell graphqlUrl={URL}>x</AppShell>);
    act(() => jest.advanceTimersByTime(0));
    await flush();
    container.dispatchEvent(new Event("controllerchange"));
    act(() => jest.advanceTimersByTime(SW_UPDATE_RELOAD_MS - 1));
    expect(reloadPage).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("provides notifications", () => {
    function Notifier() {
      const notify = useNotify();
      return (
        <button type="button" onClick={() => notify("Saved")}>
          Save
        </button>
      );
    }
    render(
      <AppShell graphqlUrl={URL}>
        <Notifier />
      </AppShell>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Saved")).toBeInTheDocument();
  });

  it("shows 'This page failed to load' with a retry when a chunk script is still loading after 120 s", async () => {
    render(<AppShell graphqlUrl={URL}>x</AppShell>);
    const script = document.createElement("script");
    script.src = "/_next/static/chunks/slow.js";
    document.head.appendChild(script);
    await flush();
    act(() => jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const dialog = screen.getByRole("dialog", { name: "This page failed to load" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    const retry = screen.getByRole("button", { name: "Retry" });
    expect(retry).toHaveFocus();
    fireEvent.click(retry);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await flush();
    expect(logs).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringContaining("chunk load timed out: http://localhost/_next/static/chunks/slow.js"),
    );
  });

  it("shows the load error when a dynamic import through loadWithTimeout times out", async () => {
    render(<AppShell graphqlUrl={URL}>x</AppShell>);
    await flush();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    pending.catch(() => {});
    act(() => jest.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByRole("dialog", { name: "This page failed to load" })).toBeInTheDocument();
  });

  it("shows the load error at once when a chunk script fails", async () => {
    render(<AppShell graphqlUrl={URL}>x</AppShell>);
    await flush();
    const script = document.createElement("script");
    script.src = "/_next/static/chunks/gone.js";
    document.head.appendChild(script);
    act(() => void script.dispatchEvent(new Event("error")));
    expect(screen.getByRole("dialog", { name: "This page failed to load" })).toBeInTheDocument();
  });

  it("logs uncaught errors without showing them", async () => {
    render(<AppShell graphqlUrl={URL}>x</AppShell>);
    await flush();
    const event = new ErrorEvent("error", { error: new Error("secret server detail"), cancelable: true });
    window.dispatchEvent(event);
    await flush();
    expect(logs).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("Error: secret server detail"));
    expect(screen.queryByText(/secret server detail/)).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
