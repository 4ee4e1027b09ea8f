import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES, MULTIPART_ALLOWANCE_BYTES } from "./upload-limits";

it("states 10 MiB for the file and 64 KiB for the multipart framing around it", () => {
  expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
  expect(MULTIPART_ALLOWANCE_BYTES).toBe(65_536);
  expect(MAX_UPLOAD_BODY_BYTES).toBe(10_551_296);
});
