/**
 * Turning what Places answers into the address fields (SPEC 3 "Location result"), and what a
 * person typed by hand into street number and name. Pure: tested without a browser.
 */

export interface AddressParts {
  address: string;
  addrStreetNumber: string | null;
  addrStreetName: string | null;
  addrCity: string | null;
  addrStateAbbr: string | null;
  addrPostalCode: string | null;
  addrCountry: string | null;
}

/** Places API (New) address component ({longText, shortText, types}). */
export interface PlaceAddressComponent {
  longText: string | null;
  shortText: string | null;
  types: string[];
}

export function partsFromPlace(components: readonly PlaceAddressComponent[]): AddressParts {
  const find = (...types: string[]) => components.find((c) => types.some((t) => c.types.includes(t)));
  const number = find("street_number")?.longText ?? null;
  const route = find("route")?.shortText ?? find("route")?.longText ?? null;
  const city = find("locality", "postal_town", "sublocality_level_1", "sublocality", "administrative_area_level_3")?.longText ?? null;
  const zip = find("postal_code")?.longText ?? null;
  return {
    address: [number, route].filter(Boolean).join(" "),
    addrStreetNumber: number,
    addrStreetName: route,
    addrCity: city,
    addrStateAbbr: find("administrative_area_level_1")?.shortText?.toUpperCase() ?? null,
    addrPostalCode: zip && /^\d{5}$/.test(zip) ? zip : (zip?.slice(0, 5) ?? null),
    addrCountry: find("country")?.shortText ?? null,
  };
}

/** "12B Oak St" -> number "12B", street "Oak St"; a line without a leading number has no number. */
export function splitStreetLine(line: string): { addrStreetNumber: string | null; addrStreetName: string | null } {
  const m = /^\s*(\d+[A-Za-z]?(?:-\d+)?)\s+(.+?)\s*$/.exec(line);
  if (m) return { addrStreetNumber: m[1]!, addrStreetName: m[2]! };
  const rest = line.trim();
  return { addrStreetNumber: null, addrStreetName: rest || null };
}

/** The one-line address Geocoder is asked about when there was no formatted address from Places. */
export function oneLineAddress(p: {
  address?: string | null;
  addrCity?: string | null;
  addrStateAbbr?: string | null;
  addrPostalCode?: string | null;
}): string {
  const region = [p.addrStateAbbr, p.addrPostalCode].filter(Boolean).join(" ");
  return [p.address, p.addrCity, region].filter((s) => s && s.trim()).join(", ");
}

/** SPEC 5: an address that could not be geocoded keeps lat and lng of -1. */
export const NOT_GEOCODED = { lat: -1, lng: -1 } as const;
