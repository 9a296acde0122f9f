"""The links the bot gives in Discord to the web table: each carries a ticket the bot signed, naming the
game and its server, which the login exchanges for a session of that server (web/auth.py)."""

from __future__ import annotations

from urllib.parse import urlencode

from .sessions import Signer


class TableLinks:
    def __init__(self, url: str, signer: Signer, *, activity: bool) -> None:
        self._url = url.rstrip("/")
        self._signer = signer
        self.activity = activity  # the bot's application has its Activity set up: offer to launch it

    def __repr__(self) -> str:
        return f"TableLinks({self._url!r}, activity={self.activity})"

    def table(self, game_no: int, guild_id: int) -> str:
        """The "Open table" link of game `game_no` of server `guild_id`: Discord's login, then the page."""
        return self._login(game_no, guild_id, f"/table/{game_no}")

    def replay(self, game_no: int, guild_id: int, frame: int = 0) -> str:
        """The link to the replay page of ended game `game_no`, at step `frame` (0: its deal)."""
        return self._login(game_no, guild_id, f"/replay/{game_no}" + (f"?frame={frame}" if frame else ""))

    def _login(self, game_no: int, guild_id: int, target: str) -> str:
        ticket = self._signer.ticket(game_no, guild_id)
        return f"{self._url}/auth/login?" + urlencode({"next": target, "ticket": ticket})
