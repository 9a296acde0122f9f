-- What players are told of a rematch goes through the outbox (see the SQLite 0013 for the new kind, a
-- rematch's steps and the table of a settled rematch still to be opened).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch')
);

ALTER TABLE rematches ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rematches ADD COLUMN to_open BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE rematches ADD COLUMN claimed_until DOUBLE PRECISION;
CREATE INDEX rematches_to_open ON rematches (game_no) WHERE to_open;
