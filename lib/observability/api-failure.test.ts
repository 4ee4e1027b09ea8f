/** @jest-environment node */
import { ClientError } from "graphql-request";
import { logApiFailure } from "./api-failure";
import { logger } from "./logger";

jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-12345678" }) }));

test.each([
  [
    "an AppSync error: its type and status, not its message",
    new ClientError(
      {
        status: 200,
        errors: [{ message: "ssn 666-00-0001 is taken", errorType: "ConflictException" }] as never,
        headers: new Headers(),
        body: "",
      },
      { query: "mutation { identifies }" },
    ),
    { status: 200, errorType: "ConflictException" },
  ],
  ["a network failure: the error's class", new TypeError("fetch failed for jane@example.com"), { errorType: "TypeError" }],
])("%s", async (_label, error, expected) => {
  const lines: Record<string, unknown>[] = [];
  const child = { error: (fields: Record<string, unknown>, msg: string) => lines.push({ ...fields, msg }) };
  const spawn = jest.spyOn(logger(), "child").mockReturnValue(child as never);
  await logApiFailure("identifies", error);
  expect(spawn).toHaveBeenCalledWith({ requestId: "req-12345678" });
  expect(lines).toEqual([expect.objectContaining({ operation: "identifies", msg: "identifies failed", ...expected })]);
  expect(JSON.stringify(lines)).not.toMatch(/666-00-0001|jane@example\.com/);
});
