-- What players are told of a rematch goes through the outbox (issue 14), like the question to take back an
-- action: a new kind of entry, keyed by the game whose rematch it is.
--
-- kind     what is told                                               turn                       user_id
-- rematch  the rematch as it now stands: its question posted (asked)  the rematch's change       0
--          or redrawn (an answer, started, reopened, expired), and    (0 asked, then one more
--          a reopened table's lobby posted where the game was         at each change)
--
-- SQLite cannot change a CHECK: the table is made again, its rows kept; PostgreSQL changes the CHECK.
-- [sqlite]
CREATE TABLE outbox_new (
    game_no    INTEGER NOT NULL REFERENCES games (game_no),
    kind       TEXT    NOT NULL CHECK (
        kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch')
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
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch')
);
-- [both]

-- `step` counts a rematch's changes (the outbox entry of each). A settled rematch whose table is still to be
-- made has `to_open` 1 (set with the decision, in its transaction; back to 0 once the table is recorded): a
-- crash between the two leaves it for a sweep to open, under a lease (`claimed_until`) so that one process
-- does it; its origin key (`rematch:<game>`) makes a second opening give the same table back.
ALTER TABLE rematches ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rematches ADD COLUMN to_open {bool} NOT NULL DEFAULT {false};
ALTER TABLE rematches ADD COLUMN claimed_until {real};
-- [sqlite]
CREATE INDEX rematches_to_open ON rematches (game_no) WHERE to_open = 1;
-- [postgres]
CREATE INDEX rematches_to_open ON rematches (game_no) WHERE to_open;
