-- Profiles, seasons and rematches.
--
-- Every rating change, per rating pool (a season's pool too: `five-up@3` is Five Up in season 3), with its
-- game and time: a player's rating over time (`/stats`), and which games a season counted. The changes of
-- games finished before are read back from their results (the all-time pools; Five Hundred is rated per
-- player count, `five-hundred:4p`, as bot.tables.ratings names its pools).
CREATE TABLE rating_history (
    guild_id      {bigint} NOT NULL,
    pool          TEXT     NOT NULL,
    user_id       {bigint} NOT NULL,
    game_no       {bigint} NOT NULL REFERENCES games (game_no),
    at            {real}   NOT NULL,
    rating_before {real}   NOT NULL,  -- the ordinal shown (mu - 3 sigma)
    rating_after  {real}   NOT NULL,
    PRIMARY KEY (guild_id, user_id, pool, game_no)
) {without_rowid};
CREATE INDEX rating_history_pool ON rating_history (guild_id, pool);

INSERT INTO rating_history (guild_id, pool, user_id, game_no, at, rating_before, rating_after)
SELECT g.guild_id,
       CASE WHEN g.game_id = 'five-hundred' THEN g.game_id || ':' || g.players || 'p' ELSE g.game_id END,
       r.user_id, r.game_no, COALESCE(g.ended_at, g.created_at), r.rating_before, r.rating_after
FROM game_results r JOIN games g ON g.game_no = r.game_no
WHERE r.user_id IS NOT NULL AND r.rating_before IS NOT NULL AND r.rating_after IS NOT NULL;

-- A server's seasons: at most one running (ended_at NULL) per server, names unique per server (`name_key`
-- is the name as compared: case and spacing folded). A season with `ends_at` ends by itself then; once
-- ended, `announce_at` says from when its champions are to be announced (NULL once they were): a process
-- that takes the announcement postpones it while it posts, so that a crash retries it and two processes
-- never both post it.
CREATE TABLE seasons (
    season_id   {serial},
    guild_id    {bigint} NOT NULL,
    name        TEXT     NOT NULL,
    name_key    TEXT     NOT NULL,
    channel_id  {bigint} NOT NULL,  -- where it was started: its champions are told there unless the server chose
    started_by  {bigint} NOT NULL,
    started_at  {real}   NOT NULL,
    ends_at     {real},
    ended_at    {real},
    ended_by    {bigint},           -- NULL: it ended by its date
    announce_at {real}
);
CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX seasons_named ON seasons (guild_id, name_key);
CREATE INDEX seasons_due ON seasons (ends_at) WHERE ended_at IS NULL;

-- The channel a server chose for its seasons' champions.
CREATE TABLE season_channels (
    guild_id   {bigint} PRIMARY KEY,
    channel_id {bigint} NOT NULL
);

-- A rematch asked for on the message that ended a game: each human's answer (a JSON object of user id ->
-- true for yes, false for no) until `deadline`. Settled once: 'started' when every human said yes (the new
-- game), 'reopened' when one said no or did not answer in time (a new table with their seats open).
CREATE TABLE rematches (
    game_no      {bigint} PRIMARY KEY REFERENCES games (game_no),
    guild_id     {bigint} NOT NULL,
    channel_id   {bigint} NOT NULL,  -- where the question was posted
    message_id   {bigint},
    asked_by     {bigint} NOT NULL,
    asked_at     {real}   NOT NULL,
    deadline     {real}   NOT NULL,
    answers      {json}   NOT NULL,
    status       TEXT     NOT NULL CHECK (status IN ('open', 'started', 'reopened')),
    lobby_id     {bigint},           -- the table it led to
    next_game_no {bigint}
) {without_rowid};
CREATE INDEX rematches_open ON rematches (deadline) WHERE status = 'open';
