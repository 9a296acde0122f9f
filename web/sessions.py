"""Signed, expiring session tokens: who a browser is (a Discord user) and which server's games it may see.

A token is `payload.signature`, the signature an HMAC-SHA256 of the payload with the bot's secret. It is
sent as a bearer token (inside the Activity's iframe) or an HttpOnly cookie; never logged."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

SESSION_SECONDS = 12 * 3600  # a session ends after this; the page then logs in again


@dataclass(frozen=True, slots=True)
class Session:
    user_id: int
    guild_id: int
    expires: float


class BadSession(Exception):
    """A token that is forged, malformed or expired."""


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

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self._secret, payload.encode(), hashlib.sha256).digest())

    def issue(self, user_id: int, guild_id: int, seconds: float = SESSION_SECONDS) -> str:
        payload = _b64(json.dumps({"u": user_id, "g": guild_id, "e": self._clock() + seconds}).encode())
        return f"{payload}.{self._sign(payload)}"

    def read(self, token: str) -> Session:
        payload, _, signature = token.partition(".")
        if not signature or not hmac.compare_digest(signature, self._sign(payload)):
            raise BadSession("bad signature")
        try:
            data = json.loads(_unb64(payload))
            session = Session(int(data["u"]), int(data["g"]), float(data["e"]))
        except (ValueError, KeyError, TypeError) as error:
            raise BadSession("malformed") from error
        if session.expires < self._clock():
            raise BadSession("expired")
        return session
