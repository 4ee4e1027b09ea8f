import { NextRequest } from "next/server";
import { config, middleware } from "./middleware";
import { ROUTE_TABLE } from "@/lib/routing/route-table";
import { samplePath } from "@/lib/routing/testing/visitors";

// The matcher is a plain regular expression source (no path-to-regexp parameters).
const matcher = new RegExp(`^${config.matcher[0]!}$`);

describe("the middleware matcher and the route table agree", () => {
  it("sends every route of the table (in any casing, with a slash) through the middleware", () => {
    const skipped = ROUTE_TABLE.flatMap((r) => {
      const p = samplePath(r.pattern);
      return [p, p.toUpperCase(), `${p}/`].filter((v) => !matcher.test(v));
    });
    expect(skipped).toEqual([]);
  });
  it("leaves only Next's hashed assets alone", () => expect(matcher.test("/_next/static/chunks/a.js")).toBe(false));
  it.each([
    "/api/local/graphql",
    "/api/session/claims",
    "/documents/esign-consent.pdf",
    "/images/gift-card-50.svg",
    "/favicon.ico",
    "/icon.svg",
    "/apple-icon.png",
    "/_next/image",
  ])("gives %s its security headers", (path) => expect(matcher.test(path)).toBe(true));
});

describe("middleware adapts requests and decisions", () => {
  const call = (url: string, init?: ConstructorParameters<typeof NextRequest>[1]) => middleware(new NextRequest(url, init));
  it("redirects anonymous visitors with a relative Location and a reason header", async () => {
    const res = await call("http://localhost:3000/payments?tab=1");
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location")!).pathname + new URL(res.headers.get("location")!).search).toBe(
      "/register?redirect=%2Fpayments%3Ftab%3D1",
    );
    expect(res.headers.get("x-route-decision")).toBe("payments:anonymous");
  });
  it("says only not-found for a 404, whatever the reason", async () => {
    const res = await call("http://localhost:3000/no-such-page");
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("x-route-decision")).toBe("not-found");
  });
  it("answers 400 to malformed encoding", async () => {
    const res = await call("http://localhost:3000/%E0%A4%A");
    expect(res.status).toBe(400);
  });
  it("lets in-app pages through", async () => {
    const res = await call("http://localhost:3000/_restricted");
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
  it("treats stitched or forged identity cookies as anonymous", async () => {
    const res = await call("http://localhost:3000/payments", {
      headers: {
        cookie:
          "CognitoIdentityServiceProvider.localclient0000000000000000.LastAuthUser=abc; CognitoIdentityServiceProvider.localclient0000000000000000.abc.idToken=forged.token.value",
      },
    });
    expect(res.headers.get("x-route-decision")).toBe("payments:anonymous");
  });
});
