-- Event store: one row per event, gapless revisions per stream, a global order by (transaction id, sequence).
CREATE TABLE events (
  -- 'prepare' part of a position: order within a transaction and tie-break.
  global_position bigserial NOT NULL,
  -- 'commit' part of a position: readers only see transactions below pg_snapshot_xmin, so a transaction
  -- that commits late can never be skipped by a subscriber that already moved past a later one.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  created timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (transaction_id, global_position),
  UNIQUE (stream_id, revision)
);
CREATE INDEX events_event_id ON events (event_id);

-- The head revision of each stream: the row lock serialises appends to one stream.
CREATE TABLE streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

-- Append a batch atomically. expected: 'any' | 'no_stream' | 'stream_exists' | a revision as text.
-- Returns the last revision and its position; raises DV001 (detail = actual revision or 'no_stream') on mismatch.
-- Re-appending the same event ids at the same place succeeds without writing (EventStoreDB's idempotence).
CREATE FUNCTION append_events(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (last_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_count int := jsonb_array_length(p_events);
  v_first_id uuid := (p_events -> 0 ->> 'id')::uuid;
  v_found bigint;
  v_matches int;
BEGIN
  SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream FOR UPDATE;
  IF NOT FOUND THEN
    -- A placeholder row (-1 = no stream) gives racing writers of a new stream one row lock to queue on;
    -- it disappears with the transaction if the append is refused.
    INSERT INTO streams (stream_id, revision) VALUES (p_stream, -1) ON CONFLICT (stream_id) DO NOTHING;
    SELECT s.revision INTO v_current FROM streams s WHERE s.stream_id = p_stream FOR UPDATE;
  END IF;

  -- Idempotent retry: the first id is already in this stream at the place the caller expects.
  IF v_count > 0 AND v_current >= 0 THEN
    SELECT e.revision INTO v_found FROM events e WHERE e.event_id = v_first_id AND e.stream_id = p_stream LIMIT 1;
    IF FOUND AND (p_expected IN ('any', 'stream_exists')
                  OR (p_expected = 'no_stream' AND v_found = 0)
                  OR (p_expected ~ '^-?\d+$' AND v_found = p_expected::bigint + 1)) THEN
      SELECT count(*) INTO v_matches
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS n(ev, i)
        JOIN events e ON e.stream_id = p_stream AND e.revision = v_found + n.i - 1 AND e.event_id = (n.ev ->> 'id')::uuid;
      IF v_matches = v_count THEN
        RETURN QUERY SELECT e.revision, e.transaction_id::text, e.global_position::text
          FROM events e WHERE e.stream_id = p_stream AND e.revision = v_found + v_count - 1;
        RETURN;
      END IF;
    END IF;
  END IF;

  IF NOT (p_expected = 'any'
          OR (p_expected = 'no_stream' AND v_current = -1)
          OR (p_expected = 'stream_exists' AND v_current >= 0)
          OR (p_expected ~ '^-?\d+$' AND p_expected::bigint = v_current)) THEN
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'DV001',
      DETAIL = CASE WHEN v_current = -1 THEN 'no_stream' ELSE v_current::text END;
  END IF;

  IF v_count = 0 THEN
    RETURN QUERY SELECT v_current, '0', '0';
    RETURN;
  END IF;

  UPDATE streams SET revision = v_current + v_count WHERE stream_id = p_stream;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
    SELECT p_stream, v_current + n.i, (n.ev ->> 'id')::uuid, n.ev ->> 'type', n.ev -> 'data', coalesce(n.ev -> 'metadata', '{}'::jsonb)
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS n(ev, i)
    ORDER BY n.i
    RETURNING revision, transaction_id, global_position
  )
  SELECT i.revision, i.transaction_id::text, i.global_position::text FROM inserted i ORDER BY i.revision DESC LIMIT 1;
END;
$$;

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
