"""A fake of Discord's OAuth2 endpoints (token exchange, `/users/@me`) as an aiohttp test server, so that the
web table's logins run against it and never the network. It checks what Discord checks: the client's id and
secret, the code, the redirect URI a browser's code was asked with."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from aiohttp import web
from aiohttp.test_utils import TestServer

CLIENT_ID = "123456789012345678"
CLIENT_SECRET = "client-secret-that-must-never-be-logged"


@dataclass
class FakeDiscord:
    users: dict[str, tuple[int, str]] = field(default_factory=dict)  # code -> (user id, name), one use each
    redirect_uri: str | None = None  # what a browser's code was asked with (None: an Activity's code)
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user id
    exchanged: list[dict[str, str]] = field(default_factory=list)
    locales: dict[int, str] = field(default_factory=dict)  # user id -> their Discord locale (else none said)
    server: TestServer | None = None

    def code_for(self, user_id: int, name: str = "someone") -> str:
        code = "code-" + secrets.token_hex(8)
        self.users[code] = (user_id, name)
        return code

    @property
    def api(self) -> str:
        assert self.server is not None
        return str(self.server.make_url("/api"))

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.exchanged.append({k: str(v) for k, v in form.items()})
        if (form.get("client_id"), form.get("client_secret")) != (CLIENT_ID, CLIENT_SECRET):
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code" or form.get("redirect_uri") != self.redirect_uri:
            return web.json_response({"error": "invalid_grant"}, status=400)
        user = self.users.pop(str(form.get("code")), None)
        if user is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        access = "access-" + secrets.token_hex(16)
        self.tokens[access] = user[0]
        self.users[access] = user
        return web.json_response(
            {"access_token": access, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"}
        )

    async def me(self, request: web.Request) -> web.Response:
        access = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if access not in self.tokens:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        user_id, name = self.users[access]
        body = {"id": str(user_id), "username": name.lower(), "global_name": name}
        if user_id in self.locales:
            body["locale"] = self.locales[user_id]
        return web.json_response(body)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/oauth2/token", self.token)
        app.router.add_get("/api/users/@me", self.me)
        return app
