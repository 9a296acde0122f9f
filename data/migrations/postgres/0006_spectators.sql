-- Spectators and private tables: the tables of ../0006_spectators.sql (SQLite), in PostgreSQL's types; see that file.
CREATE TABLE table_access (
    lobby_id BIGINT PRIMARY KEY REFERENCES lobbies (lobby_id),
    private  BOOLEAN NOT NULL,
    invited  JSON    NOT NULL,
    watching BOOLEAN NOT NULL
);

CREATE TABLE watchers (
    lobby_id      BIGINT NOT NULL REFERENCES lobbies (lobby_id),
    user_id       BIGINT NOT NULL,
    mode          TEXT   NOT NULL CHECK (mode IN ('thread', 'dm')),
    since         DOUBLE PRECISION NOT NULL,
    told_turn     BIGINT NOT NULL DEFAULT 0,
    told_hands    BIGINT NOT NULL DEFAULT 0,
    told_at       DOUBLE PRECISION NOT NULL DEFAULT 0,
    claimed_until DOUBLE PRECISION,
    PRIMARY KEY (lobby_id, user_id)
);
CREATE INDEX watchers_user ON watchers (user_id);
CREATE INDEX watchers_digest ON watchers (lobby_id) WHERE mode = 'dm';
