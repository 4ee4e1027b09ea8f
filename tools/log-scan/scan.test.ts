import { findLeaks, scannable } from "./scan";

const secrets = [
  { kind: "ssn", value: "666000001" },
  { kind: "email", value: "journey-ab12@example.com" },
  { kind: "code", value: "482913" },
];

test.each([
  ["a JSON line with the SSN in a message", '{"level":"error","msg":"insert failed for 666000001"}', "server.log:1: a ssn the tests typed"],
  ["Next's own plain output with the e-mail", "Error: no user journey-ab12@example.com", "server.log:1: a email the tests typed"],
  ["the code in a stand-in line", '{"msg":"[local outbox] code 482913 sent"}', "server.log:1: a code the tests typed"],
])("finds %s", (_label, line, expected) => {
  expect(findLeaks([{ name: "server.log", text: `{"msg":"ready"}\n${line}`.split("\n").reverse().join("\n") }], secrets)).toEqual([
    expected,
  ]);
});

test("a code inside a generated request id is not a leak", () => {
  const line = JSON.stringify({ requestId: "0b8f5c1e-4a8e-4c53-9d33-1f7482913a10", msg: "request", status: 200 });
  expect(findLeaks([{ name: "server.log", text: line }], secrets)).toEqual([]);
  expect(scannable(line)).not.toContain("482913");
});

test("a clean log has no leaks", () => {
  expect(findLeaks([{ name: "server.log", text: '{"msg":"request","path":"/personal","status":200}' }], secrets)).toEqual([]);
});
