"""What a cog needs of the bot that holds it, as a protocol: the cogs type their bot with `FivesBot` and
never import the bot class itself, which lives on top of the house (`app.client`) and imports them. mypy
checks that `app.client.FivesBot` satisfies the protocol where it builds the announcer and loads the cogs
(`cogs.host.FivesBot` is what they are handed), so a member the cogs start to use must be added here, and
the bot class must have it.

The members are the fives ones (the table service, the announcer, the users' languages, the web table) and
the few of discord.py's `commands.Bot` that the cogs call, with discord.py's own signatures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.tables import LobbyInfo, Notification, PlayersInvited, TableInfo, TableService
    from web.links import TableLinks


class Teller(Protocol):
    """What the cogs ask of the announcer (`cogs.announcer.Announcer`): post what the service said."""

    async def deliver(
        self, notes: Sequence[Notification], origin: discord.Interaction | None = None, *, hand_origin: bool = False
    ) -> None: ...

    async def tell_invited(self, note: PlayersInvited) -> bool: ...

    def player_at_hand(self, user_id: int) -> None: ...

    async def tell_untold(self) -> None: ...

    async def show_lobby(self, lobby: LobbyInfo) -> None: ...

    def in_thread(self, lobby: LobbyInfo) -> bool: ...

    def table_url(self, table: TableInfo) -> str: ...


class WebHub(Protocol):
    """The web table's hub (`web.hub.Hub`), as the announcer wakes it: a game's open pages read it again."""

    def changed(self, game_no: int) -> None: ...


class FivesBot(Protocol):
    """The bot, as a cog sees it."""

    # Read-only here (properties), so that the bot's own, narrower types satisfy them (its `Announcer`).
    @property
    def service(self) -> TableService: ...

    @property
    def announcer(self) -> Teller: ...

    @property
    def user_locales(self) -> dict[int, str]: ...  # the language last seen from each user, for DMs

    @property
    def web_links(self) -> TableLinks | None: ...  # the "Open table" links, while the web table is on

    @property
    def web_hub(self) -> WebHub | None: ...

    # -- discord.py's, as `commands.Bot` has them --------------------------------------------------------
    @property
    def user(self) -> discord.ClientUser | None: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    @property
    def http(self) -> Any: ...  # discord.http.HTTPClient, a private module of discord.py

    async def add_cog(
        self,
        cog: commands.Cog,
        /,
        *,
        override: bool = ...,
        guild: discord.abc.Snowflake | None = ...,
        guilds: Sequence[discord.abc.Snowflake] = ...,
    ) -> None: ...

    async def wait_until_ready(self) -> None: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
