/**
 * The signed contract in the borrower's documents, over HTTP: signing in the e-signature stand-in
 * files one copy (however often the provider's callback comes), loadFrontend lists it with a
 * signed, expiring URL, and the documents door serves it to its owner only.
 */
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { formatUsd } from "../../../lib/format/money";
import { idTokenCookie, lastAuthUserCookie } from "../../../lib/cognito/amplify-cookies";
import { signedContractFileName } from "../../../lib/esign/signed-contract";
import { CountersDocument, LoadFrontendDocument } from "../../../lib/graphql/generated/operations";
import { gql, sql, standInSuite } from "../graphql/testing/api-test-kit";

jest.setTimeout(120_000);

const server = standInSuite({ LOCAL_CLOCK_CONTROL: "1" });
const SIGNER = { email: "offer-dd@example.com", signatureId: "sig-dd-a10007" };
const OTHER = "signer@example.com";
// Every token this file uses is minted before any test: the expiry test moves the server's clock, and
// a token minted on a moved clock is refused where it is checked against the real one.
beforeAll(async () => {
  for (const email of [SIGNER.email, OTHER]) await server.tokenFor(email);
});

const cookieFor = async (email: string) => {
  const client = LOCAL_DEFAULTS.cognitoClientId;
  return `${lastAuthUserCookie(client)}=u; ${idTokenCookie(client, "u")}=${await server.tokenFor(email)}`;
};

const esign = (path: string, body: unknown) =>
  fetch(`${server.url}/api/local/esign/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function documents(email: string) {
  const reply = await gql(server.url, { token: await server.tokenFor(email) }, LoadFrontendDocument);
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.loadFrontend!.documents;
}

async function contractUrl(email: string, signatureId: string): Promise<URL | undefined> {
  const statement = (await documents(email)).flatMap((d) => d.statements).find((s) => s.fileName === signedContractFileName(signatureId));
  return statement && new URL(statement.signedUrl, server.url);
}

/** Signs through the stand-in as the embedded page does: counters, open the link, sign. */
async function sign(email: string, signatureId: string, name: string) {
  const reply = await gql(server.url, { token: await server.tokenFor(email) }, CountersDocument, { signature_id: signatureId });
  const url = new URL(reply.body.data!.counters!);
  url.searchParams.set("client_id", LOCAL_DEFAULTS.hellosignClientId);
  url.searchParams.set("parent_url", `${server.url}/dashboard-sign?counters=${signatureId}`);
  expect((await fetch(url)).status).toBe(200);
  return esign("sign", { token: url.searchParams.get("token"), signature_id: signatureId, name, consent: true });
}

/**
 * The filing, once per file: whichever test runs first signs (any may, in random order), after
 * looking at the documents before signing; the first test checks what was seen then.
 */
let filing:
  Promise<{ before: (URL | undefined)[]; early: unknown; signed: number; retries: { status: number; body: unknown }[] }> | undefined;
const filed = () =>
  (filing ??= (async () => {
    const before = [await contractUrl(SIGNER.email, SIGNER.signatureId)];
    // A callback for a request not signed yet files nothing.
    const early: unknown = await (await esign("callback", { signature_id: SIGNER.signatureId })).json();
    before.push(await contractUrl(SIGNER.email, SIGNER.signatureId));
    const signed = (await sign(SIGNER.email, SIGNER.signatureId, "Offer Tester")).status;
    // The provider retries its callback.
    const retries: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 2; i++) {
      const again = await esign("callback", { signature_id: SIGNER.signatureId });
      retries.push({ status: again.status, body: await again.json() });
    }
    return { before, early, signed, retries };
  })());

const download = async (url: URL | string, email?: string) => fetch(url, { headers: email ? { cookie: await cookieFor(email) } : {} });

describe("the signed contract in the borrower's documents", () => {
  it("is filed once when the contract is signed, however often the callback comes, and not before", async () => {
    const { before, early, signed, retries } = await filed();
    expect(before).toEqual([undefined, undefined]);
    expect(early).toMatchObject({ filed: false });
    expect(signed).toBe(200);
    // The provider's retried callbacks: still one copy.
    expect(retries).toEqual([
      { status: 200, body: expect.objectContaining({ filed: false }) },
      { status: 200, body: expect.objectContaining({ filed: false }) },
    ]);
    const rows = await sql(server.url, "SELECT sub, file_name FROM filed_documents WHERE signature_id = $1", [SIGNER.signatureId]);
    expect(rows).toEqual([{ sub: expect.any(String), file_name: signedContractFileName(SIGNER.signatureId) }]);
    const docs = (await documents(SIGNER.email)).filter((d) => d.statements.some((s) => s.fileName.startsWith("signed-contract-")));
    expect(docs).toHaveLength(1);
    // Nobody else's documents list it.
    expect(await contractUrl(OTHER, SIGNER.signatureId)).toBeUndefined();
  });

  it("serves the copy as a PDF naming the loan amount to its owner, on the app's own origin", async () => {
    await filed();
    const url = (await contractUrl(SIGNER.email, SIGNER.signatureId))!;
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe(`/api/local/documents/${url.pathname.split("/")[4]}/${signedContractFileName(SIGNER.signatureId)}`);
    const res = await download(url, SIGNER.email);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${signedContractFileName(SIGNER.signatureId)}"`);
    const pdf = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    const [row] = await sql<{ amount: string }>(
      server.url,
      "SELECT q.amount FROM prequalifications q JOIN applications a USING (sub) WHERE a.primary_email = $1",
      [SIGNER.email],
    );
    expect(pdf).toContain(`(Loan amount: ${formatUsd(Number(row!.amount))})`);
    expect(pdf).toContain("Signed electronically by Offer Tester");
  });

  it.each([
    ["another user signed in", OTHER, (u: URL) => u, 404],
    ["nobody signed in", undefined, (u: URL) => u, 401],
    ["a tampered signature", SIGNER.email, (u: URL) => withParam(u, "signature", flip(u.searchParams.get("signature")!)), 403],
    [
      "a later expiry than signed",
      SIGNER.email,
      (u: URL) => withParam(u, "expires", String(Number(u.searchParams.get("expires")) + 3600)),
      403,
    ],
    ["no signature", SIGNER.email, (u: URL) => withParam(u, "signature", null), 403],
    ["a junk signature", SIGNER.email, (u: URL) => withParam(u, "signature", "%%"), 403],
    ["another file name", SIGNER.email, (u: URL) => new URL(u.href.replace(".pdf?", ".html?")), 404],
    ["an unknown id", SIGNER.email, (u: URL) => new URL(u.href.replace(/documents\/[^/]+/, "documents/nope")), 404],
  ])("refuses the URL with %s (a 4xx page, never the file)", async (_case, email, change, status) => {
    await filed();
    const url = change((await contractUrl(SIGNER.email, SIGNER.signatureId))!);
    const res = await download(url, email);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).not.toContain("%PDF");
  });

  it("refuses a URL once it has expired; a fresh load gives one that works", async () => {
    await filed();
    const url = (await contractUrl(SIGNER.email, SIGNER.signatureId))!;
    const moved = await fetch(`${server.url}/api/local/clock`, { method: "POST", body: JSON.stringify({ advanceSeconds: 16 * 60 }) });
    expect(moved.status).toBe(200);
    expect((await download(url, SIGNER.email)).status).toBe(410);
    expect((await download((await contractUrl(SIGNER.email, SIGNER.signatureId))!, SIGNER.email)).status).toBe(200);
  });

  it("refuses a malformed callback with a 400", async () => {
    const res = await esign("callback", { signature_id: "../../etc" });
    expect(res.status).toBe(400);
  });
});

function withParam(url: URL, name: string, value: string | null): URL {
  const next = new URL(url);
  if (value === null) next.searchParams.delete(name);
  else next.searchParams.set(name, value);
  return next;
}

const flip = (hex: string) => (hex[0] === "0" ? "1" : "0") + hex.slice(1);
