-- Several processes on one database, and names that say what they hold (see the SQLite 0003).
ALTER TABLE ratings RENAME COLUMN game_id TO pool;
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN carry_on_at DOUBLE PRECISION;
-- The timer sweep of every process asks for the games due: only active games have timers.
CREATE INDEX games_due ON games (LEAST(deadline, reminder_at, carry_on_at)) WHERE status = 'active';
