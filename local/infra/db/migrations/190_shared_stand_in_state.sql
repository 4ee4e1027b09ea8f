-- What every instance of the stand-ins must agree on lives here, never in one process's memory:
-- secrets (the identity stand-in's existence secret…), created once by whichever instance needs one
-- first, and the stand-ins' clock offset (POST /api/local/clock on an expiry test server).
CREATE TABLE local_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (value ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0)
);

INSERT INTO local_clock (id, offset_ms) VALUES (1, 0) ON CONFLICT DO NOTHING;
