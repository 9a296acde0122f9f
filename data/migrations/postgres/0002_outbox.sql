-- The outbox of ../0002_outbox.sql (SQLite), in PostgreSQL's types: what the players must be told, written in
-- the same transaction as what causes it and deleted once it has been told; see that file for the kinds.
CREATE TABLE outbox (
    game_no    BIGINT NOT NULL REFERENCES games (game_no),
    kind       TEXT   NOT NULL CHECK (kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned')),
    user_id    BIGINT NOT NULL,
    turn       BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    due_at     DOUBLE PRECISION NOT NULL,  -- not before: the writer tells at once; a sweep takes what it left
    attempts   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_no, kind, user_id, turn)
);

-- The newest hand DM with live controls per player and game.
CREATE TABLE hand_messages (
    game_no    BIGINT NOT NULL REFERENCES games (game_no),
    user_id    BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (game_no, user_id)
);

-- The turn the live board was posted at (a board is never replaced by an older one).
ALTER TABLE games ADD COLUMN board_turn BIGINT;
