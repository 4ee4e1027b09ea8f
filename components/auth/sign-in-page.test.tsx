import { publicConfig } from "@/lib/config/env";
import { TEST_PUBLIC_CONFIG } from "@/lib/config/testing/public-config";
import { SignInPage } from "./sign-in-page";

jest.mock("@/lib/config/env", () => ({ publicConfig: jest.fn() }));
jest.mock("./sign-in-form", () => ({ SignInForm: (props: unknown) => ({ type: "SignInForm", props }) }));

const base = TEST_PUBLIC_CONFIG;

function redirectOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    // NEXT_REDIRECT;<type>;<url>;<status>;
    return digest.startsWith("NEXT_REDIRECT") ? digest.split(";")[2] : undefined;
  }
  return undefined;
}

describe("SignInPage", () => {
  it("locally, renders the form with only a safe redirect and a well-formed partner tag", () => {
    jest.mocked(publicConfig).mockReturnValue(base);
    const tree = SignInPage({ mode: "register", query: { redirect: "//evil.example", partner: "perkSpot" } });
    const form = (tree.props as { children: { props: Record<string, unknown> } }).children;
    expect(form.props).toMatchObject({ mode: "register", redirect: undefined, partner: "perkSpot" });
    const ok = SignInPage({ mode: "login", query: { redirect: "/payments", partner: "<x>" } });
    expect((ok.props as { children: { props: Record<string, unknown> } }).children.props).toMatchObject({
      redirect: "/payments",
      partner: undefined,
    });
  });

  it("where the dashboard app hosts sign-in, sends the visitor there with the query", () => {
    jest.mocked(publicConfig).mockReturnValue({ ...base, appEnv: "staging", signInInApp: false });
    expect(redirectOf(() => SignInPage({ mode: "login", query: { redirect: "/payments", partner: "ebg" } }))).toBe(
      "https://app.lender.example/login?redirect=%2Fpayments&partner=ebg",
    );
    expect(redirectOf(() => SignInPage({ mode: "register", query: {} }))).toBe("https://app.lender.example/register");
  });

  it("reads only the first redirect, and only if safe: a duplicate never stands in for it", () => {
    jest.mocked(publicConfig).mockReturnValue({ ...base, appEnv: "staging", signInInApp: false });
    expect(redirectOf(() => SignInPage({ mode: "login", query: { redirect: ["/payments", "https://evil.example"] } }))).toBe(
      "https://app.lender.example/login?redirect=%2Fpayments",
    );
    expect(redirectOf(() => SignInPage({ mode: "login", query: { redirect: ["https://evil.example", "/payments"] } }))).toBe(
      "https://app.lender.example/login",
    );
    expect(redirectOf(() => SignInPage({ mode: "login", query: { Redirect: "//evil.example", redirect: "/payments" } }))).toBe(
      "https://app.lender.example/login",
    );
  });

  it("says why after an idle sign-out (and only for the shell's own reason), here or on the hosted sign-in", () => {
    jest.mocked(publicConfig).mockReturnValue(base);
    const props = (query: Record<string, string>) =>
      (SignInPage({ mode: "login", query }).props as { children: { props: Record<string, unknown> } }).children.props;
    expect(props({ signedOut: "idle", redirect: "/personal" })).toMatchObject({
      redirect: "/personal",
      signedOut: "You were signed out because there was no activity for 15 minutes. Log in again to continue.",
    });
    expect(props({ signedOut: "<script>" }).signedOut).toBeUndefined();
    jest.mocked(publicConfig).mockReturnValue({ ...base, appEnv: "staging", signInInApp: false });
    expect(redirectOf(() => SignInPage({ mode: "login", query: { signedOut: "idle", redirect: "/personal" } }))).toBe(
      "https://app.lender.example/login?redirect=%2Fpersonal&signedOut=idle",
    );
  });
});
