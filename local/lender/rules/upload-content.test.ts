import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  UPLOAD_MESSAGES,
  checkUpload,
  checkUploadedFile,
  readUploadForm,
  sniffDocumentType,
} from "./upload-content";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PDF = bytes("%PDF-1.7\n%âãÏÓ");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR");
const heif = (brand: string) => bytes([0, 0, 0, 24], "ftyp", brand, [0, 0, 0, 0]);

describe("sniffDocumentType", () => {
  it.each([
    ["a PDF", PDF, "pdf"],
    ["a JPEG (JFIF)", JPEG, "jpeg"],
    ["a JPEG (Exif)", bytes([0xff, 0xd8, 0xff, 0xe1]), "jpeg"],
    ["a PNG", PNG, "png"],
    ["an iPhone HEIC", heif("heic"), "heic"],
    ["a HEIF image (mif1)", heif("mif1"), "heic"],
    ["a HEIF sequence (msf1)", heif("msf1"), "heic"],
    ["an AVIF", heif("avif"), null],
    ["an MP4", heif("isom"), null],
    ["a Windows program", bytes("MZ", [0x90, 0, 3, 0]), null],
    ["HTML", bytes("<!DOCTYPE html><script>"), null],
    ["SVG with script", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>'), null],
    ["a ZIP (or DOCX)", bytes("PK", [3, 4]), null],
    ["a GIF", bytes("GIF89a"), null],
    ["PDF magic not at the start", bytes(" %PDF-1.4"), null],
    ["half a PNG signature", bytes([0x89, 0x50, 0x4e, 0x47]), null],
    ["a truncated HEIF header", bytes([0, 0, 0, 24], "ftyphe"), null],
    ["nothing", bytes(), null],
  ])("%s: %s", (_, head, type) => expect(sniffDocumentType(head)).toBe(type));
});

describe("checkUpload", () => {
  const ok = (type: string, contentType: string) => ({ ok: true, type, contentType });
  const refused = (message: string) => ({ ok: false, message });
  const mismatch = (type: string, ext: string) =>
    refused(
      `The file's name does not match its content: it is a ${type} file, so its name should end in .${ext}. Rename it and try again.`,
    );

  it.each([
    ["licence.pdf", 1, PDF, ok("pdf", "application/pdf")],
    ["LICENCE.PDF", 2048, PDF, ok("pdf", "application/pdf")],
    ["photo.jpg", 500_000, JPEG, ok("jpeg", "image/jpeg")],
    ["photo.JPEG", 500_000, JPEG, ok("jpeg", "image/jpeg")],
    ["scan.png", 500_000, PNG, ok("png", "image/png")],
    ["IMG_0001.HEIC", 2_000_000, heif("heic"), ok("heic", "image/heic")],
    ["IMG_0001.heif", 2_000_000, heif("mif1"), ok("heic", "image/heic")],
    ["exactly the limit.pdf", 10 * 1024 * 1024, PDF, ok("pdf", "application/pdf")],
    ["one byte over.pdf", 10 * 1024 * 1024 + 1, PDF, refused(UPLOAD_MESSAGES.tooLarge)],
    ["empty.pdf", 0, PDF, refused(UPLOAD_MESSAGES.empty)],
    ["setup.exe", 90_000, bytes("MZ", [0x90, 0]), refused(UPLOAD_MESSAGES.type)],
    ["licence.pdf.exe", 90_000, bytes("MZ", [0x90, 0]), refused(UPLOAD_MESSAGES.type)],
    ["page.html", 300, bytes("<html><script>alert(1)</script>"), refused(UPLOAD_MESSAGES.type)],
    ["id.svg", 300, bytes("<svg onload=alert(1)>"), refused(UPLOAD_MESSAGES.type)],
    ["id.pdf", 300, bytes("<svg onload=alert(1)>"), refused(UPLOAD_MESSAGES.type)],
    ["photo.png", 500_000, JPEG, mismatch("JPEG", "jpg")],
    ["licence.jpg", 500_000, PDF, mismatch("PDF", "pdf")],
    ["licence.html", 500_000, PDF, mismatch("PDF", "pdf")],
    ["licence", 500_000, PDF, mismatch("PDF", "pdf")],
    ["IMG_0001.jpg", 500_000, heif("heic"), mismatch("HEIC", "heic")],
    ["", 500_000, PDF, refused(UPLOAD_MESSAGES.name)],
    ["id\u0000.pdf", 500_000, PDF, refused(UPLOAD_MESSAGES.name)],
    ["id\n.pdf", 500_000, PDF, refused(UPLOAD_MESSAGES.name)],
    ["id\ud800.pdf", 500_000, PDF, refused(UPLOAD_MESSAGES.name)],
    [`${"a".repeat(252)}.pdf`, 500_000, PDF, refused(UPLOAD_MESSAGES.name)],
    [`${"a".repeat(251)}.pdf`, 500_000, PDF, ok("pdf", "application/pdf")],
  ])("%j of %i bytes", (name, size, head, expected) => {
    expect(checkUpload({ name, size, head })).toEqual(expected);
  });

  it("lists every allowed type for the file input", () => {
    expect(UPLOAD_ACCEPT).toBe(".pdf,application/pdf,.jpg,.jpeg,image/jpeg,.png,image/png,.heic,.heif,image/heic");
  });
});

describe("readUploadForm and checkUploadedFile", () => {
  const post = (form: FormData) => new Request("http://local/api/local/apps/lending/apply/uploadIdentity", { method: "POST", body: form });
  const fileOf = (size: number, head: Uint8Array, name: string) => {
    const data = new Uint8Array(size);
    data.set(head.subarray(0, Math.min(head.length, size)));
    return new File([data], name, { type: "application/octet-stream" });
  };

  it.each([
    ["exactly 10 MiB", MAX_UPLOAD_BYTES, { ok: true, type: "pdf", contentType: "application/pdf" }],
    ["10 MiB and one byte", MAX_UPLOAD_BYTES + 1, { ok: false, message: UPLOAD_MESSAGES.tooLarge }],
  ])("a PDF of %s arrives whole and is checked", async (_, size, expected) => {
    const form = new FormData();
    form.set("action", "upload");
    form.set("file", fileOf(size, PDF, "licence.pdf"));
    const read = await readUploadForm(post(form));
    expect(read.get("action")).toBe("upload");
    const file = read.get("file") as File;
    expect(file.size).toBe(size);
    expect(await checkUploadedFile(file)).toEqual(expected);
  });

  it("refuses a body past the limit while it streams, without reading the rest", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://local/upload", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    await expect(readUploadForm(request)).rejects.toThrow(UPLOAD_MESSAGES.tooLarge);
    expect(pulled).toBeLessThanOrEqual(12 * 1024 * 1024);
  });

  it("refuses a declared length over the limit unread", async () => {
    const request = new Request("http://local/upload", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * 1024 * 1024) },
    });
    await expect(readUploadForm(request)).rejects.toThrow(UPLOAD_MESSAGES.tooLarge);
  });

  it.each([
    [
      "a body cut short by the proxy (declared longer than it is)",
      "--x\r\nContent-Disposition: form-data; name=",
      "999",
      UPLOAD_MESSAGES.tooLarge,
    ],
    ["a malformed body", "not multipart at all", undefined, UPLOAD_MESSAGES.unreadable],
  ])("answers %s in words", async (_, body, length, message) => {
    const headers: Record<string, string> = { "content-type": "multipart/form-data; boundary=x" };
    const request = new Request("http://local/upload", { method: "POST", body, headers });
    // Request recomputes content-length from a string body; a proxy's cut keeps the original one.
    const asProxied = length
      ? new Proxy(request, {
          get: (t, p) => (p === "headers" ? new Headers({ ...headers, "content-length": length }) : Reflect.get(t, p, t)),
        })
      : request;
    await expect(readUploadForm(asProxied)).rejects.toThrow(message);
  });
});
