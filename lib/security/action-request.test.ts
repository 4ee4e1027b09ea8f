import { ACTION_BODY_LIMIT_BYTES, checkActionRequest, MALFORMED_REQUEST, REQUEST_TOO_LARGE } from "./action-request";
import { jsonDepthExceeds, MAX_JSON_DEPTH, parseJsonBody } from "./json-body";

const TEXT = "text/plain;charset=UTF-8";
const action = (body: BodyInit | undefined, contentType: string | null = TEXT, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/personal", {
    method: "POST",
    headers: {
      "next-action": "40dd0dcf479fd54ddc3fd70c29b4b480f3ee84713c",
      ...(contentType ? { "content-type": contentType } : {}),
      ...headers,
    },
    body,
  });

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

function multipart(fields: Record<string, string>, boundary = "----x") {
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  return { body: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("checkActionRequest: what React's encodeReply sends passes", () => {
  const form = multipart({ "0": '["$K1"]', "1_name": "a" });
  it.each<[string, BodyInit, string]>([
    ["plain arguments", JSON.stringify([{ given_name: "Ana", amount: 4000 }]), TEXT],
    ["no arguments", "[]", TEXT],
    [
      "an escaped dollar, undefined, special numbers, a date, a bigint",
      '["$$5", "$undefined", "$NaN", "$-0", "$D2026-01-01T00:00:00.000Z", "$n12"]',
      TEXT,
    ],
    ["nesting up to the limit", deep(MAX_JSON_DEPTH), TEXT],
    ["a form with its parts", form.body, form.contentType],
  ])("%s", async (_, body, contentType) => {
    await expect(checkActionRequest(action(body, contentType))).resolves.toBeUndefined();
  });
});

describe("checkActionRequest: a body Next's decoder would fail on with a 500 is a 400 (413 over the limit)", () => {
  const bad = (detail: string) => ({ status: 400, reason: `${MALFORMED_REQUEST} (${detail})` });
  it.each<[string, BodyInit | undefined, string | null, { status: number; reason: string }]>([
    ["not JSON", "[[[[[", TEXT, bad("not JSON")],
    ["empty", "", TEXT, bad("not JSON")],
    ["words", "hello", TEXT, bad("not JSON")],
    ["an object, not a list of arguments", '{"a":1}', TEXT, bad("not a list of arguments")],
    ["JSON nested 10,000 deep", deep(10_000), TEXT, bad("nested too deep")],
    ["one level past the limit", deep(MAX_JSON_DEPTH + 1), TEXT, bad("nested too deep")],
    ["a reference to a form part a text body cannot have", '["$Q1"]', TEXT, bad("a reference to a missing part")],
    ["a promise reference", '[{"a":"$@1"}]', TEXT, bad("a reference to a missing part")],
    ["a NUL after decoding", '["a\\u0000b"]', TEXT, bad("invalid characters")],
    ["a lone surrogate after decoding", '["\\ud800"]', TEXT, bad("invalid characters")],
    ["a NUL in a key", '[{"a\\u0000":1}]', TEXT, bad("invalid characters")],
    ["bytes that are not UTF-8", new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]), TEXT, bad("not UTF-8")],
    ["JSON as application/json", "[]", "application/json", bad("content type")],
    ["a url-encoded form", "a=1", "application/x-www-form-urlencoded", bad("content type")],
    ["no content type", new Uint8Array([0x5b, 0x5d]), null, bad("content type")],
    ["a broken multipart form", "garbage", "multipart/form-data; boundary=zz", bad("not a form")],
    ["multipart without a boundary", "garbage", "multipart/form-data", bad("not a form")],
    ["a form without its arguments", multipart({ a: "1" }).body, multipart({ a: "1" }).contentType, bad("no arguments")],
    ["a form whose arguments are not JSON", multipart({ "0": "{" }).body, multipart({ "0": "{" }).contentType, bad("not JSON")],
    ["a body over the limit", `["${"x".repeat(ACTION_BODY_LIMIT_BYTES)}"]`, TEXT, { status: 413, reason: REQUEST_TOO_LARGE }],
  ])("%s", async (_, body, contentType, want) => {
    await expect(checkActionRequest(action(body, contentType))).resolves.toEqual(want);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("[]"));
        controller.close();
      },
    });
    // As the server hands it over: the declared length in the headers, the body not read yet.
    const request = {
      headers: new Headers({ "content-type": TEXT, "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) }),
      body: stream,
    } as unknown as Request;
    await expect(checkActionRequest(request)).resolves.toEqual({ status: 413, reason: REQUEST_TOO_LARGE });
    expect(stream.locked).toBe(false); // never read
  });

  it("stops reading a stream once it passes the limit", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost:3000/personal", {
      method: "POST",
      headers: { "content-type": TEXT },
      body: endless,
      duplex: "half",
    } as RequestInit);
    await expect(checkActionRequest(request)).resolves.toEqual({ status: 413, reason: REQUEST_TOO_LARGE });
    expect(sent).toBeLessThan(ACTION_BODY_LIMIT_BYTES + 4 * chunk.byteLength);
  });
});

describe("the JSON nesting limit", () => {
  it.each([
    ["[]", 1, false],
    ["[[]]", 1, true],
    ['["[[[[["]', 1, false],
    ['{"a":"\\"[[["}', 1, false],
    ['{"a":{"b":[1]}}', 3, false],
    ['{"a":{"b":[1]}}', 2, true],
  ])("%s within %d: exceeds %s", (text, limit, want) => {
    expect(jsonDepthExceeds(text, limit)).toBe(want);
  });

  it("refuses 10,000 deep in one pass, without recursion, in milliseconds", () => {
    const started = performance.now();
    expect(parseJsonBody(deep(10_000))).toEqual({ ok: false, reason: "too-deep" });
    expect(parseJsonBody('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000))).toEqual({ ok: false, reason: "too-deep" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseJsonBody("{")).toEqual({ ok: false, reason: "malformed" });
    expect(parseJsonBody('{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
    expect(MAX_JSON_DEPTH).toBe(32);
  });
});
