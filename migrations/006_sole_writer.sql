-- The sole writer (ADR 0060): a process configured as the database's only writer holds one advisory lock exclusively
-- for as long as it runs, so that it may serve games from memory. Every other append takes the same lock shared for
-- its own transaction, and is refused while the sole writer runs; the sole writer takes it only when no such append is
-- in flight. The key names the database, since advisory locks belong to the whole PostgreSQL server.
CREATE FUNCTION delve_writers_key() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT ('x' || substr(md5(current_database() || '/delve-writers'), 1, 16))::bit(64)::bigint
$$;

CREATE FUNCTION delve_may_write() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(delve_writers_key()) THEN
    RAISE EXCEPTION 'another process runs as the only writer of this database' USING ERRCODE = 'DL001';
  END IF;
  RETURN true;
END
$$;
