-- Undo by agreement (see the SQLite 0007).
ALTER TABLE guild_settings ADD COLUMN undo_allowed BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE undo_tables (
    lobby_id BIGINT PRIMARY KEY REFERENCES lobbies (lobby_id),
    at       DOUBLE PRECISION NOT NULL
);

CREATE TABLE undo_requests (
    game_no    BIGINT PRIMARY KEY REFERENCES games (game_no),
    turn       INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    BIGINT NOT NULL,
    action     TEXT   NOT NULL,
    asked_at   DOUBLE PRECISION NOT NULL,
    deadline   DOUBLE PRECISION NOT NULL,
    waiting    JSON   NOT NULL,
    channel_id BIGINT,
    message_id BIGINT
);
CREATE INDEX undo_requests_deadline ON undo_requests (deadline);
