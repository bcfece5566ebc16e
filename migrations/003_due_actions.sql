-- The scheduler's plan: what the server must do by itself and when (fire a deadline, play a bot's move, abandon a
-- game), one row per game, kind and seat, changed together with the scheduler's checkpoint.
CREATE TABLE due_actions (
  game_id text NOT NULL,
  kind text NOT NULL,
  seat integer NOT NULL,
  due_at timestamptz NOT NULL,
  action jsonb NOT NULL,
  PRIMARY KEY (game_id, kind, seat)
);
CREATE INDEX due_actions_due ON due_actions (due_at);
