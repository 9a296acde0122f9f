-- Season schedules: the table of ../0010_season_schedules.sql (SQLite), in PostgreSQL's types; see that file.
CREATE TABLE season_schedules (
    guild_id   BIGINT PRIMARY KEY,
    every      TEXT   NOT NULL CHECK (every IN ('weekly', 'monthly', 'quarterly')),
    pattern    TEXT   NOT NULL,
    channel_id BIGINT NOT NULL,
    set_by     BIGINT NOT NULL,
    set_at     DOUBLE PRECISION NOT NULL
);
