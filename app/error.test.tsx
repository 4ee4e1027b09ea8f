/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import ErrorPage from "@/app/error";
import GlobalError from "@/app/global-error";
import { logs } from "@/lib/graphql/operations";
import { configureClientErrorLogging, resetClientErrorLoggingForTests } from "@/lib/browser/error-logging";
import { amplifyIdToken } from "@/lib/browser/id-token";
import { reloadPage } from "@/lib/browser/reload";
import { ERROR_TEXT, ERROR_TITLE } from "@/components/app-shell/error-fallback";

jest.mock("@/lib/browser/reload", () => ({ reloadPage: jest.fn() }));
jest.mock("@/lib/browser/id-token", () => ({ amplifyIdToken: jest.fn() }));
jest.mock("@/lib/graphql/operations", () => ({ logs: jest.fn(() => Promise.resolve(true)) }));
// Amplify is loaded on demand in the browser; here the token comes straight from the (mocked) reader.
jest.mock("@/lib/auth/amplify-on-demand", () => ({
  idTokenOnDemand: () => jest.requireMock<typeof import("@/lib/browser/id-token")>("@/lib/browser/id-token").amplifyIdToken(),
}));

const SERVER_TEXT = 'relation "applications" does not exist at db-7.internal';
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

beforeEach(() => {
  jest.clearAllMocks();
  resetClientErrorLoggingForTests();
  configureClientErrorLogging({ graphqlUrl: "https://api.example.test/graphql" });
  jest.mocked(amplifyIdToken).mockResolvedValue("id-token");
});

describe("app/error.tsx", () => {
  it("shows generic words, never the error's text, and logs the error", async () => {
    render(<ErrorPage error={new Error(SERVER_TEXT)} reset={jest.fn()} />);
    expect(screen.getByRole("heading", { name: ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXT)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/does not exist|db-7/);
    await flush();
    expect(logs).toHaveBeenCalledWith(expect.anything(), expect.stringContaining(SERVER_TEXT));
  });

  it("retries with retry() when Next gives it, else reset(), and links to the dashboard", () => {
    const reset = jest.fn();
    const retry = jest.fn();
    const { unmount } = render(<ErrorPage error={new Error("x")} reset={reset} retry={retry} />);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(reset).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
    unmount();
    render(<ErrorPage error={new Error("x")} reset={reset} />);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("treats a chunk load error as 'This page failed to load', retried by reloading", async () => {
    const reset = jest.fn();
    const error = Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" });
    render(<ErrorPage error={error} reset={reset} />);
    expect(screen.getByRole("heading", { name: "This page failed to load" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(reset).not.toHaveBeenCalled();
    await flush();
    expect(logs).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/^client chunk at /));
  });

  it("copes with a thrown non-Error value", () => {
    render(<ErrorPage error={"plain string thrown"} reset={jest.fn()} />);
    expect(screen.getByRole("heading", { name: ERROR_TITLE })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("plain string thrown");
  });
});

describe("app/global-error.tsx", () => {
  it("renders its own document with the same generic fallback", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {}); // <html> inside a div
    const retry = jest.fn();
    render(<GlobalError error={new Error(SERVER_TEXT)} reset={jest.fn()} retry={retry} />);
    expect(screen.getByRole("heading", { name: ERROR_TITLE })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/db-7/);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

describe("the reference a borrower reads to support", () => {
  afterEach(() => document.head.querySelector('meta[name="request-id"]')?.remove());

  it("is a server error's digest, which onRequestError logs with the request id", async () => {
    const meta = Object.assign(document.createElement("meta"), { name: "request-id", content: "req-page-0001" });
    document.head.append(meta);
    render(<ErrorPage error={Object.assign(new Error("x"), { digest: "2739127461" })} reset={jest.fn()} />);
    expect(await screen.findByText("2739127461")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("req-page-0001");
  });

  it("is the page's request id for an error without a digest", async () => {
    const meta = Object.assign(document.createElement("meta"), { name: "request-id", content: "req-page-0001" });
    document.head.append(meta);
    render(<ErrorPage error={new Error("x")} reset={jest.fn()} />);
    expect(await screen.findByText("req-page-0001")).toBeInTheDocument();
    await flush();
    expect(logs).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("(request req-page-0001)"));
  });

  it("is left out when there is neither", async () => {
    render(<GlobalError error={new Error("x")} reset={jest.fn()} />);
    await flush();
    expect(document.body).not.toHaveTextContent(/reference/i);
  });
});
