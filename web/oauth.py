"""Discord's OAuth2 for the web table, scope `identify` only: a code (from the browser's redirect, or from
the Embedded App SDK's `authorize` inside an Activity) exchanged for an access token, and the user it
belongs to.

The base URL is injectable so that tests talk to a fake Discord (an aiohttp test server), never the
network. The client secret and every token stay out of reprs, exceptions and logs: a failure says only
what Discord's status was."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

DISCORD_API = "https://discord.com/api"
AUTHORIZE_URL = "https://discord.com/oauth2/authorize"
SCOPE = "identify"


class OAuthFailed(Exception):
    """Discord refused the code or the token (or could not be reached); nothing secret in the message."""


@dataclass(frozen=True, slots=True)
class DiscordUser:
    user_id: int
    name: str
    locale: str | None = None  # the language they chose in Discord ("ja", "en-US"), which `identify` includes


@dataclass(frozen=True, slots=True)
class Grant:
    """An exchanged code: the user's access token (for the SDK's `authenticate`) and how long it lasts."""

    access_token: str = field(repr=False)
    expires_in: int


class DiscordOAuth:
    def __init__(
        self,
        client_id: str,
        client_secret: str,
        *,
        api: str = DISCORD_API,
        timeout: float = 10.0,
    ) -> None:
        self.client_id = client_id
        self._secret = client_secret
        self._api = api.rstrip("/")
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._http: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:
        return f"DiscordOAuth(client_id={self.client_id!r}, api={self._api!r})"

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=self._timeout)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def exchange(self, code: str, redirect_uri: str | None) -> Grant:
        """The access token for `code`. A browser's code is bound to the redirect URI it was asked with; an
        Activity's (from the SDK) has none."""
        form = {
            "client_id": self.client_id,
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        if redirect_uri is not None:
            form["redirect_uri"] = redirect_uri
        body = await self._call("POST", "/oauth2/token", data=form)
        token, expires = body.get("access_token"), body.get("expires_in", 0)
        if not isinstance(token, str) or not token or not isinstance(expires, int):
            raise OAuthFailed("Discord's token answer had no access token")
        return Grant(token, expires)

    async def user(self, grant: Grant) -> DiscordUser:
        """Who the access token belongs to (`/users/@me`, which `identify` allows)."""
        body = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {grant.access_token}"})
        try:
            name = body.get("global_name") or body["username"]
            locale = body.get("locale")
            return DiscordUser(int(body["id"]), str(name), locale if isinstance(locale, str) else None)
        except (KeyError, ValueError, TypeError) as error:
            raise OAuthFailed("Discord's user answer had no id") from error

    async def _call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        try:
            async with self._session().request(method, self._api + path, **kwargs) as response:
                if response.status != 200:
                    # The body may name the error ("invalid_grant"); it never holds the secret, but the
                    # status is all a reader of the log needs.
                    log.info("Discord answered %s %s with %d", method, path, response.status)
                    raise OAuthFailed(f"Discord refused {path} ({response.status})")
                body = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("could not reach Discord for %s (%s)", path, type(error).__name__)
            raise OAuthFailed(f"could not reach Discord for {path}") from None
        if not isinstance(body, dict):
            raise OAuthFailed(f"Discord's answer to {path} was not an object")
        return body
