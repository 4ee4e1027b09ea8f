import { reverseProxy } from "../../../lib/http/reverse-proxy";
import { serve, type ServedHandler } from "./serve";

/** What a stand-in handler sees of its request. */
async function echo(request: Request): Promise<Response> {
  return Response.json({
    url: request.url,
    method: request.method,
    contentLength: request.headers.get("content-length"),
    forwardedFor: request.headers.get("x-forwarded-for"),
    cookie: request.headers.get("cookie"),
    body: await request.text(),
  });
}

const servers: ServedHandler[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function started(behindShell: boolean): Promise<string> {
  const served = await serve(echo, { behindShell });
  servers.push(served);
  return served.url;
}

describe("serve behind the shell's door: the stand-in sees the request as the app's route saw it", () => {
  it("the shell's URL, method, cookie, body and X-Forwarded-For as the shell's server ended it", async () => {
    const upstream = await started(true);
    const response = await reverseProxy(
      new Request("http://127.0.0.1:3000/api/local/apps/lending/apply?step=2", {
        method: "POST",
        headers: { cookie: "a=1", "x-forwarded-for": "203.0.113.9", "content-type": "text/plain", "content-length": "5" },
        body: "hello",
      }),
      upstream,
      { timeoutMs: 5_000 },
    );
    expect(await response.json()).toEqual({
      url: "http://127.0.0.1:3000/api/local/apps/lending/apply?step=2",
      method: "POST",
      contentLength: "5",
      forwardedFor: "203.0.113.9",
      cookie: "a=1",
      body: "hello",
    });
  });

  it("a body the edge cut short keeps the length its client declared (a stand-in says 'too large' by it)", async () => {
    const upstream = await started(true);
    const cut = new Request("http://127.0.0.1:3000/api/local/apps/lending/apply", {
      method: "POST",
      headers: { "content-length": "1048576" },
      body: "only the first part",
    });
    const seen = (await (await reverseProxy(cut, upstream, { timeoutMs: 5_000 })).json()) as { contentLength: string; body: string };
    expect(seen).toMatchObject({ contentLength: "1048576", body: "only the first part" });
  });

  it("called directly (the test server), the peer's address ends X-Forwarded-For and the Host is the origin", async () => {
    const upstream = await started(false);
    const seen = (await (
      await fetch(`${upstream}/api/local/outbox`, { headers: { "x-forwarded-for": "198.51.100.7", "x-forwarded-host": "evil.example" } })
    ).json()) as { url: string; forwardedFor: string };
    expect(seen.forwardedFor).toBe("198.51.100.7, 127.0.0.1");
    expect(seen.url).toBe(`${upstream}/api/local/outbox`);
  });
});
