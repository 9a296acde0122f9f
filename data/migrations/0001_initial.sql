-- The first schema: server settings, lobbies, games with their seats, the action log, results, ratings.
-- Discord ids are INTEGER (64-bit); times are Unix seconds (REAL); structured values are JSON text.

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    turn_seconds    INTEGER NOT NULL,
    auto_play       INTEGER NOT NULL,
    language        TEXT,
    default_options TEXT    NOT NULL DEFAULT '{}'
);

CREATE TABLE lobbies (
    lobby_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    host_id    INTEGER NOT NULL,
    game_id    TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    seats      TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('open', 'started', 'cancelled')),
    created_at REAL    NOT NULL,
    game_no    INTEGER
);
CREATE INDEX lobbies_open ON lobbies (status) WHERE status = 'open';

CREATE TABLE games (
    game_no          INTEGER PRIMARY KEY AUTOINCREMENT,
    lobby_id         INTEGER REFERENCES lobbies (lobby_id),
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    board_message_id INTEGER,
    host_id          INTEGER NOT NULL,
    game_id          TEXT    NOT NULL,
    players          INTEGER NOT NULL,
    options          TEXT    NOT NULL,
    seed             INTEGER NOT NULL,
    deals            TEXT,
    seating          TEXT,
    status           TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
    deadline         REAL,
    reminder_at      REAL,
    created_at       REAL    NOT NULL,
    ended_at         REAL
);
CREATE INDEX games_active ON games (status) WHERE status = 'active';

CREATE TABLE game_seats (
    game_no          INTEGER NOT NULL REFERENCES games (game_no),
    seat             INTEGER NOT NULL,
    user_id          INTEGER,
    name             TEXT,
    computer         INTEGER NOT NULL,
    replaced_user_id INTEGER,
    PRIMARY KEY (game_no, seat)
) WITHOUT ROWID;
CREATE INDEX game_seats_user ON game_seats (user_id);

-- The action log is the game: a restart replays it. (game_no, turn) as the key means that the same turn
-- can never be written twice, whatever races above.
CREATE TABLE actions (
    game_no INTEGER NOT NULL REFERENCES games (game_no),
    turn    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('player', 'computer', 'auto', 'timeout')),
    at      REAL    NOT NULL,
    PRIMARY KEY (game_no, turn)
) WITHOUT ROWID;

CREATE TABLE hand_results (
    game_no INTEGER NOT NULL REFERENCES games (game_no),
    hand_no INTEGER NOT NULL,
    turn    INTEGER NOT NULL,
    reason  TEXT    NOT NULL,
    points  TEXT    NOT NULL,
    detail  TEXT    NOT NULL,
    PRIMARY KEY (game_no, hand_no)
) WITHOUT ROWID;

-- One row per seat of a finished game: who was rated for it, the side's place and the rating change.
CREATE TABLE game_results (
    game_no       INTEGER NOT NULL REFERENCES games (game_no),
    seat          INTEGER NOT NULL,
    user_id       INTEGER,
    side          INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    won           INTEGER NOT NULL,
    score         INTEGER NOT NULL,
    rating_before REAL,
    rating_after  REAL,
    PRIMARY KEY (game_no, seat)
) WITHOUT ROWID;
CREATE INDEX game_results_user ON game_results (user_id);

-- user_id 0 is the computer pseudo-player of that server and game (rated, never listed).
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game_id  TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_user ON ratings (user_id);
