"""The pure rules of Ramino: cards, rules and presets, melds, counting, the match.

No I/O, no clock, no global random state.
"""

from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from .deck import Deck
from .errors import MeldError, NotationError, RaminoError, Reason, RulesError, ScoreError
from .presets import PRESETS, get_preset, preset_names
from .rules import Rules, knob_names

__all__ = [
    "JOKER",
    "NATURAL_CARDS",
    "PRESETS",
    "Card",
    "Deck",
    "MeldError",
    "NotationError",
    "RaminoError",
    "Rank",
    "Reason",
    "Rules",
    "RulesError",
    "ScoreError",
    "Suit",
    "format_cards",
    "get_preset",
    "knob_names",
    "parse_cards",
    "preset_names",
]
