-- The Maps stand-in's address book (local/maps): generated at seed time, read-only afterwards.
-- Its indexes are built by the seed after the rows are in (local/maps/store.ts): five times faster.
CREATE TABLE IF NOT EXISTS map_addresses (
  place_id text PRIMARY KEY,
  street_number text NOT NULL,
  street_name text NOT NULL,
  city text NOT NULL,
  state_abbr text NOT NULL CHECK (state_abbr ~ '^[A-Z]{2}$'),
  state_name text NOT NULL,
  postal_code text NOT NULL CHECK (postal_code ~ '^\d{5}$'),
  -- Both null for the documented address that never geocodes; never one without the other.
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  search_key text COLLATE "C" NOT NULL,
  street_key text COLLATE "C" NOT NULL,
  CHECK ((lat IS NULL) = (lng IS NULL))
);
