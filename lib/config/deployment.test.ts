import { checkDeployment } from "./deployment";

const KEY_32 = Buffer.alloc(32, 7).toString("base64");
const SEARCH = { ALGOLIA_APP_ID: "APPID", ALGOLIA_SEARCH_KEY: "search-only-key" };

describe("checkDeployment", () => {
  it.each(["staging", "production", "dev"] as const)("APP_ENV=%s refuses to start without the server-actions key", (appEnv) => {
    const { errors } = checkDeployment(appEnv, { NEXT_DEPLOYMENT_ID: "abc123", ...SEARCH });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is required when APP_ENV=/);
  });

  it("locally the key may be absent (one process, one build)", () => {
    expect(checkDeployment("local", {})).toEqual({ errors: [], warnings: [] });
  });

  it.each([
    ["16 bytes", Buffer.alloc(16, 1).toString("base64")],
    ["24 bytes", Buffer.alloc(24, 1).toString("base64")],
    ["32 bytes", KEY_32],
  ])("accepts an AES key of %s", (_, key) => {
    expect(checkDeployment("production", { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key, NEXT_DEPLOYMENT_ID: "abc", ...SEARCH })).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it.each([
    ["not base64", "not a key!"],
    ["20 bytes", Buffer.alloc(20, 1).toString("base64")],
    ["unpadded", KEY_32.replace(/=+$/, "").slice(0, -1)],
  ])("refuses a key that is %s, everywhere (Next would fail on the first server action)", (_, key) => {
    for (const appEnv of ["local", "production"] as const) {
      const { errors } = checkDeployment(appEnv, { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key, NEXT_DEPLOYMENT_ID: "abc", ...SEARCH });
      expect(errors).toEqual([expect.stringMatching(/must be a base64 AES key of 16, 24 or 32 bytes/)]);
    }
  });

  it("warns outside local when the build has no deployment id", () => {
    const { errors, warnings } = checkDeployment("staging", {
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: KEY_32,
      NEXT_DEPLOYMENT_ID: "",
      ...SEARCH,
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/no deployment id.*NEXT_DEPLOYMENT_ID/)]);
    expect(checkDeployment("local", { NEXT_DEPLOYMENT_ID: "" }).warnings).toEqual([]);
  });

  it("never repeats the key in a message", () => {
    const key = Buffer.alloc(20, 9).toString("base64");
    expect(checkDeployment("production", { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).errors.join(" ")).not.toContain(key);
  });

  it.each([
    ["neither key", {}, /ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY are required when APP_ENV=staging/],
    ["no search key", { ALGOLIA_APP_ID: "APPID" }, /ALGOLIA_SEARCH_KEY is required when APP_ENV=staging/],
    ["a blank app id", { ALGOLIA_APP_ID: " ", ALGOLIA_SEARCH_KEY: "k" }, /ALGOLIA_APP_ID is required when APP_ENV=staging/],
  ])("a hosted environment refuses to start without the employer search configured: %s", (_, search, message) => {
    const { errors } = checkDeployment("staging", { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: KEY_32, NEXT_DEPLOYMENT_ID: "a", ...search });
    expect(errors).toEqual([expect.stringMatching(message)]);
    // Locally the search stand-in answers.
    expect(checkDeployment("local", search).errors).toEqual([]);
  });
});
