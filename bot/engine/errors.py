"""Typed errors of the rules engine.

Every refusal of the engine is one of these, so that the table and the replay command can tell a player
exactly what went wrong. All of them leave the game state unchanged.
"""

from __future__ import annotations

SHOWN = 40  # characters of an offending text quoted back in an error: enough to recognise it, no more


def brief(text: object, limit: int = SHOWN) -> str:
    """Someone's text as it may be shown back: its first `limit` characters, control characters as `?`,
    and `…` where it was cut (a 1 MB action must not come back whole, a newline must not break a line)."""
    text = text if isinstance(text, str) else _plain(text)
    cut = len(text) > limit
    text = "".join("?" if not ch.isprintable() and ch != " " else ch for ch in text[:limit])
    return text + "…" if cut else text


def quoted(text: object, limit: int = SHOWN) -> str:
    """Someone's text quoted in an English error message: `'5-x'`, cut like `brief` when it is long."""
    if not isinstance(text, str):
        return brief(text, limit)
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + "…"


def _small_int(value: object) -> bool:
    return type(value) is int and value.bit_length() <= 60


def _plain(value: object) -> str:
    """A short text for a value that is not text (a JSON number, list or object), safe for any size: the
    int-to-text limit and deep nesting must not turn the error itself into an exception."""
    if isinstance(value, bool) or value is None:
        return "true" if value is True else "false" if value is False else "null"
    if isinstance(value, int):
        if value.bit_length() > 200:
            return "a number of about " + str(int(value.bit_length() * 0.30103) + 1) + " digits"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


_TYPED = frozenset({"text", "value", "option", "game", "players", "type"})  # params that echo someone's input


class EngineError(Exception):
    """Base class of everything the engine refuses.

    `str(error)` is an English sentence for logs and the replay command; `key` and `params` let the bot
    say the same in the player's language (`error.<key>` in the catalogues, with `params` filled in).
    """

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key or type(self).__name__
        # params are shown to players (error.<key>): what they typed comes back short and printable
        self.params = {k: brief(v) if k in _TYPED and not _small_int(v) else v for k, v in params.items()}


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
