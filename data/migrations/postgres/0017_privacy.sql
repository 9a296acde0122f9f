-- Players' own data and the servers the bot left (see the SQLite 0017 for the new kind and the grace period).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch', 'left')
);

CREATE TABLE guilds_left (
    guild_id BIGINT           PRIMARY KEY,
    left_at  DOUBLE PRECISION NOT NULL
);
