import { CLAIMS_ENDPOINT, VERIFYING_WAIT_MS, refreshClaims, withClaimsRefresh } from "./refresh-claims";

const claims = { sub: "s", step: "chooseEmployer", loanState: "not-started" };
const load = { applicationStep: "chooseEmployer" };

function answering(status: number, body: unknown = {}) {
  return jest.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

describe("refreshClaims", () => {
  it("POSTs the claims route with the cookies and returns the claims", async () => {
    const fetchImpl = answering(200, { claims, load });
    await expect(refreshClaims(fetchImpl)).resolves.toEqual({ ok: true, claims, load });
    expect(fetchImpl).toHaveBeenCalledWith(
      CLAIMS_ENDPOINT,
      expect.objectContaining({ method: "POST", credentials: "same-origin", cache: "no-store" }),
    );
  });
  it("401 means signed out", async () => {
    await expect(refreshClaims(answering(401, { error: "not-signed-in" }))).resolves.toEqual({ ok: false, reason: "signed-out" });
  });
  it("502 means the load failed", async () => {
    await expect(refreshClaims(answering(502, { error: "load-failed" }))).resolves.toEqual({ ok: false, reason: "load-failed" });
  });
  it("503 (the key set out of reach) waits Retry-After and asks again: the session is kept, not signed out", async () => {
    const answers = [503, 503, 200];
    const fetchImpl = jest.fn(async () => {
      const status = answers.shift()!;
      return new Response(JSON.stringify(status === 200 ? { claims, load } : { error: "verifying" }), {
        status,
        headers: status === 503 ? { "retry-after": "5" } : {},
      });
    });
    const waits: number[] = [];
    await expect(refreshClaims(fetchImpl, async (ms) => void waits.push(ms))).resolves.toEqual({ ok: true, claims, load });
    expect(waits).toEqual([5000, 5000]);
  });
  it("503 for ever ends, after waiting a minute in all, as a failed load (retry offered), never as signed out", async () => {
    const fetchImpl = jest.fn(
      async () => new Response(JSON.stringify({ error: "verifying" }), { status: 503, headers: { "retry-after": "5" } }),
    );
    const waits: number[] = [];
    await expect(refreshClaims(fetchImpl, async (ms) => void waits.push(ms))).resolves.toEqual({ ok: false, reason: "load-failed" });
    expect(waits.reduce((a, b) => a + b, 0)).toBe(VERIFYING_WAIT_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(VERIFYING_WAIT_MS / 5000 + 1);
  });
  it("a 200 without claims is a failed load, not a success", async () => {
    await expect(refreshClaims(answering(200, { load }))).resolves.toEqual({ ok: false, reason: "load-failed" });
  });
  it("a network failure is reported as such", async () => {
    await expect(refreshClaims(jest.fn(async () => Promise.reject(new TypeError("Failed to fetch"))))).resolves.toEqual({
      ok: false,
      reason: "network",
    });
  });
  it("shares one request between concurrent callers, then asks again", async () => {
    const fetchImpl = answering(200, { claims, load });
    await Promise.all([refreshClaims(fetchImpl), refreshClaims(fetchImpl)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await refreshClaims(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});

describe("withClaimsRefresh", () => {
  it("refreshes after the change, not before", async () => {
    const order: string[] = [];
    const fetchImpl = jest.fn(async () => {
      order.push("refresh");
      return new Response(JSON.stringify({ claims, load }), { status: 200 });
    });
    const out = await withClaimsRefresh(async () => {
      order.push("change");
      return "step set";
    }, fetchImpl);
    expect(order).toEqual(["change", "refresh"]);
    expect(out).toEqual({ result: "step set", claims: { ok: true, claims, load } });
  });
  it("does not refresh when the change fails", async () => {
    const fetchImpl = answering(200, { claims, load });
    await expect(withClaimsRefresh(async () => Promise.reject(new Error("no")), fetchImpl)).rejects.toThrow("no");
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
