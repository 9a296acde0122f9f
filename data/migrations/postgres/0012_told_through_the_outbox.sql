-- What players must be told about a request to take back an action, and about a watcher whose DMs are closed,
-- goes through the outbox (see the SQLite 0012 for the two new kinds and the numbered requests).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher')
);

ALTER TABLE undo_requests ADD COLUMN request BIGINT;
UPDATE undo_requests SET request = turn;
ALTER TABLE undo_requests ALTER COLUMN request SET NOT NULL;
ALTER TABLE undo_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'accepted', 'refused', 'expired', 'void'));
ALTER TABLE undo_requests ADD COLUMN by_user_id BIGINT;
ALTER TABLE undo_requests ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE undo_requests DROP CONSTRAINT undo_requests_pkey;
ALTER TABLE undo_requests ADD PRIMARY KEY (game_no, request);
DROP INDEX undo_requests_deadline;
CREATE UNIQUE INDEX undo_requests_open ON undo_requests (game_no) WHERE status = 'open';
CREATE INDEX undo_requests_deadline ON undo_requests (deadline) WHERE status = 'open';
