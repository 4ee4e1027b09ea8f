import { checkBaseUrl, limiter, requester } from "./http";

describe("checkBaseUrl", () => {
  it("accepts https anywhere and http only on this machine", () => {
    expect(checkBaseUrl("https://shell.staging.example").origin).toBe("https://shell.staging.example");
    expect(checkBaseUrl("http://localhost:3000").origin).toBe("http://localhost:3000");
    expect(checkBaseUrl("http://127.0.0.1:4007/").origin).toBe("http://127.0.0.1:4007");
  });

  it.each([
    ["http://shell.staging.example", "must use https"],
    ["http://localhost.evil.example", "must use https"],
    ["ftp://localhost", "must use https"],
    ["https://user:pw@shell.example", "credentials"],
    ["https://shell.example/app", "origin only"],
    ["not a url", "is not a URL"],
  ])("refuses %s", (raw, why) => {
    expect(() => checkBaseUrl(raw)).toThrow(why);
  });
});

describe("requester", () => {
  const base = new URL("https://shell.example");
  const seen: { url: string; method: string; redirect: string }[] = [];
  const fake = (async (url: URL, init: RequestInit) => {
    seen.push({ url: url.href, method: String(init.method), redirect: String(init.redirect) });
    return new Response(null, { status: 307, headers: { location: "/register?x=1", "x-route-decision": "home:alias" } });
  }) as unknown as typeof fetch;
  const http = requester({ base, limit: limiter(4), fetchImpl: fake });

  it("only GETs (or HEADs) the app's own origin, never following a redirect", async () => {
    await expect(http.get("/", undefined)).resolves.toEqual({
      url: "/",
      status: 307,
      location: "https://shell.example/register?x=1",
      decision: "home:alias",
    });
    expect(seen).toEqual([{ url: "https://shell.example/", method: "GET", redirect: "manual" }]);
    expect(() => http.get("https://other.example/", undefined)).toThrow("off the app's origin");
    expect(() => http.get("//other.example/x", undefined)).toThrow("off the app's origin");
    expect(() => http.get("/", undefined, "POST" as "GET")).toThrow("refusing POST");
    expect(seen).toHaveLength(1);
  });
});

describe("limiter", () => {
  it("never runs more than n tasks at once", async () => {
    const limit = limiter(3);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limit(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 2));
          running--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });
});
