"""Typed errors of the rules engine.

Every refusal of the engine is one of these, so that the table and the replay command can tell a player
exactly what went wrong. All of them leave the game state unchanged.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of everything the engine refuses.

    `str(error)` is an English sentence for logs and the replay command; `key` and `params` let the bot
    say the same in the player's language (`error.<key>` in the catalogues, with `params` filled in).
    """

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key or type(self).__name__
        self.params = params


class BadOptions(EngineError, ValueError):
    """An unknown option, an option value the rules do not allow, or an unsupported player count."""


class BadNotation(EngineError, ValueError):
    """Action text that does not parse (`5-x@3`, `bid 11S`)."""


class BadRecord(EngineError, ValueError):
    """A game record or a stacked deal that is malformed or inconsistent."""


class GameOver(EngineError):
    """An action after the game has ended."""


class NotYourTurn(EngineError):
    """A seat acted when it was not allowed to act."""


class IllegalAction(EngineError):
    """An action the rules forbid in this position (the message says why)."""


class NotInHand(IllegalAction):
    """The tile or card is not in the acting player's hand."""


class NoMatchingEnd(IllegalAction):
    """The tile cannot be attached where it was asked to go."""


class ArmNotOpen(NoMatchingEnd):
    """A spinner's arm was played on before both of its sides were covered."""


class MustPlay(IllegalAction):
    """Drawing or passing while holding a playable tile."""


class CannotDraw(IllegalAction):
    """Drawing when the boneyard is empty or down to the tiles that may never be drawn."""


class MustDraw(IllegalAction):
    """Passing while the boneyard still has tiles that may be drawn."""


class MustFollow(IllegalAction):
    """A card that does not follow suit while the player could."""
