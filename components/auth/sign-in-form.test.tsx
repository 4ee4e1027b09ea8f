/** @jest-environment jsdom */
import "@/lib/auth/testing/jsdom-text-encoder";
import "@testing-library/jest-dom";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AuthFlowError, classifyAuthError } from "@/lib/auth/auth-errors";
import { TEST_PUBLIC_CONFIG } from "@/lib/config/testing/public-config";
import { SignInForm } from "./sign-in-form";
import type { SignInServices } from "./sign-in-services";

jest.mock("@/lib/auth/amplify", () => ({ configureAmplify: jest.fn() }));

const config = TEST_PUBLIC_CONFIG;

const flowError = (name: string, message: string) => new AuthFlowError(classifyAuthError(Object.assign(new Error(message), { name })));

function services(overrides: Partial<SignInServices> = {}): jest.Mocked<SignInServices> {
  return {
    registerAccount: jest.fn(async () => ({ created: true })),
    startSignIn: jest.fn(async () => ({ destination: "n***@e***" })),
    answerCode: jest.fn(async () => ({ status: "signed-in" as const })),
    currentUserIdToken: jest.fn(async () => undefined),
    signOutOfAmplify: jest.fn(async () => undefined),
    refreshClaims: jest.fn(async () => ({ ok: true as const, claims: {} as never, load: {} as never })),
    logOriginTracking: jest.fn(async () => true),
    justRegistered: jest.fn(async () => true),
    navigate: jest.fn(),
    logError: jest.fn(),
    ...overrides,
  } as jest.Mocked<SignInServices>;
}

// The pending sign-in is kept in the tab (sessionStorage): each test starts with a fresh tab.
beforeEach(() => sessionStorage.clear());

async function typeIdentifier(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string, button: RegExp) {
  await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole("button", { name: button }));
}

describe("register", () => {
  it("signs up, signs in with the code, records the partner, loads the account and goes to the target with the tag", async () => {
    const s = services();
    // The session exists only once the code is accepted.
    s.answerCode.mockImplementation(async () => {
      s.currentUserIdToken.mockResolvedValue("id.jwt");
      return { status: "signed-in" };
    });
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} redirect="/apply" partner="perkSpot" services={s} />);
    await waitFor(() => expect(s.currentUserIdToken).toHaveBeenCalled());
    await typeIdentifier(user, /e-mail address/i, "New@Example.com", /sign up/i);
    expect(s.registerAccount).toHaveBeenCalledWith("new@example.com");
    expect(s.startSignIn).toHaveBeenCalledWith("new@example.com");

    const code = await screen.findByLabelText(/verification code/i);
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByText("n***@e***")).toBeInTheDocument();
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/apply?partner=perkSpot"));
    expect(s.answerCode).toHaveBeenCalledWith("123456");
    expect(s.logOriginTracking).toHaveBeenCalledWith("http://api.test/graphql", "id.jwt", "perkSpot");
    // SPEC 7: once, with the route the person arrived for (no partner tag), before the account loads.
    expect(s.justRegistered).toHaveBeenCalledTimes(1);
    expect(s.justRegistered).toHaveBeenCalledWith("http://api.test/graphql", "id.jwt", "/apply");
    expect(s.justRegistered.mock.invocationCallOrder[0]).toBeLessThan(s.refreshClaims.mock.invocationCallOrder[0]!);
    expect(s.refreshClaims).toHaveBeenCalled();
  });

  it("an existing e-mail signs in directly, and records no origin", async () => {
    const s = services({ registerAccount: jest.fn(async () => ({ created: false })) });
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} partner="ebg" services={s} />);
    await typeIdentifier(user, /e-mail address/i, "borrower@example.com", /sign up/i);
    await user.type(await screen.findByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/dashboard?partner=ebg"));
    expect(s.logOriginTracking).not.toHaveBeenCalled();
    expect(s.justRegistered).not.toHaveBeenCalled();
  });

  it("refuses a phone number on register, keeps what was typed", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} services={s} />);
    await typeIdentifier(user, /e-mail address/i, "5552345678", /sign up/i);
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid e-mail address");
    expect(screen.getByLabelText(/e-mail address/i)).toHaveValue("5552345678");
    expect(screen.getByLabelText(/e-mail address/i)).toHaveAttribute("aria-invalid", "true");
    expect(s.registerAccount).not.toHaveBeenCalled();
  });

  it("clears the error below the field once what is typed is valid, not before", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} services={s} />);
    const field = screen.getByLabelText(/e-mail address/i);
    await typeIdentifier(user, /e-mail address/i, "jane@", /sign up/i);
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter a valid e-mail address");
    await user.type(field, "example");
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await user.type(field, ".com");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "false");
    expect(s.registerAccount).not.toHaveBeenCalled();
  });
});

describe("login", () => {
  it("an empty identifier is refused before anything is sent", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await user.click(screen.getByRole("button", { name: /send my code/i }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter your e-mail address or mobile phone number.");
    expect(s.startSignIn).not.toHaveBeenCalled();
  });

  it("a phone number is sent as +1 and ten digits", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "(555) 234-5678", /send my code/i);
    expect(s.startSignIn).toHaveBeenCalledWith("+15552345678");
    expect(s.registerAccount).not.toHaveBeenCalled();
  });

  it("never reveals whether an account exists: an unknown one gets the same pages and messages as wrong codes", async () => {
    /** What the visitor sees at each step, for a login whose identity provider answers as `s`. */
    async function walk(s: jest.Mocked<SignInServices>): Promise<string[]> {
      const user = userEvent.setup();
      const view = render(<SignInForm mode="login" config={config} redirect="/payments" services={s} />);
      const seen: string[] = [];
      await typeIdentifier(user, /e-mail or mobile/i, "someone@example.com", /send my code/i);
      const code = await screen.findByLabelText(/verification code/i);
      seen.push(screen.getByRole("region").textContent ?? "");
      for (let i = 0; i < 3; i++) {
        await user.clear(screen.getByLabelText(/verification code/i));
        await user.type(screen.getByLabelText(/verification code/i), "123456");
        await user.click(screen.getByRole("button", { name: "Verify" }));
        seen.push((await screen.findByRole("alert")).textContent ?? "");
      }
      expect(code).not.toBeInTheDocument(); // the third wrong code ends the attempt
      seen.push(screen.getByRole("region").textContent ?? "");
      view.unmount();
      return seen;
    }
    const account = services();
    account.answerCode
      .mockResolvedValueOnce({ status: "wrong-code" })
      .mockResolvedValueOnce({ status: "wrong-code" })
      .mockRejectedValueOnce(flowError("NotAuthorizedException", "Incorrect username or password."));
    const noAccount = services({
      startSignIn: jest.fn(async () => Promise.reject(flowError("UserNotFoundException", "User does not exist."))),
    });
    const withAccount = await walk(account);
    const without = await walk(noAccount);
    expect(without).toEqual(withAccount);
    expect(withAccount[0]).toContain("If someone@example.com belongs to an account, we sent a 6-digit code to its e-mail address.");
    expect(withAccount.slice(1, 3)).toEqual([
      "That code is not right. Check the message and try again (2 tries left).",
      "That code is not right. Check the message and try again (1 try left).",
    ]);
    expect(withAccount[3]).toContain("Too many wrong codes");
    expect(without.join(" ")).not.toMatch(/could not find|does not exist|no account/i);
    expect(noAccount.answerCode).not.toHaveBeenCalled();
  }, 20_000); // two whole sign-in walks

  it("a phone number another account has gets words of its own on sign-up", async () => {
    const s = services({
      registerAccount: jest.fn(async () =>
        Promise.reject(flowError("AliasExistsException", "An account with the given phone_number already exists.")),
      ),
    });
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} services={s} />);
    await typeIdentifier(user, /e-mail address/i, "jane+test5552345678@example.com", /sign up/i);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Another account already uses the phone number of this address. Log in with that account, or sign up with a different e-mail address.",
    );
    expect(alert).not.toHaveTextContent("phone_number");
    expect(s.startSignIn).not.toHaveBeenCalled();
  });

  it.each([
    ["this address sends too many (TooManyRequestsException)", "TooManyRequestsException", "Too many requests"],
    ["the account waits (LimitExceededException)", "LimitExceededException", "Attempt limit exceeded, please try after some time."],
  ])("a throttled sign-in says to wait, in its own words, when %s", async (_, name, message) => {
    const s = services({ startSignIn: jest.fn(async () => Promise.reject(flowError(name, message))) });
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "someone@example.com", /send my code/i);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Too many attempts. Please wait a few minutes and try again.");
    expect(alert).not.toHaveTextContent(message);
  });

  it("a wrong code keeps the code and counts tries; the right one signs in", async () => {
    const s = services();
    s.answerCode.mockResolvedValueOnce({ status: "wrong-code" }).mockResolvedValueOnce({ status: "signed-in" });
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} redirect="/payments" services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    const code = await screen.findByLabelText(/verification code/i);
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. Check the message and try again (2 tries left).");
    expect(code).toHaveValue("111111");
    await user.clear(code);
    await user.type(code, "222222");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/payments"));
  });

  it('the code field takes six digits only: letters never appear, a pasted "123 456" fills it whole', async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    const code = await screen.findByLabelText(/verification code/i);
    expect(code).toHaveAttribute("inputmode", "numeric");
    await user.type(code, "1a2b3");
    expect(code).toHaveValue("123");
    await user.clear(code);
    await user.click(code);
    await user.paste("123 456");
    expect(code).toHaveValue("123456");
    await user.type(code, "7");
    expect(code).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(s.answerCode).toHaveBeenCalledWith("123456"));
  });

  it("a malformed code is refused before it is sent", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    await user.type(await screen.findByLabelText(/verification code/i), "12ab");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter the 6-digit code");
    expect(s.answerCode).not.toHaveBeenCalled();
  });

  it("an expired code offers a new one, sent to the same identifier", async () => {
    const s = services();
    s.answerCode.mockRejectedValueOnce(flowError("NotAuthorizedException", "Invalid session for the user, session is expired."));
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "Borrower@Example.com", /send my code/i);
    await user.type(await screen.findByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code has expired. Send a new code to continue.");
    await user.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByRole("status")).toHaveTextContent("We sent you a new code");
    expect(s.startSignIn).toHaveBeenNthCalledWith(2, "borrower@example.com");
    expect(screen.getByLabelText(/verification code/i)).toHaveValue("");
  });

  it("too many wrong codes start over, with the identifier kept", async () => {
    const s = services();
    s.answerCode.mockRejectedValueOnce(flowError("NotAuthorizedException", "Incorrect username or password."));
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    await user.type(await screen.findByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many wrong codes");
    expect(screen.getByLabelText(/e-mail or mobile/i)).toHaveValue("borrower@example.com");
  });

  it("a failed load after the code offers a retry, then goes on", async () => {
    const s = services();
    s.refreshClaims.mockResolvedValueOnce({ ok: false, reason: "load-failed" });
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    await user.type(await screen.findByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your account");
    expect(s.navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/dashboard"));
  });

  it("a session still good in this browser finishes without a code", async () => {
    const s = services({ currentUserIdToken: jest.fn(async () => "id.jwt") });
    render(<SignInForm mode="login" config={config} redirect="/review" services={s} />);
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/review"));
    expect(s.startSignIn).not.toHaveBeenCalled();
  });

  it("never follows an unsafe redirect", async () => {
    const s = services({ currentUserIdToken: jest.fn(async () => "id.jwt") });
    render(<SignInForm mode="login" config={config} redirect="//evil.example/x" services={s} />);
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/dashboard"));
  });
});

/** Issue 49: the code screen survives a reload; every new code says that earlier ones no longer work. */
describe("a reload, and codes sent again", () => {
  it("a reload on the code screen comes back to it with a fresh code, says so, and never kept the code", async () => {
    const s = services();
    const user = userEvent.setup();
    const first = render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "Borrower@Example.com", /send my code/i);
    await user.type(await screen.findByLabelText(/verification code/i), "654321");
    expect(JSON.stringify({ ...sessionStorage })).not.toContain("654321");
    first.unmount(); // the reload

    render(<SignInForm mode="login" config={config} services={s} />);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "The page was reloaded, so we sent you a new code. Earlier codes no longer work.",
    );
    expect(screen.getByRole("heading", { name: "Enter your code" })).toBeInTheDocument();
    expect(screen.getByText("Borrower@Example.com")).toBeInTheDocument();
    expect(s.startSignIn).toHaveBeenNthCalledWith(2, "borrower@example.com");
    expect(screen.getByLabelText(/verification code/i)).toHaveValue("");
    await user.type(screen.getByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/dashboard"));
    // Signed in: nothing is pending any more.
    expect(sessionStorage.length).toBe(0);
  });

  it("a new account's registration is still announced after a reload on the code screen", async () => {
    const s = services();
    s.answerCode.mockImplementation(async () => {
      s.currentUserIdToken.mockResolvedValue("id.jwt");
      return { status: "signed-in" };
    });
    const user = userEvent.setup();
    const first = render(<SignInForm mode="register" config={config} redirect="/apply" partner="perkSpot" services={s} />);
    await typeIdentifier(user, /e-mail address/i, "new@example.com", /sign up/i);
    await screen.findByLabelText(/verification code/i);
    first.unmount();

    render(<SignInForm mode="register" config={config} redirect="/apply" partner="perkSpot" services={s} />);
    await screen.findByText(/The page was reloaded/);
    expect(s.registerAccount).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText(/verification code/i), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith("/apply?partner=perkSpot"));
    expect(s.justRegistered).toHaveBeenCalledTimes(1);
    expect(s.logOriginTracking).toHaveBeenCalledWith("http://api.test/graphql", "id.jwt", "perkSpot");
  });

  it("a pending sign-in of the other page is not taken over; starting over forgets it", async () => {
    const s = services();
    const user = userEvent.setup();
    const first = render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    await screen.findByLabelText(/verification code/i);
    first.unmount();

    const register = render(<SignInForm mode="register" config={config} services={s} />);
    await waitFor(() => expect(s.currentUserIdToken).toHaveBeenCalledTimes(2));
    expect(screen.getByRole("button", { name: /sign up/i })).toBeInTheDocument();
    register.unmount();

    render(<SignInForm mode="login" config={config} services={s} />);
    await screen.findByText(/The page was reloaded/);
    await user.click(screen.getByRole("button", { name: "Use a different e-mail or phone" }));
    expect(sessionStorage.length).toBe(0);
  });

  it("signing up again with the same e-mail in the tab says the code sent before no longer works", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="register" config={config} services={s} />);
    await typeIdentifier(user, /e-mail address/i, "new@example.com", /sign up/i);
    await user.click(await screen.findByRole("button", { name: "Use a different e-mail" }));
    await user.click(screen.getByRole("button", { name: /sign up/i }));
    expect(await screen.findByRole("status")).toHaveTextContent("We sent you a new code. The code we sent before no longer works.");
    expect(s.startSignIn).toHaveBeenCalledTimes(2);
  });

  it("the code screen says only the newest code works, and a new code says earlier ones no longer work", async () => {
    const s = services();
    const user = userEvent.setup();
    render(<SignInForm mode="login" config={config} services={s} />);
    await typeIdentifier(user, /e-mail or mobile/i, "borrower@example.com", /send my code/i);
    expect(await screen.findByText(/only the newest code we sent works\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "We sent you a new code. Earlier codes no longer work; codes expire after a few minutes.",
    );
  });
});
