import { VerifiedCache } from "./verified-cache";

describe("VerifiedCache", () => {
  it("answers only while now < exp, and forgets an expired entry", () => {
    const cache = new VerifiedCache<string>(10);
    cache.set("t", "v", 100, 50);
    expect(cache.get("t", 99)).toBe("v");
    expect(cache.get("t", 100)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get("t", 50)).toBeUndefined(); // gone, even for an earlier clock
  });

  it("never keeps a value that has already expired", () => {
    const cache = new VerifiedCache<string>(10);
    cache.set("t", "v", 100, 100);
    expect(cache.size).toBe(0);
  });

  it("holds at most max entries, dropping the oldest first", () => {
    const cache = new VerifiedCache<number>(2);
    cache.set("a", 1, 100, 0);
    cache.set("b", 2, 100, 0);
    cache.set("c", 3, 100, 0);
    expect(cache.size).toBe(2);
    expect(cache.get("a", 0)).toBeUndefined();
    expect(cache.get("b", 0)).toBe(2);
    expect(cache.get("c", 0)).toBe(3);
  });

  it("matches only the exact value verified", () => {
    const cache = new VerifiedCache<number>(2);
    cache.set("header.payload.sig", 1, 100, 0);
    expect(cache.get("header.payload.sig2", 0)).toBeUndefined();
    expect(cache.get("header.payload.si", 0)).toBeUndefined();
  });
});
