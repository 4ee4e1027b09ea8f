/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fetchAuthSession } from "aws-amplify/auth";
import { userClient } from "@/lib/graphql/client";
import { setEvolveConsent } from "@/lib/graphql/operations";
import { refreshClaims } from "@/lib/auth/refresh-claims";
import { reloadPage } from "@/lib/browser/reload";
import { CredentialsExpiredPopup } from "./credentials-expired-popup";
import { PARTNER_TERMS } from "./partner-terms";
import { UpdatedTermsConsent } from "./updated-terms-consent";
import { ACKNOWLEDGE_FAILED, UpdatedTermsPopup } from "./updated-terms-popup";

jest.mock("@/lib/browser/reload", () => ({ reloadPage: jest.fn() }));
jest.mock("aws-amplify/auth", () => ({ fetchAuthSession: jest.fn() }));
jest.mock("@/lib/graphql/client", () => ({ userClient: jest.fn(() => ({ fake: "client" })) }));
jest.mock("@/lib/graphql/operations", () => ({ setEvolveConsent: jest.fn() }));
jest.mock("@/lib/auth/refresh-claims", () => ({ refreshClaims: jest.fn() }));
// Amplify is loaded on demand in the browser; here the token comes from the real reader over the mocked Amplify.
jest.mock("@/lib/auth/amplify-on-demand", () => ({
  idTokenOnDemand: () => jest.requireActual<typeof import("@/lib/browser/id-token")>("@/lib/browser/id-token").amplifyIdToken(),
}));

const CONFIG = { graphql: { url: "https://api.example.test/graphql", apiKey: "k" } };
const signedInAs = (token: string) =>
  jest.mocked(fetchAuthSession).mockResolvedValue({ tokens: { idToken: { toString: () => token } } } as never);

beforeEach(() => jest.clearAllMocks());

function Page({ children }: { children: React.ReactNode }) {
  return (
    <>
      <main>
        <button type="button">Page button</button>
      </main>
      {children}
    </>
  );
}

describe("UpdatedTermsPopup", () => {
  it("is a modal dialog named by its title, listing every partner document", () => {
    render(<UpdatedTermsPopup open onAcknowledge={jest.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "Updated Terms and Conditions" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    for (const doc of PARTNER_TERMS) {
      const link = screen.getByRole("link", { name: new RegExp(doc.title.replace(/[&]/g, "\\$&")) });
      expect(link).toHaveAttribute("href", doc.href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(PARTNER_TERMS.some((d) => d.owner === "payment-partner")).toBe(true);
    expect(PARTNER_TERMS.some((d) => d.owner === "bank-partner")).toBe(true);
    expect(screen.getByRole("link", { name: /E-Sign Consent/ })).toHaveAttribute("href", "/documents/esign-consent.pdf");
  });

  it("puts focus on the acknowledge button and keeps Tab inside the dialog", async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <UpdatedTermsPopup open onAcknowledge={jest.fn()} />
      </Page>,
    );
    const ack = screen.getByRole("button", { name: "I acknowledge and agree" });
    // Open from the first render: focus moves in the task after it (components/overlays/use-modal-focus.ts).
    await waitFor(() => expect(ack).toHaveFocus());
    expect(screen.getByRole("main", { hidden: true })).toHaveAttribute("inert");
    const dialog = screen.getByRole("dialog");
    for (let i = 0; i < PARTNER_TERMS.length + 3; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it("is not dismissed by a click outside or by Escape", async () => {
    const user = userEvent.setup();
    const onAcknowledge = jest.fn();
    render(<UpdatedTermsPopup open onAcknowledge={onAcknowledge} />);
    await user.click(screen.getByTestId("popup-backdrop"));
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await user.keyboard("{Escape}");
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.getByRole("dialog", { name: "Updated Terms and Conditions" })).toBeInTheDocument();
    expect(onAcknowledge).not.toHaveBeenCalled();
  });

  it("acknowledges from the keyboard, once, while the first acknowledgment is pending", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onAcknowledge = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<UpdatedTermsPopup open onAcknowledge={onAcknowledge} />);
    await user.keyboard("{Enter}");
    const button = screen.getByRole("button", { name: "Saving…" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    await user.click(button);
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole("button", { name: "I acknowledge and agree" })).toBeInTheDocument();
  });

  it("stays open with a generic message when recording fails", async () => {
    const user = userEvent.setup();
    render(<UpdatedTermsPopup open onAcknowledge={() => Promise.reject(new Error("GraphQL: internal 0xDEAD"))} />);
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ACKNOWLEDGE_FAILED);
    expect(screen.queryByText(/0xDEAD/)).not.toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("UpdatedTermsConsent", () => {
  it("shows the popup unless evolveConsent is true", () => {
    const { rerender } = render(<UpdatedTermsConsent evolveConsent={null} config={CONFIG} />);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    rerender(<UpdatedTermsConsent evolveConsent={false} config={CONFIG} />);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    const { container } = render(<UpdatedTermsConsent evolveConsent={true} config={CONFIG} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("acknowledging records consent with the user's ID token, refreshes the claims, then reloads", async () => {
    const user = userEvent.setup();
    signedInAs("id-token-123");
    const order: string[] = [];
    jest.mocked(setEvolveConsent).mockImplementation(async () => (order.push("consent"), true));
    jest.mocked(refreshClaims).mockImplementation(async () => (order.push("claims"), { ok: false, reason: "network" }));
    jest.mocked(reloadPage).mockImplementation(() => void order.push("reload"));
    render(<UpdatedTermsConsent evolveConsent={false} config={CONFIG} />);
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(userClient).toHaveBeenCalledWith("https://api.example.test/graphql", "id-token-123");
    expect(setEvolveConsent).toHaveBeenCalledWith({ fake: "client" }, true);
    expect(order).toEqual(["consent", "claims", "reload"]);
  });

  it("does not reload when nobody is signed in or the API refuses", async () => {
    const user = userEvent.setup();
    jest.mocked(fetchAuthSession).mockResolvedValue({ tokens: undefined } as never);
    render(<UpdatedTermsConsent evolveConsent={null} config={CONFIG} />);
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    expect(await screen.findByText(ACKNOWLEDGE_FAILED)).toBeInTheDocument();
    expect(setEvolveConsent).not.toHaveBeenCalled();

    signedInAs("tok");
    jest.mocked(setEvolveConsent).mockRejectedValue(new Error("network"));
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    await waitFor(() => expect(setEvolveConsent).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(ACKNOWLEDGE_FAILED)).toBeInTheDocument();

    jest.mocked(setEvolveConsent).mockResolvedValue(false);
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    await waitFor(() => expect(setEvolveConsent).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(ACKNOWLEDGE_FAILED)).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(refreshClaims).not.toHaveBeenCalled();
  });

  it("still reloads when the claims refresh itself throws", async () => {
    const user = userEvent.setup();
    signedInAs("tok");
    jest.mocked(setEvolveConsent).mockResolvedValue(true);
    jest.mocked(refreshClaims).mockRejectedValue(new Error("offline"));
    render(<UpdatedTermsConsent evolveConsent={false} config={CONFIG} />);
    await user.click(screen.getByRole("button", { name: "I acknowledge and agree" }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });
});

describe("CredentialsExpiredPopup", () => {
  it("says so in the SPEC 8 words and leads to /login, focused first", async () => {
    render(<CredentialsExpiredPopup open />);
    const dialog = screen.getByRole("dialog", { name: "Account Credentials Expired" });
    expect(dialog).toHaveAccessibleDescription("Your account linking credentials expired. Please login again.");
    const login = screen.getByRole("link", { name: "Log in again" });
    expect(login).toHaveAttribute("href", "/login");
    await waitFor(() => expect(login).toHaveFocus());
  });

  it("with onLoginAgain, 'Log in again' is a focused button that runs it (bank linking's update mode)", async () => {
    const user = userEvent.setup();
    const onLoginAgain = jest.fn();
    render(<CredentialsExpiredPopup open onLoginAgain={onLoginAgain} />);
    expect(screen.queryByRole("link", { name: "Log in again" })).not.toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Log in again" });
    await waitFor(() => expect(button).toHaveFocus());
    await user.click(button);
    expect(onLoginAgain).toHaveBeenCalledTimes(1);
  });

  it("carries the return path to /login", () => {
    render(<CredentialsExpiredPopup open redirectTo="/bank?tab=accounts" />);
    expect(screen.getByRole("link", { name: "Log in again" })).toHaveAttribute("href", "/login?redirect=%2Fbank%3Ftab%3Daccounts");
  });

  it("ignores Escape and outside clicks unless it has an onClose", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CredentialsExpiredPopup open />);
    await user.keyboard("{Escape}");
    await user.click(screen.getByTestId("popup-backdrop"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Not now" })).not.toBeInTheDocument();

    const onClose = jest.fn();
    rerender(<CredentialsExpiredPopup open onClose={onClose} />);
    await user.click(screen.getByTestId("popup-backdrop"));
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole("link", { name: "Log in again" }).focus());
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
