"""The Discord side of the bot, one cog per concern; `app.client` loads them in this order."""

EXTENSIONS = (
    "cogs.board_controls",
    "cogs.hands",
    "cogs.lobby",
    "cogs.games",
    "cogs.timers",
    "cogs.rules",
    "cogs.settings",
    "cogs.standings",
    "cogs.replays",
    "cogs.analysis",
    "cogs.profiles",
    "cogs.seasons",
    "cogs.rematches",
    "cogs.watching",
    "cogs.tournaments",
    "cogs.undo",
    "cogs.help",
    "cogs.welcome",
    "cogs.privacy",
)
