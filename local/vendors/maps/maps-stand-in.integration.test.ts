/**
 * The Maps stand-in: the generated address book, its HTTP answers, and the browser script's
 * google.maps API run against them (evaluated in a VM with the server's fetch).
 */
import vm from "node:vm";
import { ADDRESS_COUNT, generateAddresses, KNOWN_ADDRESS, searchKey, UNGEOCODABLE_ADDRESS } from "./addresses";
import { standInSuite } from "../../lender/graphql/testing/api-test-kit";
import { startLocalServer } from "../../infra/testing/spawn-local-server";
import { testDatabase } from "../../infra/testing/test-database";

jest.setTimeout(120_000);

const all = generateAddresses();

describe("the generated address book", () => {
  it("has at least 50,000 distinct addresses, the known one and the ungeocodable one", () => {
    expect(all.length).toBeGreaterThanOrEqual(ADDRESS_COUNT);
    expect(new Set(all.map((a) => searchKey(a))).size).toBe(all.length);
    expect(new Set(all.map((a) => a.placeId)).size).toBe(all.length);
    expect(all).toContainEqual(KNOWN_ADDRESS);
    expect(all.filter((a) => a.lat === null)).toEqual([UNGEOCODABLE_ADDRESS]);
  });
  it("is the same on every run", () => {
    expect(generateAddresses().slice(0, 50)).toEqual(all.slice(0, 50));
  });
  it("keeps street, city, state and ZIP consistent: one ZIP per street, one state per city, coordinates near the city", () => {
    // Violations are collected and compared once: 50,000 expect() calls would take half a minute.
    const wrong: string[] = [];
    const zipOfStreet = new Map<string, string>();
    const stateOfZip = new Map<string, string>();
    for (const a of all) {
      const street = `${a.streetName}|${a.city}|${a.stateAbbr}`;
      if ((zipOfStreet.get(street) ?? a.postalCode) !== a.postalCode) wrong.push(`${street} in two ZIPs`);
      zipOfStreet.set(street, a.postalCode);
      if ((stateOfZip.get(a.postalCode) ?? a.stateAbbr) !== a.stateAbbr) wrong.push(`${a.postalCode} in two states`);
      stateOfZip.set(a.postalCode, a.stateAbbr);
      if (!/^\d{5}$/.test(a.postalCode) || !/^[1-9]\d*$/.test(a.streetNumber)) wrong.push(`${a.placeId} malformed`);
      if (a.city === "Springfield" && a.lat !== null) {
        if (Math.abs(a.lat - 39.78) > 0.6 || Math.abs(a.lng! + 89.65) > 0.6 || !a.postalCode.startsWith("627"))
          wrong.push(`${a.placeId} not in Springfield`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("over HTTP and through the browser script", () => {
  // The worker's shared server: the address book is generated, never written.
  const server = standInSuite();
  let maps: any;

  beforeAll(async () => {
    const script = await (await fetch(`${server.url}/api/local/maps/maps.js`)).text();
    const sandbox: any = {
      fetch,
      Promise,
      Error,
      encodeURIComponent,
      document: { currentScript: { src: `${server.url}/api/local/maps/maps.js` } },
    };
    sandbox.window = sandbox;
    vm.runInNewContext(script, sandbox);
    maps = sandbox.google.maps;
  });

  const getJson = async (path: string) => {
    const res = await fetch(`${server.url}/api/local/maps${path}`);
    return { status: res.status, body: await res.json() };
  };

  it("serves the script as JavaScript", async () => {
    const res = await fetch(`${server.url}/api/local/maps/maps.js`);
    expect(res.headers.get("content-type")).toContain("javascript");
  });

  it("suggests by house number or by street name, at most five, US only", async () => {
    const byNumber = await getJson(`/autocomplete?input=${encodeURIComponent("1600 Capitol")}`);
    expect(byNumber.body.suggestions[0]).toEqual({
      placeId: "local-known",
      text: "1600 Capitol Ave, Springfield, IL 62701, USA",
      mainText: "1600 Capitol Ave",
      secondaryText: "Springfield, IL, USA",
    });
    const street = all.find((a) => a.city === "Austin")!.streetName;
    const byStreet = await getJson(`/autocomplete?input=${encodeURIComponent(`${street}, Aus`)}`);
    expect(byStreet.body.suggestions.length).toBe(5);
    for (const s of byStreet.body.suggestions) expect(s.text).toMatch(new RegExp(`^\\d+ ${street}, Austin, TX 787\\d\\d, USA$`));
    expect((await getJson("/autocomplete?input=zzzz qqq")).body.suggestions).toEqual([]);
    expect((await getJson("/autocomplete?input=1")).body.suggestions).toEqual([]); // too short to mean anything
    expect((await getJson(`/autocomplete?input=${"9".repeat(201)}`)).status).toBe(400);
    expect((await getJson(`/autocomplete?input=${encodeURIComponent("%_\\")}`)).body.suggestions).toEqual([]); // LIKE wildcards are text
  });

  it("AutocompleteSuggestion -> toPlace -> fetchFields -> Geocoder, as the address field calls them", async () => {
    const core = await maps.importLibrary("core");
    expect(typeof core.LatLng).toBe("function");
    expect(maps.Settings.getInstance()).toBe(maps.Settings.getInstance());
    await expect(maps.importLibrary("nope")).rejects.toThrow(/no library/);
    const { AutocompleteSessionToken, AutocompleteSuggestion } = await maps.importLibrary("places");
    const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({
      input: "1600 capitol ave",
      sessionToken: new AutocompleteSessionToken(),
      includedRegionCodes: ["us"],
    });
    const prediction = suggestions[0].placePrediction;
    expect(prediction.mainText.text).toBe("1600 Capitol Ave");
    expect(String(prediction.text)).toBe("1600 Capitol Ave, Springfield, IL 62701, USA");
    const { place } = await prediction.toPlace().fetchFields({ fields: ["formattedAddress", "addressComponents", "location"] });
    expect(place.formattedAddress).toBe("1600 Capitol Ave, Springfield, IL 62701, USA");
    expect(place.addressComponents.find((c: any) => c.types.includes("administrative_area_level_1"))).toEqual({
      longText: "Illinois",
      shortText: "IL",
      types: ["administrative_area_level_1", "political"],
    });
    expect(place.location.lat()).toBeCloseTo(39.7983);
    const { Geocoder } = await maps.importLibrary("geocoding");
    const geo = await new Geocoder().geocode({ address: place.formattedAddress });
    expect(geo.results[0].geometry.location.lng()).toBeCloseTo(-89.6544);
    expect(geo.results[0].address_components[5]).toEqual({ long_name: "62701", short_name: "62701", types: ["postal_code"] });
    const elsewhere = await AutocompleteSuggestion.fetchAutocompleteSuggestions({ input: "1600 capitol", includedRegionCodes: ["ca"] });
    expect(elsewhere.suggestions).toEqual([]);
  });

  it("the documented address autocompletes but never geocodes (ZERO_RESULTS)", async () => {
    const { AutocompleteSuggestion } = await maps.importLibrary("places");
    const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({ input: "404 Nowhere" });
    expect(suggestions.map((s: any) => s.placePrediction.placeId)).toEqual(["local-ungeocodable"]);
    const { place } = await suggestions[0].placePrediction.toPlace().fetchFields({ fields: ["formattedAddress", "location"] });
    expect(place.location).toBeNull();
    const { Geocoder } = await maps.importLibrary("geocoding");
    await expect(new Geocoder().geocode({ address: place.formattedAddress })).rejects.toMatchObject({ code: "ZERO_RESULTS" });
    await expect(new Geocoder().geocode({ address: "1 Made Up Rd, Nowhere, ZZ 00000" })).rejects.toMatchObject({ code: "ZERO_RESULTS" });
    await expect(new Geocoder().geocode({ address: "" })).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("unknown place ids are 404 (NOT_FOUND in the script)", async () => {
    expect((await getJson("/places/local-999999999")).status).toBe(404);
    const { Place } = await maps.importLibrary("places");
    await expect(new Place({ id: "local-999999999" }).fetchFields({ fields: ["location"] })).rejects.toThrow();
  });

  it("answers only in the local environment", async () => {
    const database = await testDatabase();
    const prod = await startLocalServer({
      ...database.env,
      APP_ENV: "production",
      COGNITO_USER_POOL_ID: "us-east-1_x",
      COGNITO_CLIENT_ID: "x",
      SESSION_SECRET: "x".repeat(32),
      GRAPHQL_URL: "https://api.example/graphql",
      GRAPHQL_API_KEY: "k",
    });
    try {
      expect((await fetch(`${prod.url}/api/local/maps/maps.js`)).status).toBe(404);
      expect((await fetch(`${prod.url}/api/local/maps/autocomplete?input=1600`)).status).toBe(404);
    } finally {
      await prod.stop();
      await database.cleanup();
    }
  });
});
