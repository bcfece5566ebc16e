-- Presence: which seats each node saw lately (a request, or an open subscription refreshed on every flush). Not part
-- of any game's log: rows past the window mean nothing and are deleted by whichever node flushes next.
CREATE TABLE presence (
  game_id text NOT NULL,
  seat integer NOT NULL,
  node text NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (game_id, seat, node)
);
CREATE INDEX presence_seen ON presence (seen_at);
