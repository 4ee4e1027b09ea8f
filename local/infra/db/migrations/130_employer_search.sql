-- Employer search (the Algolia stand-in), kept by the database itself: the normalised name (lower
-- case, apostrophes dropped, any other run of non-alphanumerics one space; the same normalisation
-- local/data/employer-search.ts applies to a query) and the words of name and city. A query's
-- words are expanded to the directory's own words first (prefixes, typos), so matching is exact
-- array overlap on a GIN index.
-- search_name sorts bytewise (COLLATE "C"), so one btree serves both LIKE 'prefix%' and ORDER BY.
ALTER TABLE employers ADD COLUMN IF NOT EXISTS search_name text COLLATE "C"
  GENERATED ALWAYS AS (btrim(regexp_replace(translate(lower(name), '''’', ''), '[^a-z0-9]+', ' ', 'g'))) STORED;
ALTER TABLE employers ADD COLUMN IF NOT EXISTS name_terms text[]
  GENERATED ALWAYS AS (string_to_array(btrim(regexp_replace(translate(lower(name), '''’', ''), '[^a-z0-9]+', ' ', 'g')), ' ')) STORED;
ALTER TABLE employers ADD COLUMN IF NOT EXISTS terms text[]
  GENERATED ALWAYS AS (string_to_array(btrim(regexp_replace(translate(lower(name || ' ' || coalesce(city, '')), '''’', ''), '[^a-z0-9]+', ' ', 'g')), ' ')) STORED;
CREATE INDEX IF NOT EXISTS employers_search_name_idx ON employers (search_name, id);
CREATE INDEX IF NOT EXISTS employers_terms_idx ON employers USING gin (terms);

-- What generated reference data a database holds, so a restart does not regenerate it.
CREATE TABLE IF NOT EXISTS seed_versions (
  name text PRIMARY KEY,
  version integer NOT NULL,
  rows integer NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
