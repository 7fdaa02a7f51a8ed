"""Players that are programs: the bot interface, the bots, and the loops that let them play.

Bots see only observations (:class:`ramino.engine.observation.Observation`), never a round.
"""

from .bot import Bot, RandomBot, play_match, play_round

__all__ = ["Bot", "RandomBot", "play_match", "play_round"]
