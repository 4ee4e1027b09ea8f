import type { Db, Queryable } from "../../infra/db";
import { ADDRESS_COUNT, formattedAddress, generateAddresses, normalizeQuery, searchKey, streetKey, type MapAddress } from "./addresses";

const BATCH = 5_000;

/** Seeds the address book once (idempotent: a filled table is left alone). */
export async function seedMapAddresses(db: Db): Promise<void> {
  const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM map_addresses`)) as [{ n: number }];
  if (n >= ADDRESS_COUNT) return;
  const all = generateAddresses();
  await db.transaction(async (tx) => {
    for (let i = 0; i < all.length; i += BATCH) {
      const rows = all.slice(i, i + BATCH).map((a) => ({ ...a, searchKey: searchKey(a), streetKey: streetKey(a) }));
      // One JSON text per batch, unpacked server-side: far cheaper than 50,000 round trips or array parameters.
      await tx.query(
        `INSERT INTO map_addresses (place_id, street_number, street_name, city, state_abbr, state_name, postal_code, lat, lng, search_key, street_key)
         SELECT "placeId", "streetNumber", "streetName", city, "stateAbbr", "stateName", "postalCode", lat, lng, "searchKey", "streetKey"
           FROM json_to_recordset($1::json) AS x("placeId" text, "streetNumber" text, "streetName" text, city text, "stateAbbr" text,
                "stateName" text, "postalCode" text, lat float8, lng float8, "searchKey" text, "streetKey" text)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows)],
      );
    }
    // The keys are COLLATE "C": a prefix LIKE is an index range scan, already in ORDER BY order.
    await tx.query(`CREATE UNIQUE INDEX IF NOT EXISTS map_addresses_search_key ON map_addresses (search_key)`);
    await tx.query(`CREATE INDEX IF NOT EXISTS map_addresses_street_key ON map_addresses (street_key)`);
  });
  await db.query(`ANALYZE map_addresses`);
}

interface Row {
  place_id: string;
  street_number: string;
  street_name: string;
  city: string;
  state_abbr: string;
  state_name: string;
  postal_code: string;
  lat: number | null;
  lng: number | null;
}

const COLUMNS = "place_id, street_number, street_name, city, state_abbr, state_name, postal_code, lat, lng";

function fromRow(r: Row): MapAddress {
  return {
    placeId: r.place_id,
    streetNumber: r.street_number,
    streetName: r.street_name,
    city: r.city,
    stateAbbr: r.state_abbr,
    stateName: r.state_name,
    postalCode: r.postal_code,
    lat: r.lat,
    lng: r.lng,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const MAX_SUGGESTIONS = 5;

/**
 * Suggestions for what the user has typed so far: a prefix of "number street city state zip"
 * (input starting with a digit) or of "street city state zip number" (input starting with a
 * letter). Street types are matched as written in the address book (St, Ave, Rd…).
 */
export async function suggestAddresses(db: Queryable, input: string, limit = MAX_SUGGESTIONS): Promise<MapAddress[]> {
  const q = normalizeQuery(input);
  if (q.length < 2) return [];
  const column = /^\d/.test(q) ? "search_key" : "street_key";
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM map_addresses WHERE ${column} LIKE $1 ORDER BY ${column} LIMIT $2`, [
    `${escapeLike(q)}%`,
    limit,
  ]);
  return rows.map(fromRow);
}

export async function addressByPlaceId(db: Queryable, placeId: string): Promise<MapAddress | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM map_addresses WHERE place_id = $1`, [placeId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Geocoding of a formatted address ("1600 Capitol Ave, Springfield, IL 62701, USA"): the one
 * address whose key it is, when that address has coordinates; null otherwise (ZERO_RESULTS).
 */
export async function geocodeAddress(db: Queryable, address: string): Promise<MapAddress | null> {
  const q = normalizeQuery(address).replace(/ (usa|us|united states)$/, "");
  if (!q) return null;
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM map_addresses WHERE search_key = $1 AND lat IS NOT NULL`, [q]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export { formattedAddress };
