-- The lobby's outbox of ../0015_lobby_outbox.sql (SQLite), in PostgreSQL's types; see that file.
CREATE TABLE lobby_outbox (
    lobby_id   BIGINT NOT NULL REFERENCES lobbies (lobby_id),
    kind       TEXT   NOT NULL CHECK (kind IN ('invited')),
    seq        BIGINT NOT NULL,
    by_user_id BIGINT NOT NULL,
    invited    JSON   NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    due_at     DOUBLE PRECISION NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (lobby_id, kind, seq)
);
CREATE INDEX lobby_outbox_due ON lobby_outbox (due_at);
