-- Tables the bot opens itself (a tournament's round, a rematch) carry where they come from, as a key such as
-- `tournament:3:2:1` (tournament 3, round 2, match 1) or `rematch:41` (the rematch of game 41). The key is
-- unique: opening a table with a key that exists already gives that table back instead of a second one, so a
-- crash (or a slow process) between making a table and noting its number never opens it twice. Tables opened
-- by players have none (NULLs never collide).
ALTER TABLE lobbies ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX lobbies_origin ON lobbies (origin);

-- A cancelled tournament is told once in its channel, claimed like a round (`told_round`): its cancellation
-- counts as told when `told_round` reaches 1000000 (data.rows.CANCELLED_ROUND, past any real round). The
-- tournaments cancelled before this migration were never told: they are taken as told, not told late.
UPDATE tournaments SET told_round = 1000000 WHERE status = 'cancelled';
