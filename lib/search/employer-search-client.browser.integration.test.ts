/**
 * @jest-environment jsdom
 *
 * The browser build of the algoliasearch lite client (XMLHttpRequest requester, credentials in the
 * query string, JSON sent as text/plain) against the local index: no Algolia host is contacted, so
 * nothing hangs offline.
 */
import { startLocalServer, type LocalServer } from "../../local/infra/testing/spawn-local-server";
import { employerSearchClient } from "./employer-search-client";

// Jest (under next/jest) resolves the package's node build even in jsdom; load the browser bundle
// that the shell's client code gets from the Next bundler instead.
jest.mock("algoliasearch/lite", () => jest.requireActual("algoliasearch/dist/lite/builds/browser.umd"));

jest.setTimeout(120_000);

let server: LocalServer;

beforeAll(async () => {
  // The client is under test here, not the engine (and pg does not load under jsdom): PGlite always.
  // Only the hand-written employers: the generated directory is the engine's concern (its own tests).
  server = await startLocalServer({ DATABASE_URL: "", LOCAL_DATA_DIR: "memory://", APP_ENV: "local", LOCAL_EMPLOYER_DIRECTORY_SIZE: "0" });
});

afterAll(async () => {
  await server?.stop();
});

it("runs in a browser environment with XMLHttpRequest", async () => {
  expect(typeof window).toBe("object");
  const open = jest.spyOn(window.XMLHttpRequest.prototype, "open");
  const client = employerSearchClient({ appEnv: "local" }, { origin: server.url });
  const { results } = await client.search<{ name: string; parentId: string | null }>([
    { indexName: "local_employers", params: { query: "lincoln", hitsPerPage: 5 } },
    { indexName: "local_employers", params: { query: "", filters: "parentId:6000" } },
  ]);
  // One request to the one local host: no retry on another host (a hang fails on the test's timeout).
  expect(open.mock.calls.map((c) => [c[0], String(c[1]).split("?")[0]])).toEqual([
    ["POST", `${server.url}/api/local/algolia/1/indexes/*/queries`],
  ]);
  const [a, b] = results as unknown as { hits: { name: string }[] }[];
  expect(a!.hits.map((h) => h.name)).toEqual(["Lincoln Elementary School"]);
  expect(b!.hits.map((h) => h.name).sort()).toEqual([
    "Metropolitan Transit Authority Bus Operations",
    "Metropolitan Transit Authority Rail Operations",
  ]);
});

it("uses the window's origin when none is given", () => {
  // jsdom's origin; no request is made here, the client is only built.
  expect(() => employerSearchClient({ appEnv: "local" })).not.toThrow();
});
