import { chromeUserFor } from "./chrome-user";

const flags = (adminPortalUser: boolean) => ({ flags: { adminPortalUser } });

describe("chromeUserFor", () => {
  it("anonymous: signed out, no e-mail", () => {
    expect(chromeUserFor({ status: "anonymous" })).toEqual({ signedIn: false });
  });

  it("signing in: signed in, e-mail known, no staff flag before the claims load", () => {
    expect(chromeUserFor({ status: "signing-in", email: "jo@lender.example" })).toEqual({
      signedIn: true,
      email: "jo@lender.example",
      adminPortalUser: false,
    });
  });

  it.each([true, false])("signed in: the admin flag from the claims (%s)", (admin) => {
    expect(chromeUserFor({ status: "signed-in", email: "a@b.example", claims: flags(admin) })).toEqual({
      signedIn: true,
      email: "a@b.example",
      adminPortalUser: admin,
    });
  });
});
