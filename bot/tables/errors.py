"""What the table service refuses. Every refusal leaves lobbies and games exactly as they were.

Like the engine's errors, each carries a snake_case `key` (`error.<key>` in the catalogues) and `params`
to fill in, so the cog can answer in the player's language; `str(error)` is English for logs.
"""

from __future__ import annotations

from typing import Any

from bot.engine import EngineError


class TableError(Exception):
    key = "table_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params = params


class NotFound(TableError):
    key = "not_found"


class LobbyNotFound(NotFound):
    key = "lobby_not_found"


class GameNotFound(NotFound):
    key = "game_not_found"


class LobbyClosed(TableError):
    """The lobby has started its game or was cancelled."""

    key = "lobby_closed"


class TooManyLobbies(TableError):
    """The host already has as many open lobbies on this server as one may (a spammed /play opens no more)."""

    key = "too_many_lobbies"


class NotAPlayer(TableError):
    """The user holds no seat at this table (or in this lobby)."""

    key = "not_a_player"


class NotYourTurnAtTable(TableError):
    """The user's seat may not act now (the engine's own `NotYourTurn` is a rule's refusal of a seat)."""

    key = "not_your_turn"


class StaleControl(TableError):
    """A control made for an earlier turn: the game has moved on since (or the click was repeated)."""

    key = "stale_control"


class MovedOn(StaleControl):
    """A move typed without a turn (not picked from `/move`'s list) reached a game that moved on after it
    was sent: it was meant for the position its sender saw, so it is not tried on a later one."""

    key = "moved_on"


class LobbyFull(TableError):
    key = "lobby_full"


class AlreadyJoined(TableError):
    key = "already_joined"


class NotInvited(TableError):
    """A private table seats only the players its host invited."""

    key = "not_invited"


class NotHost(TableError):
    """Only the host (or, where the cog says so, a server admin) may do this."""

    key = "not_host"


class NotHostToInvite(NotHost):
    """Only the host invites players to their table."""

    key = "invite_not_host"


class AlreadySeated(TableError):
    """An invitation for someone who has a seat at the table already (the host too)."""

    key = "invite_seated"


class BadOption(TableError):
    """An unknown option or a value the rules do not allow."""

    key = "bad_option"


class UnknownLevel(TableError):
    """A computer level that does not exist (`level`; `levels` lists those that do)."""

    key = "unknown_level"


class NotAComputer(TableError):
    """No computer is seated as `Computer {computer}` in the lobby (any more: it was taken away)."""

    key = "not_a_computer"


class BadSetting(TableError):
    """A server setting out of range (a turn timer under a minute, ...)."""

    key = "bad_setting"


class WrongPlayerCount(TableError):
    """Start with a number of seats the game is not played by."""

    key = "wrong_player_count"


class TableOver(TableError):
    """The table's game has ended (finished or abandoned): the table takes nothing more. The engine's own
    `GameOver` is a rule's refusal of an action after the end."""

    key = "game_over"


class GameNotOver(TableError):
    """The game is still being played (its record, which holds the deal, waits for its end)."""

    key = "game_not_over"


class StoreFailed(TableError):
    """The action could not be saved; the game is as it was before it (rebuilt from the store)."""

    key = "store_failed"


class IllegalMove(TableError):
    """The engine refused the action; `key` and `params` are the engine's own."""

    def __init__(self, error: EngineError) -> None:
        super().__init__(str(error), **error.params)
        self.key = error.key
        self.engine_error = error


class Restarting(TableError):
    """The bot is stopping (a restart, a deploy): it takes no new change; the player tries again in a moment,
    when the restarted bot (or another process) answers."""

    key = "restarting"


class HintsOff(TableError):
    """A hint asked at a table that does not offer them (its host did not turn them on)."""

    key = "hints_off"


class StaleHint(StaleControl):
    """A Hint button of an earlier turn (or of a turn no longer the player's): the game has moved on."""

    key = "hint_stale"


class HintTimedOut(TableError):
    """The search found no hint in its time: nothing was given, and the game stays as rated as it was."""

    key = "hint_timeout"


class UndoNotAllowed(TableError):
    """The server does not let its tables offer undo (every game is rated)."""

    key = "undo_not_allowed"
