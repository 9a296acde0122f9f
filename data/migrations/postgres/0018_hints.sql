-- Hints for learners and stored analyses (see the SQLite 0018).
CREATE TABLE hint_tables (
    lobby_id BIGINT PRIMARY KEY REFERENCES lobbies (lobby_id),
    at       DOUBLE PRECISION NOT NULL
);

CREATE TABLE hint_uses (
    game_no BIGINT  NOT NULL REFERENCES games (game_no),
    seat    INTEGER NOT NULL,
    turn    INTEGER NOT NULL,
    at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_no, seat, turn)
);

CREATE TABLE analyses (
    game_no BIGINT  NOT NULL REFERENCES games (game_no),
    seat    INTEGER NOT NULL,
    budget  TEXT    NOT NULL,
    body    TEXT    NOT NULL,
    at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_no, seat)
);
