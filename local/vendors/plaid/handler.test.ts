import { createPlaidHandler } from "./handler";
import { SANDBOX_INSTITUTIONS } from "./sandbox";

describe("the Link widget stand-in's script", () => {
  it("carries the sandbox banks in place of its empty list (a formatter must not move the marker)", async () => {
    const handler = createPlaidHandler({ db: () => Promise.reject(new Error("the script needs no database")) });
    const response = await handler(new Request("http://localhost/api/local/plaid/link-initialize.js"), ["link-initialize.js"]);
    expect(response.status).toBe(200);
    const script = await response.text();
    expect(script).not.toContain("/*INSTITUTIONS*/");
    for (const { institution_id, name, oauth } of SANDBOX_INSTITUTIONS)
      expect(script).toContain(JSON.stringify({ institution_id, name, oauth: Boolean(oauth) }));
  });
});

describe("the Link login with a blank field", () => {
  // A blank field never reaches the bank: no database is touched.
  const handler = createPlaidHandler({ db: () => Promise.resolve({} as never) });
  const login = (fields: Record<string, string>) =>
    handler(
      new Request("http://localhost/api/local/plaid/link/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ link_token: "link-local-x", institution_id: "ins_109508", ...fields }),
      }),
      ["link", "login"],
    );

  it.each([
    [{ username: "", password: "pass_good" }, "MISSING_USERNAME", "Enter your username."],
    [{ username: "   ", password: "pass_good" }, "MISSING_USERNAME", "Enter your username."],
    [{ username: "user_good", password: "" }, "MISSING_PASSWORD", "Enter your password."],
  ])("%j is named and can be retried (not 'the bank could not be reached')", async (fields, code, words) => {
    const response = await login(fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ retry: true, error: { error_code: code, display_message: words } });
  });
});
