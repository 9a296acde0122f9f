"""The announcer the bot holds: what posts boards, hands, results and lobby redraws (see `announcer`)."""

from .announcer import Announcer

__all__ = ["Announcer"]
