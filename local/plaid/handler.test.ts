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
