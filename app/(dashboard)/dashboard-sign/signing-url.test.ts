import { answerForApiError } from "@/lib/actions/api-error-answer";
import { COUNTERS_ERRORS, isAcceptableDocumentUrl, isAcceptableSigningUrl, isSignatureId } from "./signing-url";

it.each([
  ["sig-dd-a10007", true],
  ["abc.DEF_123", true],
  ["", false],
  ["../x", false],
  ["a b", false],
  ["x".repeat(129), false],
  [["a"], false],
])("isSignatureId(%j) is %s", (value, ok) => expect(isSignatureId(value)).toBe(ok));

it("maps counters' errors to the page's reasons", () => {
  const reason = (detail: Parameters<typeof answerForApiError>[0]) =>
    answerForApiError(detail, { errorTypes: COUNTERS_ERRORS }, "user")?.reason;
  // undefined: logged, then failed (the page's "not available right now").
  expect(reason(undefined)).toBeUndefined();
  expect(reason({ status: 401, message: "x" })).toBe("signed-out");
  expect(reason({ status: 200, errorType: "UnauthorizedException", message: "x" })).toBe("signed-out");
  expect(reason({ status: 200, errorType: "ResourceNotFoundException", message: "x" })).toBe("not-found");
  expect(reason({ status: 200, errorType: "BadRequestException", message: "x", field: "signature_id" })).toBe("not-found");
  expect(reason({ status: 200, errorType: "ConflictException", message: "x" })).toBe("conflict");
  expect(reason({ status: 200, errorType: "InternalFailure", message: "x" })).toBeUndefined();
});

it("accepts https signing URLs, and the stand-in's origin only locally", () => {
  const local = { localEsignOrigin: "http://localhost:3100" };
  const hosted = {};
  expect(isAcceptableSigningUrl("https://app.hellosign.com/editor/embeddedSign?x=1", hosted)).toBe(true);
  expect(isAcceptableSigningUrl("http://localhost:3100/api/local/esign/editor/embeddedSign", local)).toBe(true);
  expect(isAcceptableSigningUrl("http://localhost:3100/api/local/esign/editor/embeddedSign", hosted)).toBe(false);
  expect(isAcceptableSigningUrl("http://127.0.0.1:3100/api/local/esign/editor/embeddedSign", local)).toBe(false);
  expect(isAcceptableSigningUrl("http://evil.example/x", local)).toBe(false);
  expect(isAcceptableSigningUrl("javascript:alert(1)", local)).toBe(false);
  expect(isAcceptableSigningUrl("not a url", local)).toBe(false);
  expect(isAcceptableSigningUrl(null, local)).toBe(false);
});

it.each([
  ["/api/local/documents/abc/signed-contract-sig-1.pdf?expires=1&signature=ab", true],
  ["https://documents.s3.amazonaws.com/x.pdf?X-Amz-Signature=ab", true],
  ["//evil.example/x.pdf", false],
  ["/\\evil.example/x.pdf", false],
  ["http://documents.example/x.pdf", false],
  ["javascript:alert(1)", false],
  ["not a url", false],
  [null, false],
])("isAcceptableDocumentUrl(%j) is %s", (value, ok) => expect(isAcceptableDocumentUrl(value)).toBe(ok));
