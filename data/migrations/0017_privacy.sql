-- Players' own data and the servers the bot left (issue 26; docs/privacy.md says what is kept, and how long).
--
-- A player who asks to be forgotten (`/privacy forget`) keeps no id and no name anywhere: their seats become an
-- anonymous player's, whose id is negative (data.rows.anonymous_id: minus one minus the seat, so that the seats
-- of one game stay apart and no two games can be linked) and whose name is NULL. No Discord id is negative.
--
-- When the bot is removed from a server, its games in play end as abandoned and each of their players is told
-- once, by DM, through the outbox (a new kind of entry); what the server leaves is kept for a grace period
-- (`guilds_left`: since when) and then purged by a sweep, unless the bot is added back meanwhile.
--
-- kind     what is told                                               turn                       user_id
-- left     the bot left the server: the game ended unrated            the game's turn then       the player
--
-- SQLite cannot change a CHECK: the table is made again, its rows kept; PostgreSQL changes the CHECK.
-- [sqlite]
CREATE TABLE outbox_new (
    game_no    INTEGER NOT NULL REFERENCES games (game_no),
    kind       TEXT    NOT NULL CHECK (
        kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch', 'left')
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
    kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned', 'undo', 'watcher', 'rematch', 'left')
);
-- [both]

CREATE TABLE guilds_left (
    guild_id {bigint} PRIMARY KEY,
    left_at  {real}   NOT NULL
);
