import { BodyTooLarge, readLimitedText } from "./read-body";

function streamed(parts: string[], onPull?: () => void): Request {
  const enc = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull?.();
      if (i < parts.length) controller.enqueue(enc.encode(parts[i++]!));
      else controller.close();
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readLimitedText", () => {
  it("reads a body within the limit", async () => {
    await expect(readLimitedText(streamed(["ab", "cé"]), 10)).resolves.toBe("abcé");
    await expect(readLimitedText(new Request("http://x/", { method: "POST" }), 10)).resolves.toBe("");
  });
  it("stops reading as soon as the limit is passed", async () => {
    let pulls = 0;
    const parts = Array.from({ length: 100 }, () => "x".repeat(10));
    await expect(
      readLimitedText(
        streamed(parts, () => pulls++),
        25,
      ),
    ).rejects.toBeInstanceOf(BodyTooLarge);
    expect(pulls).toBeLessThan(6);
  });
  it("refuses a declared Content-Length over the limit unread", async () => {
    const req = new Request("http://x/", { method: "POST", body: "small", headers: { "content-length": "999999" } });
    await expect(readLimitedText(req, 100)).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
