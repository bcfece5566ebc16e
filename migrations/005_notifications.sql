-- Being told (ADR 0047): each player's notifications (the inbox and myTurns), clock-low notices waiting for their time,
-- webhooks and their outbox of deliveries with every attempt. All derived from the log by the notifier, which writes
-- them together with its checkpoint; nothing here is written into a stream.

-- A player's notifications, in the order they became visible (seq: one writer at a time, so commit order).
CREATE TABLE notifications (
  seq bigserial PRIMARY KEY,
  player text NOT NULL,
  kind text NOT NULL,
  -- What it is about, the same for every recipient of one fact: a fact is told to a player once.
  key text NOT NULL,
  game_id text,
  at timestamptz NOT NULL,
  data jsonb NOT NULL,
  UNIQUE (player, key)
);
CREATE INDEX notifications_player ON notifications (player, seq DESC);

-- Clock-low notices planned from a ClockSet, released into notifications when due (or dropped when the seat moved first).
CREATE TABLE notification_timers (
  key text PRIMARY KEY,
  player text NOT NULL,
  game_id text NOT NULL,
  seat integer NOT NULL,
  due_at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX notification_timers_seat ON notification_timers (game_id, seat);
CREATE INDEX notification_timers_due ON notification_timers (due_at);

-- Webhooks: a player's (owner) or the operator's (owner null). The secret signs deliveries, so it is kept as given.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  owner text,
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz,
  disabled_reason text
);
CREATE INDEX webhooks_owner ON webhooks (owner, created_at DESC);

-- The outbox: one delivery per webhook and fact, attempted in seq order per (webhook, subject).
CREATE TABLE webhook_deliveries (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event text NOT NULL,
  key text NOT NULL,
  -- What deliveries keep their order within: game:<id>, character:<id>.
  subject text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (webhook_id, key)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (webhook_id, subject, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, seq DESC);

-- Every attempt of a delivery: what the receiver answered (or why nothing was sent) and the backoff drawn after it.
CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  retry_in_ms integer,
  PRIMARY KEY (delivery_id, attempt)
);
