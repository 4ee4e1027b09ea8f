/**
 * The employer index over HTTP in Algolia's wire format, and the shell's search client
 * (lib/search) against it: the same algoliasearch lite client the cloud uses, hosts pointed here.
 */
import {
  CHILDRENS_HOSPITAL_EMPLOYER_IDS as SHELL_IDS,
  CHILDRENS_HOSPITAL_PARENT_ID as SHELL_PARENT,
} from "../../../lib/application/special-employers";
import { employerIndexName, employerSearchClient } from "../../../lib/search/employer-search-client";
import type { EmployerHit } from "../../lender/data/employers";
import {
  CHILDRENS_HOSPITAL_EMPLOYER_IDS,
  CHILDRENS_HOSPITAL_PARENT_ID,
  EMPLOYERS,
  ISLAND_EMPLOYER_ID,
} from "../../lender/data/employers-seed";
import { standInSuite } from "../../lender/graphql/testing/api-test-kit";

jest.setTimeout(120_000);

// The worker's shared server: the employer directory is seeded and no suite changes it.
const server = standInSuite();
const INDEX = "local_employers";

/** A hit as the wire carries it: the search record (SPEC 3) and Algolia's highlight. */
type Hit = EmployerHit & { _highlightResult: any };
interface Result {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

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
      { indexName: INDEX, params: "query=lincoln%20elementary&hitsPerPage=5" },
      { indexName: INDEX, query: "peachtree", hitsPerPage: 2 },
    ]);
    expect(status).toBe(200);
    const [a, b] = body.results as [Result, Result];
    expect(a).toMatchObject({ page: 0, hitsPerPage: 5, query: "lincoln elementary", index: INDEX, processingTimeMS: expect.any(Number) });
    expect(a.params).toContain("query=lincoln+elementary");
    const { _highlightResult, ...hit } = a.hits[0]!;
    expect(hit).toEqual({
      objectID: "1001",
      name: "Lincoln Elementary School",
      parentId: "1000",
      parentName: "Metro Unified School District",
      city: "Springfield",
      state: "IL",
      logoUrl: null,
    });
    expect(_highlightResult.name).toEqual({
      value: "<em>Lincoln</em> <em>Elementary</em> School",
      matchLevel: "full",
      matchedWords: ["lincoln", "elementary"],
    });
    expect(b).toMatchObject({ nbHits: 4, nbPages: 2, hitsPerPage: 2 });
    expect(b.hits).toHaveLength(2);
  });

  it("searches as you type: case-insensitive word prefixes on name and city, every word must match, names starting with the query first", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "AUS", hitsPerPage: 50 },
      { indexName: INDEX, query: "city of", hitsPerPage: 50 },
      { indexName: INDEX, query: "elem" },
      { indexName: INDEX, query: "high lincoln" },
      { indexName: INDEX, query: "zzzz" },
      { indexName: INDEX, query: "100%_" },
    ]);
    const [aus, cityOf, elem, none, zz, wild] = body.results as Result[];
    const ausNames = names(aus!);
    const startsWith = ausNames.filter((n) => n.toLowerCase().startsWith("aus"));
    expect(ausNames.slice(0, startsWith.length)).toEqual(startsWith);
    expect(startsWith).toEqual([...startsWith].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(startsWith.slice(0, 3)).toEqual(["Austin Fire Department", "Austin Parks and Recreation", "Austin Police Department"]);
    // Then a name word starting with the query, then matches on the city only.
    const cityOfAustin = ausNames.indexOf("City of Austin");
    expect(cityOfAustin).toBe(startsWith.length);
    for (const h of aus!.hits.slice(cityOfAustin + 1)) expect(h.name.toLowerCase().includes(" aus") || h.city === "Austin").toBe(true);
    const cityOfNames = names(cityOf!).filter((n) => n.startsWith("City of "));
    expect(names(cityOf!).slice(0, cityOfNames.length)).toEqual(cityOfNames);
    expect(names(cityOf!)).toEqual(expect.arrayContaining(["City of Austin", "City of Springfield"]));
    expect(names(elem!)).toEqual(expect.arrayContaining(["Lincoln Elementary School", "Canyon View Elementary School"]));
    expect(none!.nbHits).toBe(0);
    expect(zz!).toMatchObject({ nbHits: 0, nbPages: 0, hits: [] });
    expect(wild!.nbHits).toBe(0); // LIKE wildcards in the query are literal
  });

  it("tolerates typos: one from 4 characters, two from 8, ranked after exact matches", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "mtero unified" },
      { indexName: INDEX, query: "metropolitn transit" },
      { indexName: INDEX, query: "peachtre childrns" },
      { indexName: INDEX, query: "hrabor point" },
      { indexName: INDEX, query: "mte" },
    ]);
    const [metro, transit, peach, harbor, short] = body.results as Result[];
    expect(names(metro!)[0]).toBe("Metro Unified School District");
    expect(names(transit!)[0]).toBe("Metropolitan Transit Authority");
    expect(names(peach!)).toContain("Peachtree Children's Healthcare");
    expect(names(harbor!)).toContain("Harbor Point Water District");
    expect(short!.nbHits).toBe(0); // three characters: no typo allowed
  });

  it("an exact name beats a longer name that starts with it", async () => {
    const { body } = await multi([{ indexName: INDEX, query: "metropolitan transit authority" }]);
    expect(names(body.results[0])[0]).toBe("Metropolitan Transit Authority");
    expect(body.results[0].nbHits).toBe(3);
  });

  it("filters by parentId, as filters, facetFilters or a params string", async () => {
    const subs = EMPLOYERS.filter((e) => e.parentId === "2000")
      .map((e) => e.name)
      .sort();
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

  it("answers any facetFilters with results or a 400 in Algolia's shape (never a 5xx)", async () => {
    const subs = EMPLOYERS.filter((e) => e.parentId === "2000").length;
    const { body } = await multi([
      { indexName: INDEX, query: "", facetFilters: ["parentId:1000", "parentId:2000"] },
      { indexName: INDEX, query: "", facetFilters: [["parentId:1000", "parentId:2000"]] },
      { indexName: INDEX, query: "health", facetFilters: [["parentId:2000", "-parentId:2000"], "parentId:2000"] },
      { indexName: INDEX, query: "", facetFilters: ["-parentId:2000"], hitsPerPage: 1000 },
    ]);
    const [both, either, health, notGeorgia] = body.results as Result[];
    expect(both!.nbHits).toBe(0);
    expect(either!.nbHits).toBe(subs + EMPLOYERS.filter((e) => e.parentId === "1000").length);
    expect(names(health!)).toEqual(["Georgia Department of Public Health"]);
    for (const h of notGeorgia!.hits) expect(h.parentId).not.toBe("2000");
    for (const facetFilters of [["name:x"], [[["parentId:1"]]], [1]]) {
      const refused = await multi([{ indexName: INDEX, query: "", facetFilters }]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: 400, message: expect.any(String) });
    }
  });

  it("pages, with counts capped like Algolia's approximate ones", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 0 },
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 1 },
      { indexName: INDEX, query: "", hitsPerPage: 10, page: 100 },
      { indexName: INDEX, query: "", filters: "parentId:1000", hitsPerPage: 2, page: 1 },
    ]);
    const [p0, p1, past, subs] = body.results as (Result & { exhaustiveNbHits: boolean })[];
    expect(p0!).toMatchObject({ nbHits: 1000, nbPages: 100, exhaustiveNbHits: false });
    expect(new Set([...p0!.hits, ...p1!.hits].map((h) => h.objectID)).size).toBe(20);
    expect(past!).toMatchObject({ hits: [], nbHits: 1000, page: 100 });
    expect(subs!).toMatchObject({ nbHits: 4, nbPages: 2, exhaustiveNbHits: true });
    expect(subs!.hits).toHaveLength(2);
  });

  it("holds the generated directory beside the hand-written employers", async () => {
    const { body } = await multi([
      { indexName: INDEX, query: "state of georgia" },
      { indexName: INDEX, query: "government of guam" },
    ]);
    expect(names(body.results[0])[0]).toBe("State of Georgia");
    expect(names(body.results[1])[0]).toBe("Government of Guam");
  });

  it("refuses an unknown index, an unsupported filter, bad paging and a bad body, in Algolia's error shape", async () => {
    expect(await multi([{ indexName: "prod_employers", query: "a" }])).toEqual({
      status: 404,
      body: { message: "Index does not exist", status: 404 },
    });
    const filter = await multi([{ indexName: INDEX, filters: "state:GA" }]);
    expect(filter.status).toBe(400);
    expect(filter.body.message).toContain("state:GA");
    expect((await multi([{ indexName: INDEX, hitsPerPage: -1 }])).status).toBe(400);
    expect((await multi([])).status).toBe(400);
    const res = await fetch(`${server.url}/api/local/algolia/1/indexes/*/queries`, { method: "POST", body: "nope" });
    expect(res.status).toBe(400);
  });

  it("answers the single-index query route too", async () => {
    const res = await fetch(`${server.url}/api/local/algolia/1/indexes/${INDEX}/query`, {
      method: "POST",
      body: JSON.stringify({ params: "query=harbor%20point%20water" }),
    });
    const body = (await res.json()) as Result;
    expect(names(body)).toEqual(["Harbor Point Water District"]);
    expect(body.hits[0]!.parentId).toBeNull();
  });
});

describe("the shell's employer search client (lib/search)", () => {
  it("names the index by stage", () => {
    expect(employerIndexName({ appEnv: "local" })).toBe("local_employers");
    expect(employerIndexName({ appEnv: "production", algolia: { appId: "A", searchKey: "k", indexName: "production_employers" } })).toBe(
      "production_employers",
    );
  });

  // A hang (a retry on a host that does not answer) fails on the test's own timeout: speed goals
  // live in bench/employer-search.bench.ts, not in a wall-clock bound that a busy runner breaks.
  it("is the algoliasearch lite client pointed at the local endpoint, and answers", async () => {
    const client = employerSearchClient({ appEnv: "local" }, { origin: server.url });
    // The InstantSearch call shape: an array of { indexName, params }.
    const { results } = await client.search<Hit>([
      { indexName: INDEX, params: { query: "peach", hitsPerPage: 10 } },
      { indexName: INDEX, params: { query: "", filters: `parentId:${CHILDRENS_HOSPITAL_PARENT_ID}`, hitsPerPage: 10 } },
    ]);
    const [top, subs] = results as unknown as Result[];
    expect(names(top!)[0]).toBe("Peachtree Children's Healthcare");
    expect(subs!.hits.map((h) => h.objectID).sort()).toEqual(
      CHILDRENS_HOSPITAL_EMPLOYER_IDS.filter((id) => id !== CHILDRENS_HOSPITAL_PARENT_ID),
    );
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
