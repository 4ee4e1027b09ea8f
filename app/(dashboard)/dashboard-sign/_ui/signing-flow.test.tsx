/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EmbeddedClient, EmbeddedEvent, EmbeddedOpenOptions } from "./hellosign-client";
import { SigningFlow } from "./signing-flow";
import { failure } from "@/lib/actions/action-result";
import type { SignedCopyResult, SigningUrlResult } from "../actions";

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

const URL_1 = "https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t1";
const URL_2 = "https://app.hellosign.com/editor/embeddedSign?signature_id=sig-1&token=t2";
const COPY = { url: "/api/local/documents/d1/signed-contract-sig-1.pdf?expires=1&signature=ab", fileName: "signed-contract-sig-1.pdf" };

function setup({
  initial = { ok: true, url: URL_1 },
  results = [],
  refresh = async () => true,
  preload,
  failToLoad = false,
  copies = [{ ok: true, copy: COPY }],
  initialCopy,
  funded,
}: {
  /** What the page brought: by default a URL to open. */
  initial?: SigningUrlResult;
  /** requestUrl's answers, in order. */
  results?: SigningUrlResult[];
  refresh?: () => Promise<boolean>;
  preload?: () => void;
  failToLoad?: boolean;
  /** requestCopy's answers, in order. */
  copies?: SignedCopyResult[];
  initialCopy?: SignedCopyResult;
  funded?: boolean;
} = {}) {
  const requestCopy = jest.fn(async () => copies.shift() ?? failure("failed"));
  const clients: FakeClient[] = [];
  const requestUrl = jest.fn(async () => results.shift() ?? failure("failed"));
  const createClient = Object.assign(
    jest.fn(async () => {
      if (failToLoad) throw new Error("chunk");
      const c = new FakeClient();
      clients.push(c);
      return c;
    }),
    { preload },
  );
  const refreshClaims = jest.fn(refresh);
  const view = render(
    <SigningFlow
      signatureId="sig-1"
      clientId="client-1"
      testMode
      requestUrl={requestUrl}
      initial={initial}
      createClient={createClient}
      refreshClaims={refreshClaims}
      requestCopy={requestCopy}
      initialCopy={initialCopy}
      funded={funded}
    />,
  );
  return { clients, requestUrl, createClient, refreshClaims, requestCopy, view };
}

const openButton = () => screen.getByRole("button", { name: "Open your contract" });

afterEach(() => jest.restoreAllMocks());

it("waits for the reader: no client and no request until they open the contract", async () => {
  const { requestUrl, createClient } = setup();
  expect(screen.getByRole("heading", { name: "Review and sign" })).toBeInTheDocument();
  expect(openButton()).not.toHaveFocus();
  expect(screen.queryByTestId("signing-frame")).not.toBeInTheDocument();
  await act(async () => {}); // effects and microtasks settle
  expect(createClient).not.toHaveBeenCalled();
  expect(requestUrl).not.toHaveBeenCalled();
});

it("opens the page's URL in the page with test mode on the press, names the iframe, and signs: claims refreshed, signed state", async () => {
  const { clients, requestUrl, refreshClaims } = setup();
  await userEvent.click(openButton());
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  expect(requestUrl).not.toHaveBeenCalled();
  const { url, options } = clients[0]!.opened[0]!;
  expect(url).toBe(URL_1);
  expect(options).toMatchObject({ allowCancel: true, testMode: true, skipDomainVerification: true });
  expect(screen.getByTestId("signing-frame")).toContainElement(clients[0]!.iFrame);
  expect(clients[0]!.iFrame).toHaveAttribute("title", "Loan contract to sign");
  expect(screen.getByText("Opening your contract…")).toBeInTheDocument();
  // The pressed button is gone: the focus goes on from the section's heading, not the page's top.
  expect(screen.getByRole("heading", { name: "Review and sign" })).toHaveFocus();

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
  const { clients } = setup({ refresh: async () => false });
  await userEvent.click(openButton());
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  act(() => clients[0]!.emit("sign"));
  expect(await screen.findByText(/may take a moment/)).toBeInTheDocument();
});

it("starts loading the client's code when the reader points at, touches or focuses the button, and makes no client until the press", async () => {
  const preload = jest.fn();
  const { createClient } = setup({ preload });
  await userEvent.hover(openButton());
  expect(preload).toHaveBeenCalled();
  preload.mockClear();
  await userEvent.tab();
  expect(openButton()).toHaveFocus();
  expect(preload).toHaveBeenCalled();
  expect(createClient).not.toHaveBeenCalled();
});

it("back at the page after the URL's hour has nearly passed, the press asks for a fresh URL and opens that", async () => {
  const minted = Date.UTC(2026, 10, 27, 12, 0, 0);
  const now = jest.spyOn(Date, "now").mockReturnValue(minted);
  const { clients, requestUrl } = setup({ results: [{ ok: true, url: URL_2 }] });
  now.mockReturnValue(minted + 56 * 60_000);
  await userEvent.click(openButton());
  await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
  expect(requestUrl).toHaveBeenCalledWith("sig-1");
  expect(clients[0]!.opened[0]!.url).toBe(URL_2);
  expect(screen.getByRole("heading", { name: "Review and sign" })).toHaveFocus();
});

it("with a problem the page brought, explains it at once without asking again", async () => {
  const { requestUrl, createClient } = setup({ initial: failure("conflict") });
  expect(screen.getByRole("heading", { name: "Your contract is already signed" })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("heading", { name: "Your contract is already signed" })).toHaveFocus());
  expect(requestUrl).not.toHaveBeenCalled();
  expect(createClient).not.toHaveBeenCalled();
});

it.each([
  ["cancel", true, "closed before the contract was signed"],
  ["close", true, "closed before the contract was signed"],
  ["decline", true, "closed before the contract was signed"],
  ["error", true, "Something went wrong"],
  // The provider closes a window that never loaded after its timeout: not the person closing it.
  ["close", false, "The signing window could not load"],
  ["error", false, "Something went wrong"],
] as const)(
  "a signing exit (%s, window loaded: %s) gives the fail state; retry asks for a new URL and opens it",
  async (event, loaded, text) => {
    const { clients, requestUrl } = setup({ results: [{ ok: true, url: URL_2 }] });
    await userEvent.click(openButton());
    await waitFor(() => expect(clients[0]?.opened).toHaveLength(1));
    // A bounded wait for the window, shorter than the provider's 30 s default.
    expect(clients[0]!.opened[0]!.options).toMatchObject({ timeout: 15_000 });
    if (loaded) act(() => clients[0]!.emit("ready"));
    act(() => clients[0]!.emit(event));
    const heading = await screen.findByRole("heading", { name: "Signing was not completed" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");

    await userEvent.click(screen.getByRole("button", { name: "Try signing again" }));
    await waitFor(() => expect(clients[1]?.opened).toHaveLength(1));
    expect(requestUrl).toHaveBeenCalledTimes(1);
    expect(clients[1]!.opened[0]!.url).toBe(URL_2);
  },
);

it.each([
  ["not-found", "We couldn't find this contract", "Back to dashboard"],
  ["conflict", "Your contract is already signed", "Back to dashboard"],
  ["signed-out", "Please sign in again", "Sign in"],
  ["failed", "Signing isn't available right now", "Back to dashboard"],
  // Any reason the page has no copy of is "not available right now", with a retry.
  ["refused", "Signing isn't available right now", "Back to dashboard"],
] as const)("a URL problem (%s) is explained, with a way on, and no client is opened", async (reason, title, link) => {
  const { createClient } = setup({ initial: failure(reason) });
  expect(await screen.findByRole("heading", { name: title })).toHaveFocus();
  expect(screen.getByRole("link", { name: link })).toBeInTheDocument();
  if (reason === "signed-out")
    expect(screen.getByRole("link", { name: link })).toHaveAttribute("href", "/login?redirect=%2Fdashboard%3Fcounters%3Dsig-1");
  expect(screen.queryByRole("button", { name: "Try again" }) !== null).toBe(reason === "failed" || reason === "refused");
  expect(createClient).not.toHaveBeenCalled();
});

it("a problem on a fresh URL after a retry is explained too", async () => {
  const { clients, requestUrl } = setup({ initial: failure("failed"), results: [failure("conflict")] });
  await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("heading", { name: "Your contract is already signed" })).toHaveFocus();
  expect(requestUrl).toHaveBeenCalledTimes(1);
  expect(clients).toHaveLength(0);
});

it("a client that fails to load gives the fail state, not a hang", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  setup({ failToLoad: true });
  await userEvent.click(openButton());
  expect(await screen.findByRole("heading", { name: "Signing was not completed" })).toBeInTheDocument();
});

it("closes the client when the page goes away", async () => {
  const { clients, view } = setup();
  await userEvent.click(openButton());
  await waitFor(() => expect(clients[0]?.isOpen).toBe(true));
  view.unmount();
  expect(clients[0]!.isOpen).toBe(false);
});

async function signIn(setupResult: ReturnType<typeof setup>) {
  await userEvent.click(openButton());
  await waitFor(() => expect(setupResult.clients[0]?.opened).toHaveLength(1));
  act(() => setupResult.clients[0]!.emit("sign"));
  await screen.findByRole("heading", { name: "Your contract is signed" });
}

const download = () => screen.findByRole("link", { name: "Download your signed contract (PDF)" });

it("after signing, offers the signed copy from the documents", async () => {
  const flow = setup();
  await signIn(flow);
  expect(await download()).toHaveAttribute("href", COPY.url);
  expect(await download()).toHaveAttribute("download", COPY.fileName);
  expect(flow.requestCopy).toHaveBeenCalledWith("sig-1");
});

/** The sentence that says where the copy also stays, and its links' targets. */
const whereItStays = () => {
  const sentence = screen.getByText(/A copy also stays/);
  return {
    text: sentence.textContent,
    links: Array.from(sentence.querySelectorAll("a")).map((a) => [a.textContent, a.getAttribute("href")]),
  };
};

it("issue 49: just signed (not funded), the copy also stays on the dashboard's contract page and in the documents, linked", async () => {
  await signIn(setup());
  await download();
  expect(whereItStays()).toEqual({
    text: "A copy also stays on your dashboard: on your contract page and in your documents.",
    links: [
      ["your contract page", "/offer/contract"],
      ["your documents", "/statements"],
    ],
  });
});

it("issue 49: an old signing link after funding says the copy stays in the documents, linked", () => {
  setup({ initial: failure("conflict"), initialCopy: { ok: true, copy: COPY }, funded: true });
  expect(whereItStays()).toEqual({
    text: "A copy also stays in your documents on your dashboard.",
    links: [["your documents", "/statements"]],
  });
});

it("issue 49: an old signing link before funding names the contract page too", () => {
  setup({ initial: failure("conflict"), initialCopy: { ok: true, copy: COPY }, funded: false });
  expect(whereItStays().links.map(([, href]) => href)).toEqual(["/offer/contract", "/statements"]);
});

it("while the copy is not filed, says when it will be there; checking again finds it and moves the focus to it", async () => {
  const flow = setup({
    copies: [
      { ok: true, copy: null },
      { ok: true, copy: null },
      { ok: true, copy: COPY },
    ],
  });
  await signIn(flow);
  expect(await screen.findByText(/will be in your documents within 5 minutes/)).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: /Download/ })).not.toBeInTheDocument();
  const check = () => screen.getByRole("button", { name: "Check for your signed copy" });
  await userEvent.click(check());
  expect(await screen.findByText(/It isn't there yet\./)).toBeInTheDocument();
  await userEvent.click(check());
  expect(await download()).toHaveFocus();
  expect(flow.requestCopy).toHaveBeenCalledTimes(3);
});

it("when the documents cannot be read, says the contract is signed and offers to check again", async () => {
  const flow = setup({ copies: [failure("failed"), { ok: true, copy: COPY }] });
  await signIn(flow);
  expect(await screen.findByText(/couldn't check your documents just now/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Check for your signed copy" }));
  expect(await download()).toBeInTheDocument();
});

it("a contract already signed on arrival offers the copy the page found, without asking again", async () => {
  const flow = setup({ initial: failure("conflict"), initialCopy: { ok: true, copy: COPY } });
  expect(screen.getByRole("link", { name: "Download your signed contract (PDF)" })).toHaveAttribute("href", COPY.url);
  await act(async () => {});
  expect(flow.requestCopy).not.toHaveBeenCalled();
});
