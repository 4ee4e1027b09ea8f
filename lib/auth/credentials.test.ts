import { randomPassword, randomUsername } from "./credentials";

describe("random credentials (SPEC 9)", () => {
  it("username: 3 random bytes in hex", () => {
    expect(randomUsername()).toMatch(/^[0-9a-f]{6}$/);
  });
  it("password: 30 random bytes in hex", () => {
    expect(randomPassword()).toMatch(/^[0-9a-f]{60}$/);
  });
  it("draws from crypto.getRandomValues, zero-padding each byte", () => {
    const source = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        new Uint8Array(array!.buffer).set([0x0a, 0xff, 0x00]);
        return array;
      },
    };
    expect(randomUsername(source as Pick<Crypto, "getRandomValues">)).toBe("0aff00");
  });
  it("differs between calls", () => {
    const names = new Set(Array.from({ length: 50 }, () => randomPassword()));
    expect(names.size).toBe(50);
  });
});
