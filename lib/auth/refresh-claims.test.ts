import { CLAIMS_ENDPOINT, refreshClaims, withClaimsRefresh } from "./refresh-claims";

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
