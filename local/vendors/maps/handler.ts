import type { Db } from "../../infra/db";
import { MAPS_STAND_IN_SCRIPT } from "./browser-script";
import { formattedAddress, streetLine, type MapAddress } from "./addresses";
import { addressByPlaceId, geocodeAddress, suggestAddresses } from "./store";

/**
 * The Maps stand-in over HTTP, under /api/local/maps (local environment only):
 *
 * - GET maps.js                   the browser script that defines google.maps.importLibrary
 * - GET autocomplete?input=…      suggestions: {suggestions: [{placeId, text, mainText, secondaryText}]}
 * - GET places/<placeId>          {place: {id, formattedAddress, displayName, addressComponents, location}} (Places API (New) field shapes)
 * - GET geocode?address=…         {status: "OK" | "ZERO_RESULTS", results: [...]} (Geocoding API shapes)
 */
export interface MapsHandlerOptions {
  db: () => Promise<Db>;
  basePath?: string;
}

const MAX_INPUT = 200;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

function placeComponents(a: MapAddress) {
  return [
    { longText: a.streetNumber, shortText: a.streetNumber, types: ["street_number"] },
    { longText: a.streetName, shortText: a.streetName, types: ["route"] },
    { longText: a.city, shortText: a.city, types: ["locality", "political"] },
    { longText: a.stateName, shortText: a.stateAbbr, types: ["administrative_area_level_1", "political"] },
    { longText: "United States", shortText: "US", types: ["country", "political"] },
    { longText: a.postalCode, shortText: a.postalCode, types: ["postal_code"] },
  ];
}

export function createMapsHandler(options: MapsHandlerOptions): (request: Request) => Promise<Response> {
  const basePath = options.basePath ?? "/api/local/maps";
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return json(405, { error: "GET only" });
    const url = new URL(request.url);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    if (path === "/maps.js") {
      return new Response(MAPS_STAND_IN_SCRIPT, {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
      });
    }
    const db = await options.db();
    if (path === "/autocomplete") {
      const input = url.searchParams.get("input") ?? "";
      if (input.length > MAX_INPUT) return json(400, { error: `input: at most ${MAX_INPUT} characters` });
      const found = await suggestAddresses(db, input);
      return json(200, {
        suggestions: found.map((a) => ({
          placeId: a.placeId,
          text: formattedAddress(a),
          mainText: streetLine(a),
          secondaryText: `${a.city}, ${a.stateAbbr}, USA`,
        })),
      });
    }
    const place = /^\/places\/([^/]+)$/.exec(path);
    if (place) {
      let id: string;
      try {
        id = decodeURIComponent(place[1]!);
      } catch {
        return json(400, { error: "place id: malformed encoding" });
      }
      const a = await addressByPlaceId(db, id);
      if (!a) return json(404, { place: null, error: `no place with id ${id}` });
      return json(200, {
        place: {
          id: a.placeId,
          formattedAddress: formattedAddress(a),
          displayName: streetLine(a),
          addressComponents: placeComponents(a),
          location: a.lat === null || a.lng === null ? null : { lat: a.lat, lng: a.lng },
        },
      });
    }
    if (path === "/geocode") {
      const address = url.searchParams.get("address") ?? "";
      if (!address.trim() || address.length > MAX_INPUT) return json(200, { status: "INVALID_REQUEST", results: [] });
      const a = await geocodeAddress(db, address);
      if (!a) return json(200, { status: "ZERO_RESULTS", results: [] });
      return json(200, {
        status: "OK",
        results: [
          {
            formatted_address: formattedAddress(a),
            place_id: a.placeId,
            address_components: placeComponents(a).map((c) => ({ long_name: c.longText, short_name: c.shortText, types: c.types })),
            geometry: { location: { lat: a.lat, lng: a.lng } },
          },
        ],
      });
    }
    return json(404, { error: "not found" });
  };
}
