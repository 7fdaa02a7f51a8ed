"""The pure rules of Ramino: cards, rules and presets, melds, counting, the match.

No I/O, no clock, no global random state.
"""

from .actions import (
    Action,
    Attach,
    Call,
    Discard,
    Draw,
    Fold,
    Knock,
    Lay,
    Open,
    Pass,
    Raise,
    Show,
    Swap,
    TakeDiscard,
    format_actions,
    parse_action,
)
from .cards import JOKER, NATURAL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from .deck import Deck
from .errors import (
    IllegalAction,
    MeldError,
    NotationError,
    RaminoError,
    Reason,
    ReasonCode,
    RecordError,
    RulesError,
    ScoreError,
)
from .going_out import GoingOut, closing_kind, find_going_out, partition
from .match import Match, RoundResult, RoundSheet
from .melds import Meld, MeldKind, attach, parse_meld, retrieve_joker, validate_meld
from .observation import Observation, PublicEvent, observe
from .presets import GIN_PRESETS, PRESETS, get_preset, preset_names
from .rebuild import round_from_view
from .record import Record, deal, from_json, record_round, replay, to_json, verify
from .round import EndReason, Event, Phase, Round, RoundEnd, TableMeld, stacked_deck
from .rules import Rules, knob_names
from .rules_file import rules_from_mapping, rules_from_toml, rules_to_toml
from .scoring import Closing, card_penalty, hand_count, hand_penalty, round_count
from .shuffle import PORTABLE, portable_shuffle

__all__ = [
    "GIN_PRESETS",
    "JOKER",
    "NATURAL_CARDS",
    "PORTABLE",
    "PRESETS",
    "Action",
    "Attach",
    "Call",
    "Card",
    "Closing",
    "Deck",
    "Discard",
    "Draw",
    "EndReason",
    "Event",
    "Fold",
    "GoingOut",
    "IllegalAction",
    "Knock",
    "Lay",
    "Match",
    "Meld",
    "MeldError",
    "MeldKind",
    "NotationError",
    "Observation",
    "Open",
    "Pass",
    "Phase",
    "PublicEvent",
    "Raise",
    "RaminoError",
    "Rank",
    "Reason",
    "ReasonCode",
    "Record",
    "RecordError",
    "Round",
    "RoundEnd",
    "RoundResult",
    "RoundSheet",
    "Rules",
    "RulesError",
    "ScoreError",
    "Show",
    "Suit",
    "Swap",
    "TableMeld",
    "TakeDiscard",
    "attach",
    "card_penalty",
    "closing_kind",
    "deal",
    "find_going_out",
    "format_actions",
    "format_cards",
    "from_json",
    "get_preset",
    "hand_count",
    "hand_penalty",
    "knob_names",
    "observe",
    "parse_action",
    "parse_cards",
    "parse_meld",
    "partition",
    "portable_shuffle",
    "preset_names",
    "record_round",
    "replay",
    "retrieve_joker",
    "round_count",
    "round_from_view",
    "rules_from_mapping",
    "rules_from_toml",
    "rules_to_toml",
    "stacked_deck",
    "to_json",
    "validate_meld",
    "verify",
]
