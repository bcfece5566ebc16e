-- Event store: one row per event, gapless revisions per stream, a global order by (transaction id, sequence).
CREATE TABLE events (
  -- 'prepare' part of a position: order within a transaction and tie-break.
  global_position bigserial NOT NULL,
  -- 'commit' part of a position: readers only see transactions below pg_snapshot_xmin, so a transaction
  -- that commits late can never be skipped by a subscriber that already moved past a later one.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL CHECK (revision >= 0),
  event_id uuid NOT NULL,
  type text NOT NULL,
  -- json, not jsonb: stored and served verbatim (key order kept, no re-serialisation on every read).
  data json NOT NULL,
  metadata json NOT NULL,
  created timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (transaction_id, global_position),
  -- The arbiter of optimistic concurrency: two appends at one revision cannot both commit.
  UNIQUE (stream_id, revision)
);
CREATE INDEX events_event_id ON events (event_id);

-- Read models: JSON documents per projection, and each projection's checkpoint, updated in one transaction.
CREATE TABLE read_models (
  projection text NOT NULL,
  id text NOT NULL,
  doc jsonb NOT NULL,
  updated timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, id)
);

CREATE TABLE checkpoints (
  projection text PRIMARY KEY,
  commit_position xid8 NOT NULL,
  prepare_position bigint NOT NULL
);
