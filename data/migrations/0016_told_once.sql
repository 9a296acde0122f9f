-- What a season's champions announcement has been claimed for, counted (issue: told exactly once): the
-- sweep that claims it again after its lease ran out (a crash or a failed post before it was settled) looks
-- for the announcement in the channel before posting it, the first claim does not. Tournament rounds and
-- DM digests need no column: their `claimed_until` is cleared once told, so a claim that finds one set
-- follows an unsettled claim.
ALTER TABLE seasons ADD COLUMN announce_claims INTEGER NOT NULL DEFAULT 0;
