import { appendPeerAddress, clientAddress } from "./client-ip";

const xff = (value?: string) => new Headers(value === undefined ? {} : { "x-forwarded-for": value });

describe("clientAddress: the source a limit counts, never what the client writes", () => {
  it.each<[string, string | undefined, number, string]>([
    ["the peer, with no proxy in front", "127.0.0.1", 0, "127.0.0.1"],
    ["the peer, whatever the client wrote to its left", "203.0.113.9, 10.0.0.5", 0, "10.0.0.5"],
    ["the address the one trusted proxy saw", "203.0.113.9, 198.51.100.7, 10.0.0.5", 1, "198.51.100.7"],
    ["a client-written entry is never read behind one proxy", "1.1.1.1, 2.2.2.2, 198.51.100.7, 10.0.0.5", 1, "198.51.100.7"],
    ["the left-most hop when fewer entries than hops", "10.0.0.5", 2, "10.0.0.5"],
    ["an IPv4-mapped IPv6 peer as IPv4", "::ffff:127.0.0.1", 0, "127.0.0.1"],
    ["IPv6, lowercased", "2001:DB8::1", 0, "2001:db8::1"],
    ["a bracketed IPv6 with a port", "[2001:db8::1]:443", 0, "2001:db8::1"],
    ["an IPv4 with a port", "198.51.100.7:55000", 0, "198.51.100.7"],
    ["garbage as one bucket", "not-an-ip", 0, "invalid"],
    ["an address with a trailing note as garbage", "1.2.3.4 x", 0, "invalid"],
    ["nothing as unknown", undefined, 0, "unknown"],
    ["empty entries skipped", "198.51.100.7, , ", 0, "198.51.100.7"],
  ])("%s", (_, header, hops, want) => {
    expect(clientAddress(xff(header), hops)).toBe(want);
  });
});

describe("appendPeerAddress (what the server owning the socket does)", () => {
  it.each<[string | string[] | undefined, string | undefined, string]>([
    [undefined, "127.0.0.1", "127.0.0.1"],
    ["203.0.113.9", "127.0.0.1", "203.0.113.9, 127.0.0.1"],
    [["a", "b"], "::1", "a, b, ::1"],
    [undefined, undefined, "unknown"],
  ])("%j from %s → %s", (sent, peer, want) => {
    const headers: Record<string, string | string[] | undefined> = { "x-forwarded-for": sent };
    appendPeerAddress(headers, peer);
    expect(headers["x-forwarded-for"]).toBe(want);
    expect(clientAddress(new Headers({ "x-forwarded-for": want }), 0)).toBe(
      peer ? clientAddress(new Headers({ "x-forwarded-for": peer }), 0) : "unknown",
    );
  });
});
