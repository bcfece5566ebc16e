-- The games list is paged newest first, optionally filtered by module and status.
CREATE INDEX read_models_games_list ON read_models (projection, (doc ->> 'createdAt') DESC, id DESC);
