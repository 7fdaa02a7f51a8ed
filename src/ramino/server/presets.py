"""The presets the server offers, each with its game: ramino's first, then gin rummy's. One
list for the rules' catalogue, the quick matches, the rated tables and the leaderboards, so
that a gin table is offered, rated and ranked as a ramino table is."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from ..engine.presets import GIN_PRESETS, PRESETS, Preset

__all__ = ["GAMES", "OFFERED", "Game", "game_of"]

#: The games a preset plays.
Game = Literal["ramino", "gin"]
GAMES: tuple[Game, ...] = ("ramino", "gin")

#: Every preset the server offers, by name, in the order the pages list them.
OFFERED: Mapping[str, Preset] = MappingProxyType({**PRESETS, **GIN_PRESETS})


def game_of(name: str) -> Game:
    """The game of the preset ``name``: ``gin`` for gin rummy's, else ``ramino``.

    >>> game_of("gin-classic"), game_of("scala-40")
    ('gin', 'ramino')
    """
    return "gin" if name in GIN_PRESETS else "ramino"
