-- Tournaments.
--
-- One row a tournament: what is played (`game_id`, `options`), how (`format` swiss or knockout, `rounds`), and
-- where it stands: `status` signup (players sign up by button), running, finished or cancelled. `state` is
-- the JSON of the tournament service (bot/tables/tournaments.py): the entrants with their seeds, who withdrew,
-- and each round's matches with the table (lobby, game) each is played at and how it ended. It is changed only
-- under the row's lock (PostgreSQL: FOR UPDATE), so a round is advanced once whichever process sees its tables
-- end. `told_round` is the last round whose picture was claimed for posting, until `claimed_until`.
CREATE TABLE tournaments (
    tournament_id {serial},
    guild_id      {bigint} NOT NULL,
    channel_id    {bigint} NOT NULL,
    message_id    {bigint},
    created_by    {bigint} NOT NULL,
    created_at    {real}   NOT NULL,
    game_id       TEXT     NOT NULL,
    format        TEXT     NOT NULL CHECK (format IN ('swiss', 'knockout')),
    rounds        {bigint} NOT NULL,
    options       {json}   NOT NULL,
    status        TEXT     NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state         {json}   NOT NULL,
    told_round    {bigint} NOT NULL DEFAULT 0,
    claimed_until {real}
);
CREATE INDEX tournaments_live ON tournaments (status) WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_guild ON tournaments (guild_id, created_at);
