"""Signed, expiring tokens: who a browser is (a Discord user) and which server's games it may see (the
session), and the two short-lived tokens that lead to one (the bot's table ticket, the login's state).

A token is `payload.signature`, the signature an HMAC-SHA256 of the token's purpose and payload with the
bot's secret: a ticket or a login state is never taken for a session, nor the other way round, though one
secret signs them all. A session is sent as a bearer token (inside the Activity's iframe) or an HttpOnly
cookie; no token is ever logged."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SESSION_SECONDS = 12 * 3600  # a session ends after this; the page then logs in again
# A ticket rides on the newest board and hand DM, which are posted again at every move: a day covers a
# slow game's wait, and a ticket alone opens nothing (the login that follows checks who uses it).
TICKET_SECONDS = 24 * 3600


@dataclass(frozen=True, slots=True)
class Session:
    user_id: int
    guild_id: int
    expires: float


@dataclass(frozen=True, slots=True)
class Ticket:
    """What an "Open table" link in Discord says: this game of this server (not who may use it)."""

    game_no: int
    guild_id: int


class BadSession(Exception):
    """A token that is forged, malformed, expired or made for another purpose."""


class SessionExpired(BadSession):
    """A good token whose time is up: the page tells its user to log in again, not that it was forged."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    def __init__(self, secret: bytes, clock: Callable[[], float] = time.time) -> None:
        if len(secret) < 16:
            raise ValueError("the session secret must be at least 16 bytes")
        self._secret = secret
        self._clock = clock

    def _sign(self, purpose: str, payload: str) -> str:
        return _b64(hmac.new(self._secret, f"{purpose}:{payload}".encode(), hashlib.sha256).digest())

    def seal(self, purpose: str, data: dict[str, Any], seconds: float) -> str:
        """A token for `purpose` carrying `data` (JSON), good for `seconds`."""
        payload = _b64(json.dumps({**data, "e": self._clock() + seconds}).encode())
        return f"{payload}.{self._sign(purpose, payload)}"

    def unseal(self, purpose: str, token: str) -> dict[str, Any]:
        """The data of a token made by `seal` for the same purpose; BadSession otherwise or once expired."""
        payload, _, signature = token.partition(".")
        if not signature or not hmac.compare_digest(signature, self._sign(purpose, payload)):
            raise BadSession("bad signature")
        try:
            data = json.loads(_unb64(payload))
            expires = float(data["e"])
        except (ValueError, KeyError, TypeError) as error:
            raise BadSession("malformed") from error
        if expires < self._clock():
            raise SessionExpired("expired")
        return dict(data)

    def issue(self, user_id: int, guild_id: int, seconds: float = SESSION_SECONDS) -> str:
        return self.seal("session", {"u": user_id, "g": guild_id}, seconds)

    def read(self, token: str) -> Session:
        data = self.unseal("session", token)
        try:
            return Session(int(data["u"]), int(data["g"]), float(data["e"]))
        except (ValueError, KeyError, TypeError) as error:
            raise BadSession("malformed") from error

    def alive(self, session: Session) -> bool:
        """Whether a session read earlier (an open socket's) has not expired since."""
        return session.expires >= self._clock()

    def ticket(self, game_no: int, guild_id: int, seconds: float = TICKET_SECONDS) -> str:
        return self.seal("ticket", {"n": game_no, "g": guild_id}, seconds)

    def read_ticket(self, token: str) -> Ticket:
        data = self.unseal("ticket", token)
        try:
            return Ticket(int(data["n"]), int(data["g"]))
        except (ValueError, KeyError, TypeError) as error:
            raise BadSession("malformed") from error
