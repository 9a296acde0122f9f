-- What players must be told about a request to take back an action, and about a watcher whose DMs are closed,
-- goes through the outbox like a move (issue 14): two new kinds of entry.
--
-- kind     what is told                                               turn                       user_id
-- undo     a request to take back an action, as it now stands: the    the request's change       the request's
--          question posted (asked), or redrawn (an acceptance, the    (0 asked, then one more    number in its
--          outcome: accepted, refused, expired, void)                 at each change)            game
-- watcher  a DM watcher's digest was refused (DMs closed): they are   the game's turn then       the watcher
--          told once where the table is played, and follow it there
--
-- SQLite cannot change a CHECK: the table is made again, its rows kept; PostgreSQL changes the CHECK.
-- [sqlite]
CREATE TABLE outbox_new (
    game_no    INTEGER NOT NULL REFERENCES games (game_no),
    kind       TEXT    NOT NULL CHECK (
        kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher')
    ),
    user_id    INTEGER NOT NULL,
    turn       INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    due_at     REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_no, kind, user_id, turn)
) WITHOUT ROWID;
INSERT INTO outbox_new (game_no, kind, user_id, turn, created_at, due_at, attempts)
    SELECT game_no, kind, user_id, turn, created_at, due_at, attempts FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
-- [postgres]
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher')
);
-- [both]

-- A request to take back an action is kept once settled (until its question shows how it ended, and after:
-- a few rows per game), so it is numbered within its game: `request`, which its buttons carry. At most one
-- is open per game. `status`: open, accepted, refused (by `by_user_id`), expired, void (the game moved on);
-- `step` counts its changes (the outbox entry of each). A request kept from before is numbered by its turn,
-- which the buttons of its question carry.
-- [sqlite]
CREATE TABLE undo_requests_new (
    game_no    INTEGER NOT NULL REFERENCES games (game_no),
    request    INTEGER NOT NULL,
    turn       INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    asked_at   REAL    NOT NULL,
    deadline   REAL    NOT NULL,
    waiting    TEXT    NOT NULL,
    channel_id INTEGER,
    message_id INTEGER,
    status     TEXT    NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'refused', 'expired', 'void')),
    by_user_id INTEGER,
    step       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_no, request)
) WITHOUT ROWID;
INSERT INTO undo_requests_new
    (game_no, request, turn, seat, user_id, action, asked_at, deadline, waiting, channel_id, message_id)
    SELECT game_no, turn, turn, seat, user_id, action, asked_at, deadline, waiting, channel_id, message_id
    FROM undo_requests;
DROP TABLE undo_requests;
ALTER TABLE undo_requests_new RENAME TO undo_requests;
-- [postgres]
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
-- [both]
CREATE UNIQUE INDEX undo_requests_open ON undo_requests (game_no) WHERE status = 'open';
CREATE INDEX undo_requests_deadline ON undo_requests (deadline) WHERE status = 'open';
