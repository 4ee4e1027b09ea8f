/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EmbeddedClient, EmbeddedEvent, EmbeddedOpenOptions } from "./hellosign-client";
import { SigningFlow } from "./signing-flow";
import { isAcceptableSigningUrl, isSignatureId, problemFromApiError, signingFailure, type SigningUrlResult } from "./signing-url";

jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ children, ...props }: { children: React.ReactNode; href: string }) => <a {...props}>{children}</a>,
}));

/** A stand-in for hellosign-embedded's client: records open() and lets the test emit its events. */
class FakeClient implements EmbeddedClient {
  handlers = new Map<EmbeddedEvent, ((p?: unknown) => void)[]>();
  opened: { url: string; options?: EmbeddedOpenOptions }[] = [];
  iFrame: HTMLIFrameElement | null = null;
  isOpen = false;
  open(url: string, options?: EmbeddedOpenOptions) {
    this.opened.push({ url, options });
    this.isOpen = true;
    this.iFrame = document.createElement("iframe");
    options?.container?.appendChild(this.iFrame);
  }
  close() {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.iFrame?.remove();
    this.emit("close");
  }
  on(event: EmbeddedEvent, handler: (p?: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  off(event: EmbeddedEvent) {
    this.handlers.delete(event);
  }
  emit(event: EmbeddedEvent, payload?: unknown) {
    for (const h of this.handlers.get(event) ?? []) h(payload);
  }
}

function setup(results: SigningUrlResult[], refresh: () => Promise<boolean> = async () => true, initial?: SigningUrlResult) {
  const clients: FakeClient[] = [];
  const requestUrl = jest.fn(async () => results.shift() ?? signingFailure("unavailable"));
  const createClient = jest.fn(async () => {
    const c = new FakeClient();
    clients.push(c);
    return c;
  });
  const refreshClaims = jest.fn(refresh);
  render(
    <SigningFlow
      signatureId="sig-1"
      clientId="client-1"
      testMode
      requestUrl={requestUrl}
      initial={initial}
      createClient={createClient}
      refreshClaims={refreshClaims}
    />,
  );
  return { clients, requestUrl, createClient, refreshClaims };
}

const URL_1 = "https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t1";
const URL_2 = "https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t2";

it("loads, opens the URL in the page with test mode, names the iframe, and signs: claims refreshed, signed state", async () => {
  const { clients, requestUrl, refreshClaims } = setup([{ ok: true, url: URL_1 }]);
  expect(screen.getByRole("status")).toHaveTextContent("Preparing your contract");
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  expect(requestUrl).toHaveBeenCalledWith("sig-1");
  const { url, options } = clients[0]!.opened[0]!;
  expect(url).toBe(URL_1);
  expect(options).toMatchObject({ allowCancel: true, testMode: true, skipDomainVerification: true });
  expect(screen.getByTestId("signing-frame")).toContainElement(clients[0]!.iFrame);
  expect(clients[0]!.iFrame).toHaveAttribute("title", "Loan contract to sign");
  expect(screen.getByText("Opening your contract…")).toBeInTheDocument();

  act(() => clients[0]!.emit("ready", { signatureId: "sig-1" }));
  expect(screen.getByText("Your contract is ready to sign.")).toBeInTheDocument();

  act(() => {
    clients[0]!.emit("sign", { signatureId: "sig-1" });
    clients[0]!.close(); // the provider closes after signing: not an exit
  });
  const heading = await screen.findByRole("heading", { name: "Your contract is signed" });
  expect(refreshClaims).toHaveBeenCalledTimes(1);
  expect(heading).toHaveFocus();
  expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  expect(screen.queryByText(/may take a moment/)).not.toBeInTheDocument();
});

it("says the dashboard may lag when the claims could not be refreshed", async () => {
  const { clients } = setup([{ ok: true, url: URL_1 }], async () => false);
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  act(() => clients[0]!.emit("sign"));
  expect(await screen.findByText(/may take a moment/)).toBeInTheDocument();
});

it("with the URL the page brought, shows the contract's frame at once and asks for a URL only on a retry", async () => {
  const { clients, requestUrl } = setup([{ ok: true, url: URL_2 }], undefined, { ok: true, url: URL_1 });
  expect(screen.getByTestId("signing-frame")).toBeInTheDocument();
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  expect(clients[0]!.opened[0]!.url).toBe(URL_1);
  expect(requestUrl).not.toHaveBeenCalled();

  act(() => clients[0]!.emit("cancel"));
  await userEvent.click(await screen.findByRole("button", { name: "Try signing again" }));
  await waitFor(() => expect(clients[1]?.opened).toHaveLength(1));
  expect(requestUrl).toHaveBeenCalledTimes(1);
  expect(clients[1]!.opened[0]!.url).toBe(URL_2);
});

it("with a problem the page brought, explains it at once without asking again", async () => {
  const { requestUrl, createClient } = setup([], undefined, signingFailure("already-signed"));
  expect(screen.getByRole("heading", { name: "Your contract is already signed" })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("heading", { name: "Your contract is already signed" })).toHaveFocus());
  expect(requestUrl).not.toHaveBeenCalled();
  expect(createClient).not.toHaveBeenCalled();
});

it.each([
  ["cancel", "closed before the contract was signed"],
  ["close", "closed before the contract was signed"],
  ["decline", "closed before the contract was signed"],
  ["error", "Something went wrong"],
] as const)("a signing exit (%s) gives the fail state; retry asks for a new URL", async (event, text) => {
  const { clients, requestUrl } = setup([
    { ok: true, url: URL_1 },
    { ok: true, url: URL_2 },
  ]);
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  act(() => clients[0]!.emit(event));
  const heading = await screen.findByRole("heading", { name: "Signing was not completed" });
  expect(heading).toHaveFocus();
  expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");

  await userEvent.click(screen.getByRole("button", { name: "Try signing again" }));
  await waitFor(() => expect(clients[1]?.opened).toHaveLength(1));
  expect(requestUrl).toHaveBeenCalledTimes(2);
  expect(clients[1]!.opened[0]!.url).toBe(URL_2);
});

it.each([
  ["not-found", "We couldn't find this contract", "Back to dashboard"],
  ["already-signed", "Your contract is already signed", "Back to dashboard"],
  ["signed-out", "Please sign in again", "Sign in"],
  ["unavailable", "Signing isn't available right now", "Back to dashboard"],
] as const)("a URL problem (%s) is explained, with a way on, and no client is opened", async (reason, title, link) => {
  const { createClient } = setup([signingFailure(reason)]);
  expect(await screen.findByRole("heading", { name: title })).toHaveFocus();
  expect(screen.getByRole("link", { name: link })).toBeInTheDocument();
  if (reason === "signed-out")
    expect(screen.getByRole("link", { name: link })).toHaveAttribute("href", "/login?redirect=%2Fdashboard%3Fcounters%3Dsig-1");
  expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(reason === "unavailable");
  expect(createClient).not.toHaveBeenCalled();
});

it("a client that fails to load gives the fail state, not a hang", async () => {
  const requestUrl = jest.fn(async () => ({ ok: true as const, url: URL_1 }));
  render(
    <SigningFlow
      signatureId="sig-1"
      clientId="c"
      testMode={false}
      requestUrl={requestUrl}
      createClient={() => Promise.reject(new Error("chunk"))}
      refreshClaims={async () => true}
    />,
  );
  expect(await screen.findByRole("heading", { name: "Signing was not completed" })).toBeInTheDocument();
});

it("closes the client when the page goes away", async () => {
  const clients: FakeClient[] = [];
  const { unmount } = render(
    <SigningFlow
      signatureId="sig-1"
      clientId="c"
      testMode
      requestUrl={async () => ({ ok: true, url: URL_1 })}
      createClient={async () => {
        const c = new FakeClient();
        clients.push(c);
        return c;
      }}
      refreshClaims={async () => true}
    />,
  );
  await waitFor(() => expect(clients[0]?.isOpen).toBe(true));
  unmount();
  expect(clients[0]!.isOpen).toBe(false);
});

describe("signing-url helpers", () => {
  it.each([
    ["sig-dd-a10007", true],
    ["abc.DEF_123", true],
    ["", false],
    ["../x", false],
    ["a b", false],
    ["x".repeat(129), false],
    [["a"], false],
  ])("isSignatureId(%j) is %s", (value, ok) => expect(isSignatureId(value)).toBe(ok));

  it("maps counters' errors to the page's reasons", () => {
    expect(problemFromApiError(undefined)).toBe("unavailable");
    expect(problemFromApiError({ status: 401, message: "x" })).toBe("signed-out");
    expect(problemFromApiError({ status: 200, errorType: "ResourceNotFoundException", message: "x" })).toBe("not-found");
    expect(problemFromApiError({ status: 200, errorType: "BadRequestException", message: "x" })).toBe("not-found");
    expect(problemFromApiError({ status: 200, errorType: "ConflictException", message: "x" })).toBe("already-signed");
    expect(problemFromApiError({ status: 200, errorType: "InternalFailure", message: "x" })).toBe("unavailable");
  });

  it("accepts https signing URLs, and the stand-in's origin only locally", () => {
    const local = { localEsignOrigin: "http://localhost:3100" };
    const hosted = {};
    expect(isAcceptableSigningUrl("https://app.hellosign.com/editor/embeddedSign?x=1", hosted)).toBe(true);
    expect(isAcceptableSigningUrl("http://localhost:3100/api/local/esign/editor/embeddedSign", local)).toBe(true);
    expect(isAcceptableSigningUrl("http://localhost:3100/api/local/esign/editor/embeddedSign", hosted)).toBe(false);
    expect(isAcceptableSigningUrl("http://127.0.0.1:3100/api/local/esign/editor/embeddedSign", local)).toBe(false);
    expect(isAcceptableSigningUrl("http://evil.example/x", local)).toBe(false);
    expect(isAcceptableSigningUrl("javascript:alert(1)", local)).toBe(false);
    expect(isAcceptableSigningUrl("not a url", local)).toBe(false);
    expect(isAcceptableSigningUrl(null, local)).toBe(false);
  });
});
