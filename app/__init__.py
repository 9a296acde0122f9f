"""The application on top of the house: the command line, the settings, the Discord bot class that wires the
table service, the cogs and the web table together, and its start and stop. Nothing below imports it
(docs/architecture.md): the cogs type the bot through `cogs.host.FivesBot`, a protocol this package's bot
class satisfies."""
