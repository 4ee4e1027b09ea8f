import { seededRandom } from "../../infra/seeded-random";

/**
 * The Maps stand-in's address book: at least 50,000 real-looking US addresses, generated at seed
 * time from real cities (their state, ZIP codes and centre), so street, city, state and ZIP always
 * agree. Deterministic (a fixed PRNG seed): the same addresses on every machine, which the e2e
 * tests and docs/stand-ins.md rely on.
 */

export interface MapAddress {
  /** Place id, as Places answers it ("local-" + a number). */
  placeId: string;
  streetNumber: string;
  /** Route, e.g. "Oak St". */
  streetName: string;
  city: string;
  stateAbbr: string;
  stateName: string;
  postalCode: string;
  /** null: the address exists for autocomplete but never geocodes (SPEC 5's -1/-1 path). */
  lat: number | null;
  lng: number | null;
}

export const ADDRESS_COUNT = 50_000;

/** The documented address that autocompletes but always fails to geocode (docs/stand-ins.md). */
export const UNGEOCODABLE_ADDRESS: MapAddress = {
  placeId: "local-ungeocodable",
  streetNumber: "404",
  streetName: "Nowhere Ln",
  city: "Springfield",
  stateAbbr: "IL",
  stateName: "Illinois",
  postalCode: "62704",
  lat: null,
  lng: null,
};

/** A fixed address the tests and docs/stand-ins.md use: always generated, always geocodes. */
export const KNOWN_ADDRESS: MapAddress = {
  placeId: "local-known",
  streetNumber: "1600",
  streetName: "Capitol Ave",
  city: "Springfield",
  stateAbbr: "IL",
  stateName: "Illinois",
  postalCode: "62701",
  lat: 39.7983,
  lng: -89.6544,
};

// [city, state abbr, state name, lat, lng, first ZIP, number of ZIPs]
const CITIES: readonly [string, string, string, number, number, number, number][] = [
  ["Springfield", "IL", "Illinois", 39.7817, -89.6501, 62701, 8],
  ["Chicago", "IL", "Illinois", 41.8781, -87.6298, 60601, 40],
  ["Austin", "TX", "Texas", 30.2672, -97.7431, 78701, 30],
  ["Houston", "TX", "Texas", 29.7604, -95.3698, 77002, 40],
  ["Dallas", "TX", "Texas", 32.7767, -96.797, 75201, 30],
  ["San Antonio", "TX", "Texas", 29.4241, -98.4936, 78201, 30],
  ["Los Angeles", "CA", "California", 34.0522, -118.2437, 90001, 40],
  ["San Diego", "CA", "California", 32.7157, -117.1611, 92101, 20],
  ["Sacramento", "CA", "California", 38.5816, -121.4944, 95814, 10],
  ["Fresno", "CA", "California", 36.7378, -119.7871, 93701, 10],
  ["Denver", "CO", "Colorado", 39.7392, -104.9903, 80202, 20],
  ["Columbus", "OH", "Ohio", 39.9612, -82.9988, 43201, 20],
  ["Phoenix", "AZ", "Arizona", 33.4484, -112.074, 85003, 20],
  ["Portland", "OR", "Oregon", 45.5152, -122.6784, 97201, 20],
  ["Seattle", "WA", "Washington", 47.6062, -122.3321, 98101, 20],
  ["Boise", "ID", "Idaho", 43.615, -116.2023, 83702, 5],
  ["Salt Lake City", "UT", "Utah", 40.7608, -111.891, 84101, 10],
  ["Albuquerque", "NM", "New Mexico", 35.0844, -106.6504, 87102, 10],
  ["Oklahoma City", "OK", "Oklahoma", 35.4676, -97.5164, 73102, 10],
  ["Omaha", "NE", "Nebraska", 41.2565, -95.9345, 68102, 10],
  ["Des Moines", "IA", "Iowa", 41.5868, -93.625, 50309, 8],
  ["Minneapolis", "MN", "Minnesota", 44.9778, -93.265, 55401, 10],
  ["Madison", "WI", "Wisconsin", 43.0731, -89.4012, 53703, 10],
  ["Indianapolis", "IN", "Indiana", 39.7684, -86.1581, 46201, 20],
  ["Detroit", "MI", "Michigan", 42.3314, -83.0458, 48201, 20],
  ["Louisville", "KY", "Kentucky", 38.2527, -85.7585, 40202, 10],
  ["Nashville", "TN", "Tennessee", 36.1627, -86.7816, 37201, 15],
  ["Atlanta", "GA", "Georgia", 33.749, -84.388, 30303, 20],
  ["Charlotte", "NC", "North Carolina", 35.2271, -80.8431, 28202, 15],
  ["Raleigh", "NC", "North Carolina", 35.7796, -78.6382, 27601, 10],
  ["Richmond", "VA", "Virginia", 37.5407, -77.436, 23219, 10],
  ["Baltimore", "MD", "Maryland", 39.2904, -76.6122, 21201, 20],
  ["Philadelphia", "PA", "Pennsylvania", 39.9526, -75.1652, 19102, 30],
  ["Pittsburgh", "PA", "Pennsylvania", 40.4406, -79.9959, 15213, 10],
  ["Newark", "NJ", "New Jersey", 40.7357, -74.1724, 7102, 8],
  ["Albany", "NY", "New York", 42.6526, -73.7562, 12202, 8],
  ["Buffalo", "NY", "New York", 42.8864, -78.8784, 14201, 10],
  ["Hartford", "CT", "Connecticut", 41.7658, -72.6734, 6103, 6],
  ["Providence", "RI", "Rhode Island", 41.824, -71.4128, 2903, 6],
  ["Boston", "MA", "Massachusetts", 42.3601, -71.0589, 2108, 20],
  ["Worcester", "MA", "Massachusetts", 42.2626, -71.8023, 1602, 8],
  ["Manchester", "NH", "New Hampshire", 42.9956, -71.4548, 3101, 4],
  ["Burlington", "VT", "Vermont", 44.4759, -73.2121, 5401, 2],
  ["Portland", "ME", "Maine", 43.6591, -70.2568, 4101, 3],
  ["Wilmington", "DE", "Delaware", 39.7391, -75.5398, 19801, 6],
  ["Washington", "DC", "District Of Columbia", 38.9072, -77.0369, 20001, 30],
  ["Charleston", "WV", "West Virginia", 38.3498, -81.6326, 25301, 8],
  ["Columbia", "SC", "South Carolina", 34.0007, -81.0348, 29201, 10],
  ["Jacksonville", "FL", "Florida", 30.3322, -81.6557, 32202, 20],
  ["Tampa", "FL", "Florida", 27.9506, -82.4572, 33602, 15],
  ["Miami", "FL", "Florida", 25.7617, -80.1918, 33125, 20],
  ["Birmingham", "AL", "Alabama", 33.5186, -86.8104, 35203, 10],
  ["Jackson", "MS", "Mississippi", 32.2988, -90.1848, 39201, 10],
  ["New Orleans", "LA", "Louisiana", 29.9511, -90.0715, 70112, 15],
  ["Little Rock", "AR", "Arkansas", 34.7465, -92.2896, 72201, 10],
  ["Kansas City", "MO", "Missouri", 39.0997, -94.5786, 64105, 20],
  ["Wichita", "KS", "Kansas", 37.6872, -97.3301, 67202, 10],
  ["Fargo", "ND", "North Dakota", 46.8772, -96.7898, 58102, 3],
  ["Sioux Falls", "SD", "South Dakota", 43.5446, -96.7311, 57103, 5],
  ["Billings", "MT", "Montana", 45.7833, -108.5007, 59101, 5],
  ["Cheyenne", "WY", "Wyoming", 41.14, -104.8202, 82001, 7],
  ["Las Vegas", "NV", "Nevada", 36.1699, -115.1398, 89101, 20],
  ["Anchorage", "AK", "Alaska", 61.2181, -149.9003, 99501, 8],
  ["Honolulu", "HI", "Hawaii", 21.3069, -157.8583, 96813, 10],
  ["San Juan", "PR", "Puerto Rico", 18.4655, -66.1057, 901, 10],
];

const STREET_NAMES = [
  "Oak",
  "Maple",
  "Pine",
  "Cedar",
  "Elm",
  "Walnut",
  "Chestnut",
  "Birch",
  "Willow",
  "Spruce",
  "Ash",
  "Hickory",
  "Magnolia",
  "Sycamore",
  "Poplar",
  "Cherry",
  "Laurel",
  "Dogwood",
  "Juniper",
  "Aspen",
  "Main",
  "Church",
  "Market",
  "Park",
  "Lake",
  "Hill",
  "River",
  "Spring",
  "Mill",
  "Bridge",
  "School",
  "College",
  "Union",
  "Liberty",
  "Franklin",
  "Washington",
  "Lincoln",
  "Jefferson",
  "Madison",
  "Monroe",
  "Jackson",
  "Adams",
  "Grant",
  "Harrison",
  "Wilson",
  "Highland",
  "Meadow",
  "Forest",
  "Prospect",
  "Ridge",
  "Sunset",
  "Valley",
  "Grove",
  "Orchard",
  "Garden",
  "Center",
  "North",
  "South",
  "East",
  "West",
  "First",
  "Second",
  "Third",
  "Fourth",
  "Fifth",
  "Sixth",
  "Seventh",
  "Eighth",
  "Ninth",
  "Tenth",
  "Broad",
  "High",
  "Front",
  "Water",
  "Bay",
  "Harbor",
  "Canyon",
  "Mesa",
  "Summit",
  "Fairview",
  "Pleasant",
  "Woodland",
  "Greenwood",
  "Lakeview",
  "Riverside",
  "Hillcrest",
  "Brookside",
  "Cottonwood",
  "Mulberry",
  "Hawthorn",
  "Redwood",
  "Sequoia",
  "Beacon",
  "Clinton",
  "Kennedy",
  "Roosevelt",
  "Hamilton",
  "Cleveland",
  "Taylor",
];
const SUFFIXES = ["St", "Ave", "Rd", "Dr", "Ln", "Blvd", "Ct", "Way", "Pl", "Ter"];

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * The generated address book: ADDRESS_COUNT distinct addresses plus the known and the
 * ungeocodable ones. Each city has its own streets; each street lies in one of the city's ZIP
 * codes and runs in one direction from a point near the centre, numbers increasing along it.
 */
export function generateAddresses(count = ADDRESS_COUNT): MapAddress[] {
  const random = seededRandom(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const totalWeight = CITIES.reduce((sum, c) => sum + c[6], 0);
  const out: MapAddress[] = [KNOWN_ADDRESS, UNGEOCODABLE_ADDRESS];
  const seen = new Set(out.map(key));
  let made = 0;
  CITIES.forEach(([city, stateAbbr, stateName, lat, lng, zipBase, zips], index) => {
    const quota = index === CITIES.length - 1 ? count - made : Math.round((count * zips) / totalWeight);
    const streets = new Map<string, { zip: string; lat: number; lng: number; dLat: number; dLng: number; next: number }>();
    const streetCount = Math.max(40, Math.round(quota / 25));
    while (streets.size < streetCount) {
      const name = `${pick(STREET_NAMES)} ${pick(SUFFIXES)}`;
      if (streets.has(name)) continue;
      const angle = random() * Math.PI * 2;
      streets.set(name, {
        zip: String(zipBase + Math.floor(random() * zips)).padStart(5, "0"),
        lat: lat + (random() - 0.5) * 0.12,
        lng: lng + (random() - 0.5) * 0.12,
        dLat: Math.cos(angle) * 0.00009,
        dLng: Math.sin(angle) * 0.00009,
        next: 1 + Math.floor(random() * 40) * 100,
      });
    }
    const names = [...streets.keys()];
    let added = 0;
    while (added < quota) {
      const streetName = pick(names);
      const street = streets.get(streetName)!;
      const number = street.next;
      street.next += 2 + 2 * Math.floor(random() * 6); // one side of the street, gaps like real lots
      const address: MapAddress = {
        placeId: `local-${out.length}`,
        streetNumber: String(number),
        streetName,
        city,
        stateAbbr,
        stateName,
        postalCode: street.zip,
        lat: round(street.lat + street.dLat * number, 6),
        lng: round(street.lng + street.dLng * number, 6),
      };
      if (seen.has(key(address))) continue;
      seen.add(key(address));
      out.push(address);
      added++;
    }
    made += added;
  });
  return out;
}

function key(a: Pick<MapAddress, "streetNumber" | "streetName" | "city" | "stateAbbr">): string {
  return searchKey(a);
}

/** "1600 Capitol Ave" */
export const streetLine = (a: Pick<MapAddress, "streetNumber" | "streetName">) => `${a.streetNumber} ${a.streetName}`;

/** "1600 Capitol Ave, Springfield, IL 62701, USA", as Places formats a US address. */
export const formattedAddress = (a: MapAddress) => `${streetLine(a)}, ${a.city}, ${a.stateAbbr} ${a.postalCode}, USA`;

/** Lower case, punctuation to spaces, one space between words: how queries and keys compare. */
export function normalizeQuery(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "1600 capitol ave springfield il 62701": matched by prefix when the input starts with a number. */
export function searchKey(a: Pick<MapAddress, "streetNumber" | "streetName" | "city" | "stateAbbr"> & { postalCode?: string }): string {
  return normalizeQuery(`${a.streetNumber} ${a.streetName} ${a.city} ${a.stateAbbr} ${a.postalCode ?? ""}`);
}

/** "capitol ave springfield il 62701 1600": matched by prefix when the input starts with a street name. */
export function streetKey(a: MapAddress): string {
  return normalizeQuery(`${a.streetName} ${a.city} ${a.stateAbbr} ${a.postalCode} ${a.streetNumber}`);
}
