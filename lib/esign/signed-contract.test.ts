import { DOCUMENT_URL_VALID_MS, documentUrlStillGood, signedContractFileName } from "./signed-contract";

const MINUTE = 60_000;
const MINTED = Date.UTC(2026, 10, 28, 9, 0, 0);

it.each([
  ["just minted", 0, true],
  ["after 12 minutes", 12 * MINUTE, true],
  ["after 13 minutes (too close to the end to be followed)", 13 * MINUTE, false],
  ["after its 15 minutes", DOCUMENT_URL_VALID_MS, false],
  ["with the clock set back since (never trusted)", -MINUTE, false],
])("a document URL %s may still be followed: %s", (_when, age, expected) => {
  expect(documentUrlStillGood(MINTED, MINTED + age)).toBe(expected);
});

it("names the signed copy after its signature request", () => {
  expect(signedContractFileName("sig-dd-a10007")).toBe("signed-contract-sig-dd-a10007.pdf");
});
