import { spawnSync } from "node:child_process";
import { allowedRedirectUris } from "./settings";

/**
 * The stand-in's allowed redirect URIs (the Plaid dashboard's list): the app's own /bank/oauth,
 * first, then LOCAL_PLAID_ALLOWED_REDIRECT_URIS. The stand-in refusing and accepting a link token's
 * redirect_uri against it: plaid-oauth.integration.test.ts.
 */
const APP = "http://127.0.0.1:4100";
const allowed = (value: string | undefined) => allowedRedirectUris(APP, { LOCAL_PLAID_ALLOWED_REDIRECT_URIS: value });

describe("LOCAL_PLAID_ALLOWED_REDIRECT_URIS", () => {
  it.each([[undefined], [""], [" , "]])("unset or empty (%j): the app's own /bank/oauth alone", (value) => {
    expect(allowed(value)).toEqual(["http://127.0.0.1:4100/bank/oauth"]);
  });

  it("adds each listed URI after the app's own, in order, once, trimmed, in the spelling the shell sends", () => {
    expect(
      allowed(
        " http://127.0.0.1:4103/bank/oauth,HTTP://LOCALHOST:4104/bank/oauth,, https://app.example/bank/oauth ,http://127.0.0.1:4103/bank/oauth,http://127.0.0.1:4100/bank/oauth",
      ),
    ).toEqual([
      "http://127.0.0.1:4100/bank/oauth",
      "http://127.0.0.1:4103/bank/oauth",
      "http://localhost:4104/bank/oauth",
      "https://app.example/bank/oauth",
    ]);
  });

  it("reads the process's environment by default", () => {
    const before = process.env.LOCAL_PLAID_ALLOWED_REDIRECT_URIS;
    process.env.LOCAL_PLAID_ALLOWED_REDIRECT_URIS = "http://127.0.0.1:4103/bank/oauth";
    try {
      expect(allowedRedirectUris(APP)).toEqual(["http://127.0.0.1:4100/bank/oauth", "http://127.0.0.1:4103/bank/oauth"]);
    } finally {
      if (before === undefined) delete process.env.LOCAL_PLAID_ALLOWED_REDIRECT_URIS;
      else process.env.LOCAL_PLAID_ALLOWED_REDIRECT_URIS = before;
    }
  });

  it.each([
    ["/bank/oauth", "entry 1: must be an absolute http(s) URL"],
    ["bank/oauth", "entry 1: must be an absolute http(s) URL"],
    ["javascript:alert(1)", "entry 1: must be an absolute http(s) URL"],
    ["ftp://files.example/bank/oauth", "entry 1: must be an absolute http(s) URL"],
    ["http://127.0.0.1:4103/bank/oauth,http://", "entry 2: must be an absolute http(s) URL"],
    ["http://127.0.0.1:4103/bank/oauth?next=/", "entry 1: must have no query, fragment or credentials"],
    ["http://127.0.0.1:4103/bank/oauth#top", "entry 1: must have no query, fragment or credentials"],
    ["http://user:secret@127.0.0.1:4103/bank/oauth", "entry 1: must have no query, fragment or credentials"],
  ])("refuses %j, naming the variable and the entry (never its value)", (value, detail) => {
    let message = "";
    try {
      allowed(value);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`Invalid local Plaid configuration: LOCAL_PLAID_ALLOWED_REDIRECT_URIS ${detail}`);
  });
});

describe("the stand-ins' process", () => {
  // A process of its own under tsx: about a second, more on a loaded machine.
  it("refuses to start with a bad entry, before it prepares its database", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "local/server.ts"], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        APP_ENV: "local",
        LOG_FORMAT: "json",
        LOCAL_DATA_DIR: "memory://",
        DATABASE_URL: "",
        LOCAL_PLAID_ALLOWED_REDIRECT_URIS: "http://127.0.0.1:4103/bank/oauth,/bank/oauth",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain("LOCAL_PLAID_ALLOWED_REDIRECT_URIS entry 2: must be an absolute http(s) URL");
    expect(`${run.stdout}${run.stderr}`).not.toContain("stand-ins listening");
  }, 40_000);
});
