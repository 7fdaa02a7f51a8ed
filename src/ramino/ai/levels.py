"""The three strengths of the computer opponent a player chooses at the table.

``principiante`` and ``intermedio`` are the greedy bot (:mod:`ramino.ai.greedy`) in two
styles; ``esperto`` is the expert bot (:mod:`ramino.ai.expert`), which judges its throws by
the cards still to come, holds its melds back to go out all at once (*in mano*) where that
costs the others, and bets for the match. Each beats the one below on whole matches under
every preset two can play: ``make levels`` measures it, the table is in docs/levels.md.
"""

from __future__ import annotations

from .betting import LOOSE
from .bot import Bot
from .expert import ExpertBot
from .greedy import GreedyBot, Style

__all__ = ["BEGINNER", "LEVELS", "bot_for_level"]

#: The levels, weakest first (the words players see).
LEVELS = ("principiante", "intermedio", "esperto")

#: A beginner: does not watch the others (feeds the next player, does not unload high cards
#: when someone is about to close), takes the discard only to complete a meld, and one
#: discard in four is thrown at random.
BEGINNER = Style(watch_opponents=False, random_discard=0.25, near_melds=False, betting=LOOSE)


def bot_for_level(level: str, *, seed: int | str | bytes = 0, name: str | None = None) -> Bot:
    """A computer opponent of strength ``level`` (one of :data:`LEVELS`), named ``name`` or
    after its level.

    ``esperto`` is the expert bot with its default settings.

    >>> bot_for_level("intermedio").name
    'intermedio'
    >>> bot_for_level("Esperto", name="Carla")
    ExpertBot(name='Carla')
    >>> bot_for_level("campione")
    Traceback (most recent call last):
    ...
    ValueError: unknown level 'campione': choose one of principiante, intermedio, esperto
    """
    key = level.strip().lower()
    if key == "principiante":
        return GreedyBot(seed, name=name or key, style=BEGINNER)
    if key == "intermedio":
        return GreedyBot(seed, name=name or key)
    if key == "esperto":
        return ExpertBot(seed, name=name or key)
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
