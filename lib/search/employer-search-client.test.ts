import type { LiteClient } from "algoliasearch/lite";
import { SEARCH_DEADLINE_MS, searchUnavailable, withDeadline } from "./employer-search-client";

/** A client whose search answers as told: at once, with a failure (the lite client's RetryError), or never. */
function fakeClient(answer: "ok" | "fail" | "hang"): LiteClient {
  const search = jest.fn(() => {
    if (answer === "ok") return Promise.resolve({ results: [{ hits: [{ objectID: "1" }], nbHits: 1, query: "" }] });
    if (answer === "fail") return Promise.reject(Object.assign(new Error("Unreachable hosts"), { name: "RetryError" }));
    return new Promise(() => {});
  });
  return { appId: "x", search } as unknown as LiteClient;
}

const REQUEST = { requests: [{ indexName: "local_employers", params: { query: "metro", hitsPerPage: 20 } }] };
const search = (client: LiteClient) =>
  client.search(REQUEST as Parameters<LiteClient["search"]>[0]) as Promise<{ results: Array<Record<string, unknown>> }>;

describe("withDeadline: the employer search answers in bounded time (issue 44)", () => {
  let errorLines: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    errorLines = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    jest.useRealTimers();
    errorLines.mockRestore();
  });

  it("passes an answer through, on either side", async () => {
    for (const side of ["server", "browser"] as const) {
      const { results } = await search(withDeadline(fakeClient("ok"), side));
      expect(results[0]).toMatchObject({ nbHits: 1 });
      expect(searchUnavailable(results[0])).toBe(false);
    }
    expect(errorLines).not.toHaveBeenCalled();
  });

  it.each(["fail", "hang"] as const)(
    "on the server, a search that does %s renders empty results marked unavailable by the deadline, with one error line",
    async (answer) => {
      const pending = search(withDeadline(fakeClient(answer), "server"));
      let settled = false;
      void pending.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(SEARCH_DEADLINE_MS.server);
      expect(settled).toBe(true);
      const { results } = await pending;
      expect(results).toEqual([
        expect.objectContaining({ hits: [], nbHits: 0, query: "metro", hitsPerPage: 20, index: "local_employers" }),
      ]);
      expect(searchUnavailable(results[0])).toBe(true);
      expect(errorLines).toHaveBeenCalledTimes(1);
      expect(String(errorLines.mock.calls[0]![0])).toMatch(/\[employer search\] unavailable while rendering/);
    },
  );

  it.each(["fail", "hang"] as const)(
    "in the browser, a search that does %s rejects by the deadline (the page shows the failure)",
    async (answer) => {
      const pending = search(withDeadline(fakeClient(answer), "browser"));
      const outcome = pending.then(
        () => "answered",
        () => "rejected",
      );
      await jest.advanceTimersByTimeAsync(SEARCH_DEADLINE_MS.browser);
      await expect(outcome).resolves.toBe("rejected");
    },
  );

  it("the legacy array form of a multi-query is answered the same way", async () => {
    const client = withDeadline(fakeClient("fail"), "server");
    const { results } = (await client.search([{ indexName: "i", params: { query: "a" } }] as never)) as { results: unknown[] };
    expect(results).toHaveLength(1);
    expect(searchUnavailable(results[0] as { userData?: unknown })).toBe(true);
  });
});
