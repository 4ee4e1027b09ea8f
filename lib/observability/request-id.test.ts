import { requestIdFrom, wellFormedRequestId } from "./request-id";

const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null;
const generated = () => "generated-0000";

describe("requestIdFrom", () => {
  test.each([
    ["the ALB's Root", { "x-amzn-trace-id": "Root=1-67891233-abcdef012345678912345678" }, "1-67891233-abcdef012345678912345678"],
    [
      "Root among Self and Sampled",
      { "x-amzn-trace-id": "Self=1-67891234-12456789abcdef012345678;Root=1-67891233-abcdef012345678912345678;Sampled=1" },
      "1-67891233-abcdef012345678912345678",
    ],
    [
      "the ALB's Root over a caller's x-request-id",
      { "x-amzn-trace-id": "Root=1-67891233-abcdef012345678912345678", "x-request-id": "caller-chosen-id" },
      "1-67891233-abcdef012345678912345678",
    ],
    ["a UUID x-request-id", { "x-request-id": "0b8f5c1e-4a8e-4c53-9d33-1f7b2f1f9a10" }, "0b8f5c1e-4a8e-4c53-9d33-1f7b2f1f9a10"],
    ["a malformed Root falls back to x-request-id", { "x-amzn-trace-id": "Root=2-xyz", "x-request-id": "req.12345678" }, "req.12345678"],
    ["nothing given", {}, "generated-0000"],
    ["an id with a space", { "x-request-id": "abc defgh 123" }, "generated-0000"],
    ["an id with a newline (log injection)", { "x-request-id": 'abcdefgh\n{"level":60}' }, "generated-0000"],
    ["an id too short", { "x-request-id": "abc1234" }, "generated-0000"],
    ["an id too long", { "x-request-id": "a".repeat(129) }, "generated-0000"],
    ["an id with personal data's @", { "x-request-id": "jane.doe@example.com" }, "generated-0000"],
    ["an empty id", { "x-request-id": "" }, "generated-0000"],
  ])("%s", (_label, values, expected) => {
    expect(requestIdFrom(headers(values), generated)).toBe(expected);
  });

  test("generates a UUID by default", () => {
    expect(requestIdFrom(headers({}))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test.each([
    ["12345678", true],
    ["a".repeat(128), true],
    ["-starts-with-dash", false],
    [undefined, false],
    [null, false],
  ])("wellFormedRequestId(%p) is %p", (value, expected) => {
    expect(wellFormedRequestId(value)).toBe(expected);
  });
});
