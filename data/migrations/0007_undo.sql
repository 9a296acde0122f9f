-- Undo by agreement (issue 14): a table may be opened letting a player take back their last action when
-- every other human agrees. The action and its undoing are both in `actions` (an `undo` entry by the seat
-- that took it back; the engine replays the log without the action), so nothing here is needed to replay.
--
-- A server lets its tables offer undo (every game with humans is rated: off unless the server allows it).
ALTER TABLE guild_settings ADD COLUMN undo_allowed {bool} NOT NULL DEFAULT {false};

-- The tables opened with undo by agreement, by lobby (a row: on, since `at`; none: off, the default).
CREATE TABLE undo_tables (
    lobby_id {bigint} PRIMARY KEY REFERENCES lobbies (lobby_id),
    at       {real}   NOT NULL
) {without_rowid};

-- A request to take back an action, while the others answer: at most one per game. `turn` is the length of
-- the log when it was asked (the request is for the entry before it: once the log grows, it is void);
-- `waiting` a JSON list of the user ids yet to accept. A refusal or the deadline deletes it.
CREATE TABLE undo_requests (
    game_no    {bigint} PRIMARY KEY REFERENCES games (game_no),
    turn       INTEGER  NOT NULL,
    seat       INTEGER  NOT NULL,
    user_id    {bigint} NOT NULL,
    action     TEXT     NOT NULL,
    asked_at   {real}   NOT NULL,
    deadline   {real}   NOT NULL,
    waiting    {json}   NOT NULL,
    channel_id {bigint},
    message_id {bigint}
) {without_rowid};
CREATE INDEX undo_requests_deadline ON undo_requests (deadline);
