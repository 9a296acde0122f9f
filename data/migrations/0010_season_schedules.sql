-- Season schedules (issue 14): a server's seasons may follow one another by themselves, weekly, monthly or
-- quarterly (`every`; no row: no schedule). While a schedule is set and no season runs, the sweep starts the
-- next one, named from `pattern` (bot/tables/season_schedule.py reads it) and announced in `channel_id` (where
-- the schedule was set) unless the server chose a channel. A scheduled season is an ordinary row of `seasons`:
-- the unique index `seasons_running` (one running season a server) is what lets only one process start it.
CREATE TABLE season_schedules (
    guild_id   {bigint} PRIMARY KEY,
    every      TEXT     NOT NULL CHECK (every IN ('weekly', 'monthly', 'quarterly')),
    pattern    TEXT     NOT NULL,
    channel_id {bigint} NOT NULL,
    set_by     {bigint} NOT NULL,
    set_at     {real}   NOT NULL
);
