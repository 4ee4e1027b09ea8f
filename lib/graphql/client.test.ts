/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { publicClient, userClient } from "./client";

let server: http.Server;
let url: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ data: { ok: true } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

test.each([
  ["user", () => userClient(url, "id-token", 5_000, "req-12345678")],
  ["public", () => publicClient(url, "api-key", 5_000, "req-12345678")],
])("the %s client sends the request id to the API", async (_kind, client) => {
  await client().request("query { ok }");
  expect(seen[0]?.["x-request-id"]).toBe("req-12345678");
});

test("without a request id (the browser), none is sent", async () => {
  await userClient(url, "id-token").request("query { ok }");
  expect(seen[0]?.["x-request-id"]).toBeUndefined();
  expect(seen[0]?.authorization).toBe("id-token");
});
