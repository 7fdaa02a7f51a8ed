"""The three strengths of the computer opponent a player chooses at the table.

``principiante`` and ``intermedio`` are the greedy bot (:mod:`ramino.ai.greedy`) in two
styles; ``esperto`` is the expert bot (:mod:`ramino.ai.expert`), which judges its throws by
the cards still to come, holds its melds back to go out all at once (*in mano*) where that
costs the others, and bets for the match. Each beats the one below on whole matches under
every preset two can play: ``make levels`` measures it, the table is in docs/levels.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .betting import LOOSE
from .bot import Bot
from .errors import BotError, BotReason
from .expert import ExpertBot
from .greedy import GreedyBot, Style

__all__ = ["BEGINNER", "ENGLISH_LEVELS", "LEVELS", "bot_for_level", "level_named"]

#: The levels, weakest first, by their Italian names: the words players see, and what tables
#: store and the wire carries.
LEVELS = ("principiante", "intermedio", "esperto")
#: The levels' English names, each with the level it names: accepted wherever a level is.
ENGLISH_LEVELS: Mapping[str, str] = MappingProxyType(
    {"beginner": "principiante", "intermediate": "intermedio", "expert": "esperto"}
)

#: A beginner: does not watch the others (feeds the next player, does not unload high cards
#: when someone is about to close), takes the discard only to complete a meld, and one
#: discard in four is thrown at random.
BEGINNER = Style(watch_opponents=False, random_discard=0.25, near_melds=False, betting=LOOSE)


def level_named(level: str) -> str:
    """The level ``level`` names, in Italian or in English, in any case: one of
    :data:`LEVELS`. Any other name raises :class:`~ramino.ai.errors.BotError`.

    >>> level_named("Expert"), level_named("intermedio"), level_named(" beginner ")
    ('esperto', 'intermedio', 'principiante')
    >>> level_named("campione")
    Traceback (most recent call last):
    ...
    ramino.ai.errors.BotError: Livello sconosciuto 'campione': scegli fra principiante, intermedio, esperto (beginner, intermediate, expert).
    """  # noqa: E501
    key = level.strip().lower()
    key = ENGLISH_LEVELS.get(key, key)
    if key not in LEVELS:
        known = f"{', '.join(LEVELS)} ({', '.join(ENGLISH_LEVELS)})"
        raise BotError(BotReason.UNKNOWN_LEVEL, level=level, known=known)
    return key


def bot_for_level(level: str, *, seed: int | str | bytes = 0, name: str | None = None) -> Bot:
    """A computer opponent of strength ``level`` (one of :data:`LEVELS`, or its English name),
    named ``name`` or after the level as written.

    ``esperto`` (*expert*) is the expert bot with its default settings.

    >>> bot_for_level("intermedio").name
    'intermedio'
    >>> bot_for_level("Expert", name="Carla")
    ExpertBot(name='Carla')
    >>> bot_for_level("campione").name
    Traceback (most recent call last):
    ...
    ramino.ai.errors.BotError: Livello sconosciuto 'campione': scegli fra principiante, intermedio, esperto (beginner, intermediate, expert).
    """  # noqa: E501
    key = level_named(level)
    name = name or level.strip().lower()
    if key == "principiante":
        return GreedyBot(seed, name=name, style=BEGINNER)
    if key == "intermedio":
        return GreedyBot(seed, name=name)
    return ExpertBot(seed, name=name)
