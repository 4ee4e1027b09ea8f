import { Writable } from "node:stream";
import { createLogger } from "./logger";
import { recordRequestError } from "./request-errors";

test("records the digest, path, route type and request id, and nothing of the error's data", async () => {
  const lines: string[] = [];
  const log = createLogger({
    format: "json",
    destination: new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });
  const error = Object.assign(new Error("no application for 123-45-6789"), { digest: "2739127461", parameters: ["123-45-6789"] });
  await recordRequestError(log)(
    error,
    { path: "/personal?email=jane@example.com", method: "POST", headers: { "x-request-id": "req-12345678", cookie: "secret" } },
    {
      routerKind: "App Router",
      routePath: "/(dashboard)/personal",
      routeType: "action",
      renderSource: undefined,
      revalidateReason: undefined,
    } as never,
  );
  const record = JSON.parse(lines.join("")) as Record<string, unknown>;
  expect(record).toEqual(
    expect.objectContaining({
      level: "error",
      msg: "unhandled server error",
      requestId: "req-12345678",
      digest: "2739127461",
      method: "POST",
      path: "/personal",
      routePath: "/(dashboard)/personal",
      routeType: "action",
      routerKind: "App Router",
      err: expect.objectContaining({ type: "Error", digest: "2739127461" }),
    }),
  );
  expect(lines.join("")).not.toMatch(/123-45-6789|jane@example\.com|secret/);
});

test("a malformed request id is not written", async () => {
  const lines: string[] = [];
  const log = createLogger({ format: "json", destination: new Writable({ write: (c, _e, d) => (lines.push(String(c)), d()) }) });
  await recordRequestError(log)(new Error("x"), { path: "/", method: "GET", headers: { "x-request-id": "bad id\n" } }, {
    routerKind: "App Router",
    routePath: "/",
    routeType: "render",
  } as never);
  expect(JSON.parse(lines.join("")).requestId).toBeUndefined();
});
