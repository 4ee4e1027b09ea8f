import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** The door with the process environment `env` (the configuration is read once per module instance). */
async function door(env: Record<string, string>): Promise<typeof import("./route")> {
  jest.resetModules();
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const route = await import("./route");
    // Read now, while `env` is set.
    (await import("@/lib/config/env")).serverConfig();
    return route;
  } finally {
    process.env = saved;
  }
}

const hosted = {
  APP_ENV: "staging",
  COGNITO_USER_POOL_ID: "us-east-1_AbC123",
  COGNITO_CLIENT_ID: "abc123def",
  SESSION_SECRET: "x".repeat(40),
  GRAPHQL_URL: "https://api.lender.example/graphql",
  GRAPHQL_API_KEY: "da2-key",
};

describe("the one door, /api/local/*", () => {
  it("outside local: 404 for every method, and nothing is forwarded", async () => {
    let calls = 0;
    const upstream = createServer((_req, res) => {
      calls++;
      res.end("stand-in");
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      const { GET, POST } = await door({ ...hosted, LOCAL_STAND_INS_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
      expect((await GET(new Request("http://127.0.0.1:3000/api/local/outbox"))).status).toBe(404);
      expect((await POST(new Request("http://127.0.0.1:3000/api/local/cognito", { method: "POST", body: "{}" }))).status).toBe(404);
      expect(calls).toBe(0);
    } finally {
      upstream.close();
    }
  });

  it("locally, without the stand-ins' URL: 503, said plainly", async () => {
    const { GET } = await door({ APP_ENV: "local", LOCAL_STAND_INS_URL: "" });
    const response = await GET(new Request("http://127.0.0.1:3000/api/local/outbox"));
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/LOCAL_STAND_INS_URL/);
  });

  it("locally, forwards to the stand-ins' process and returns its answer", async () => {
    const upstream = createServer((req, res) => res.writeHead(201, { "x-seen": `${req.method} ${req.url}` }).end("from the stand-ins"));
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      const { PATCH } = await door({
        APP_ENV: "local",
        LOCAL_STAND_INS_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      });
      const response = await PATCH(new Request("http://127.0.0.1:3000/api/local/plaid/x?y=1", { method: "PATCH", body: "b" }));
      expect([response.status, response.headers.get("x-seen"), await response.text()]).toEqual([
        201,
        "PATCH /api/local/plaid/x?y=1",
        "from the stand-ins",
      ]);
    } finally {
      upstream.closeAllConnections();
      upstream.close();
    }
  });
});
