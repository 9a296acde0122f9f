-- The outbox: what the players must be told, written in the same transaction as what causes it (an action,
-- a new table, a reminder, a resignation, an abandoned game) and deleted once it has been told. A crash or
-- a failed post between the two leaves the entry here, and it is told after the restart or on a retry.
--
-- kind    what is told                                           turn                     user_id
-- opened  the new table: its thread and first board               0                        0
-- action  the action's board line (and its hand or game result)   the action's log turn    0
-- hand    a player's hand with controls (the newest one counts)   the turn it was made at  the player
-- reminder  half the turn time has passed                         the turn it is for       the player
-- resigned  a seat went to a computer                             the game's turn then     who resigned
-- abandoned the game was ended without results                    the game's turn then     who ended it
CREATE TABLE outbox (
    game_no    {bigint} NOT NULL REFERENCES games (game_no),
    kind       TEXT     NOT NULL CHECK (kind IN ('opened', 'action', 'hand', 'reminder', 'resigned', 'abandoned')),
    user_id    {bigint} NOT NULL,
    turn       {bigint} NOT NULL,
    created_at {real}   NOT NULL,
    due_at     {real}   NOT NULL,  -- not before: the writer tells at once; a sweep takes what it left
    attempts   {bigint} NOT NULL DEFAULT 0,
    PRIMARY KEY (game_no, kind, user_id, turn)
) {without_rowid};
-- No index on due_at: the table holds only what is untold, a handful of rows, and each action writes one.

-- The newest hand DM with live controls per player and game, so that a restart still strips its controls
-- when the next one is sent or the game ends.
CREATE TABLE hand_messages (
    game_no    {bigint} NOT NULL REFERENCES games (game_no),
    user_id    {bigint} NOT NULL,
    channel_id {bigint} NOT NULL,
    message_id {bigint} NOT NULL,
    PRIMARY KEY (game_no, user_id)
) {without_rowid};

-- The turn the live board was posted at (a board is never replaced by an older one).
ALTER TABLE games ADD COLUMN board_turn {bigint};
