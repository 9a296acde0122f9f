-- Several processes on one database, and names that say what they hold.
--
-- ratings.game_id held a rating pool (a game id, or a game id with its player count: `five-hundred:4p`),
-- never a game: it is called `pool` now.
ALTER TABLE ratings RENAME COLUMN game_id TO pool;

-- Every write to a game's row adds one to its version, so that a process holding the game in memory
-- sees, under the game's lock, whether another process changed it since (and catches up from the log).
ALTER TABLE games ADD COLUMN version {bigint} NOT NULL DEFAULT 0;

-- When a computer or automatic turn is pending: the time after which any process may play it (the
-- process that was to play it may have died between two turns). NULL when a human is to act.
ALTER TABLE games ADD COLUMN carry_on_at {real};
-- [postgres]
-- The timer sweep of every process asks for the games due: only active games have timers.
CREATE INDEX games_due ON games (LEAST(deadline, reminder_at, carry_on_at)) WHERE status = 'active';
