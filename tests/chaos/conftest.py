"""The bot fixtures of the cogs' tests (a real bot over a SQLite file in simcord)."""

from tests.cogs.conftest import database, make_bot, seed, settings, simcord_bot  # noqa: F401
