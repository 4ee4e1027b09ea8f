/**
 * The employer index over HTTP in Algolia's wire format, and the shell's search client
 * (lib/search) against it: the same algoliasearch lite client the cloud uses, hosts pointed here.
 */
import { CHILDRENS_HOSPITAL_EMPLOYER_IDS as SHELL_IDS, CHILDRENS_HOSPITAL_PARENT_ID as SHELL_PARENT } from "../../lib/application/special-employers";
import { employerIndexName, employerSearchClient } from "../../lib/search/employer-search-client";
import { CHILDRENS_HOSPITAL_EMPLOYER_IDS, CHILDRENS_HOSPITAL_PARENT_ID, EMPLOYERS, ISLAND_EMPLOYER_ID } from "../data/employers-seed";
import { startLocalServer, type LocalServer } from "../testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../testing/test-database";

jest.setTimeout(120_000);

let server: LocalServer;
let database: TestDatabase;
const INDEX = "local_employers";

beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({ ...database.env, APP_ENV: "local" });
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

interface Hit { objectID: string; name: string; parentId: string | null; parentName: string | null; city: string | null; state: string | null; logoUrl: string | null; _highlightResult: any }
interface Result { hits: Hit[]; nbHits: number; page: number; nbPages: number; hitsPerPage: number; query: string; params: string; index: string; processingTimeMS: number }

async function multi(requests: unknown[], path = "/api/local/algolia/1/indexes/*/queries"): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    // The browser client posts form-encoded to skip the preflight; the body is still JSON.
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: JSON.stringify({ requests }),
  });
  return { status: res.status, body: await res.json() };
}

const names = (r: Result) => r.hits.map((h) => h.name);

describe("the local employer index, Algolia wire format", () => {
  it("answers a multi-query with Algolia's result shape and the SPEC's hit shape", async () => {
    const { status, body } = await multi([
      { indexName: INDEX, params: "query=lincoln&hitsPerPage=5" },
      { indexName: INDEX, query: "peachtree", hitsPerPage: 2 },
    ]);
    expect(status).toBe(200);
    const [a, b] = body.results as [Result, Result];
    expect(a).toMatchObject({ nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 5, query: "lincoln", index: INDEX, processingTimeMS: expect.any(Number) });
    expect(a.params).toContain("query=lincoln");
    const { _highlightResult, ...hit } = a.hits[0]!;
    expect(hit).toEqual({
      objectID: "1001", name: "Lincoln Elementary School", parentId: "1000", parentName: "Metro Unified School District",
      city: "Springfield", state: "IL", logoUrl: null,
    });
    expect(_highlightResult.name).toEqual({ value: "<em>Lincoln</em> Elementary School", matchLevel: "full", matchedWords: ["lincoln"] });
    expect(b).toMatchObject({ nbHits: 4, nbPages: 2, hitsPerPage: 2 });
    expect(b.hits).toHaveLength(2);
  });

  it("searches as you type: case-insensitive prefixes and substrings, every word must match", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "AUS" },
      { indexName: INDEX, query: "city of" },
      { indexName: INDEX, query: "elem" },
      { indexName: INDEX, query: "high lincoln" },
      { indexName: INDEX, query: "zzzz" },
      { indexName: INDEX, query: "100%_" },
    ]);
    const [aus, cityOf, elem, none, zz, wild] = body.results as Result[];
    // Name starts with the query, then a name word starts with it, then matches on the city only
    // (top-level employers before sub-employers within a tier).
    expect(names(aus!).slice(0, 5)).toEqual([
      "Austin Fire Department", "Austin Parks and Recreation", "Austin Police Department", "City of Austin", "Travis County",
    ]);
    for (const h of aus!.hits.slice(4)) expect([h.city, h.name.toLowerCase().includes("aus")]).toEqual(["Austin", false]);
    expect(names(cityOf!)).toEqual(["City of Austin", "City of Springfield"]);
    expect(names(elem!)).toEqual(["Lincoln Elementary School", "Canyon View Elementary School"].sort((x, y) => x.localeCompare(y)));
    expect(none!.nbHits).toBe(0);
    expect(zz!).toMatchObject({ nbHits: 0, nbPages: 0, hits: [] });
    expect(wild!.nbHits).toBe(0); // LIKE wildcards in the query are literal
  });

  it("an exact name beats a longer name that starts with it", async () => {
    const { body } = await multi([{ indexName: INDEX, query: "metropolitan transit authority" }]);
    expect(names(body.results[0])[0]).toBe("Metropolitan Transit Authority");
    expect(body.results[0].nbHits).toBe(3);
  });

  it("filters by parentId, as filters, facetFilters or a params string", async () => {
    const subs = EMPLOYERS.filter((e) => e.parentId === "2000").map((e) => e.name).sort();
    const { body } = await multi([
      { indexName: INDEX, query: "", filters: "parentId:2000" },
      { indexName: INDEX, query: "", facetFilters: ['parentId:"2000"'] },
      { indexName: INDEX, params: `query=&facetFilters=${encodeURIComponent(JSON.stringify([["parentId:2000"]]))}` },
      { indexName: INDEX, query: "health", filters: "parentId:2000" },
      { indexName: INDEX, query: "", filters: `parentId:${ISLAND_EMPLOYER_ID}` },
    ]);
    const [a, b, c, d, island] = body.results as Result[];
    for (const r of [a!, b!, c!]) expect(names(r).sort()).toEqual(subs);
    expect(names(d!)).toEqual(["Georgia Department of Public Health"]);
    expect(island!.nbHits).toBe(0);
    for (const h of a!.hits) expect(h).toMatchObject({ parentId: "2000", parentName: "State of Georgia" });
  });

  it("pages", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 0 },
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 1 },
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 99 },
    ]);
    const [p0, p1, past] = body.results as Result[];
    expect(p0!.nbHits).toBe(EMPLOYERS.length);
    expect(p0!.nbPages).toBe(Math.ceil(EMPLOYERS.length / 10));
    expect(new Set([...names(p0!), ...names(p1!)]).size).toBe(20);
    expect(past!).toMatchObject({ hits: [], nbHits: EMPLOYERS.length, page: 99 });
  });

  it("refuses an unknown index, an unsupported filter, bad paging and a bad body, in Algolia's error shape", async () => {
    expect(await multi([{ indexName: "prod_employers", query: "a" }])).toEqual({ status: 404, body: { message: "Index does not exist", status: 404 } });
    const filter = await multi([{ indexName: INDEX, filters: "state:GA" }]);
    expect(filter.status).toBe(400);
    expect(filter.body.message).toContain("state:GA");
    expect((await multi([{ indexName: INDEX, hitsPerPage: -1 }])).status).toBe(400);
    expect((await multi([])).status).toBe(400);
    const res = await fetch(`${server.url}/api/local/algolia/1/indexes/*/queries`, { method: "POST", body: "nope" });
    expect(res.status).toBe(400);
  });

  it("answers the single-index query route too", async () => {
    const res = await fetch(`${server.url}/api/local/algolia/1/indexes/${INDEX}/query`, { method: "POST", body: JSON.stringify({ params: "query=harbor" }) });
    const body = (await res.json()) as Result;
    expect(names(body)).toEqual(["Harbor Point Water District"]);
    expect(body.hits[0]!.parentId).toBeNull();
  });
});

describe("the shell's employer search client (lib/search)", () => {
  it("names the index by stage", () => {
    expect(employerIndexName({ appEnv: "local" })).toBe("local_employers");
    expect(employerIndexName({ appEnv: "production", algolia: { appId: "A", searchKey: "k", indexName: "production_employers" } })).toBe("production_employers");
  });

  it("is the algoliasearch lite client pointed at the local endpoint, and answers without hanging", async () => {
    const client = employerSearchClient({ appEnv: "local" }, { origin: server.url });
    const started = Date.now();
    // The InstantSearch call shape: an array of { indexName, params }.
    const { results } = await client.search<Hit>([
      { indexName: INDEX, params: { query: "peach", hitsPerPage: 10 } },
      { indexName: INDEX, params: { query: "", filters: `parentId:${CHILDRENS_HOSPITAL_PARENT_ID}`, hitsPerPage: 10 } },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    const [top, subs] = results as unknown as Result[];
    expect(names(top!)[0]).toBe("Peachtree Children's Healthcare");
    expect(subs!.hits.map((h) => h.objectID).sort()).toEqual(CHILDRENS_HOSPITAL_EMPLOYER_IDS.filter((id) => id !== CHILDRENS_HOSPITAL_PARENT_ID));
  });

  it("refuses to guess outside local when Algolia is not configured", () => {
    expect(() => employerSearchClient({ appEnv: "staging" })).toThrow(/ALGOLIA_APP_ID/);
    expect(() => employerSearchClient({ appEnv: "local" })).toThrow(/origin/);
  });

  it("the shell's special employer ids are the ones the local index holds", () => {
    expect([...SHELL_IDS]).toEqual([...CHILDRENS_HOSPITAL_EMPLOYER_IDS]);
    expect(SHELL_PARENT).toBe(CHILDRENS_HOSPITAL_PARENT_ID);
    for (const id of SHELL_IDS) expect(EMPLOYERS.some((e) => e.id === id)).toBe(true);
  });
});
