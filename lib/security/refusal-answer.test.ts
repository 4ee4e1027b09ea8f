import { actionRefusalAnswer, refusalAnswer } from "./refusal-answer";
import type { Refusal } from "./request-policy";

const TEXT = "text/plain; charset=utf-8";

it.each<[Refusal, string, Record<string, string>]>([
  [
    { status: 405, reason: "method not allowed", allow: "GET, HEAD" },
    "Method Not Allowed: method not allowed",
    { "content-type": TEXT, allow: "GET, HEAD" },
  ],
  [{ status: 400, reason: "malformed path encoding" }, "Bad Request: malformed path encoding", { "content-type": TEXT }],
  [{ status: 403, reason: "cross-origin server action" }, "Forbidden: cross-origin server action", { "content-type": TEXT }],
  [{ status: 404, reason: "no such API route" }, "Not Found: no such API route", { "content-type": TEXT }],
])("refusal %j is answered %s", (refusal, body, headers) => {
  expect(refusalAnswer(refusal)).toEqual({ status: refusal.status, body, headers });
});

it("a malformed server action is answered with its reason alone", () => {
  expect(actionRefusalAnswer({ status: 413, reason: "The request is too large." })).toEqual({
    status: 413,
    body: "The request is too large.",
    headers: { "content-type": TEXT },
  });
});
