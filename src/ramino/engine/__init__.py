"""The pure rules of Ramino: cards, rules and presets, melds, counting, the match.

No I/O, no clock, no global random state.
"""

from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from .deck import Deck
from .describe import describe
from .errors import (
    IllegalAction,
    MeldError,
    NotationError,
    RaminoError,
    Reason,
    RulesError,
    ScoreError,
)
from .going_out import GoingOut, closing_kind, find_going_out, partition
from .match import Match, RoundResult, RoundSheet
from .melds import Meld, MeldKind, attach, parse_meld, retrieve_joker, validate_meld
from .presets import PRESETS, get_preset, preset_names
from .rules import Rules, knob_names
from .rules_file import rules_from_mapping, rules_from_toml, rules_to_toml
from .scoring import Closing, card_penalty, hand_count, hand_penalty, round_count

__all__ = [
    "JOKER",
    "NATURAL_CARDS",
    "PRESETS",
    "Card",
    "Closing",
    "Deck",
    "GoingOut",
    "IllegalAction",
    "Match",
    "Meld",
    "MeldError",
    "MeldKind",
    "NotationError",
    "RaminoError",
    "Rank",
    "Reason",
    "RoundResult",
    "RoundSheet",
    "Rules",
    "RulesError",
    "ScoreError",
    "Suit",
    "attach",
    "card_penalty",
    "closing_kind",
    "describe",
    "find_going_out",
    "format_cards",
    "get_preset",
    "hand_count",
    "hand_penalty",
    "knob_names",
    "parse_cards",
    "parse_meld",
    "partition",
    "preset_names",
    "retrieve_joker",
    "round_count",
    "rules_from_mapping",
    "rules_from_toml",
    "rules_to_toml",
    "validate_meld",
]
