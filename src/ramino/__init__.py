"""ramino: the reference implementation of Ramino, the Italian rummy family.

Everything a program needs is here: the round (*smazzata*) and its moves, the rules and their
presets, the card notation, the errors and the match with its score sheet (*foglio dei
punti*). The pure rules live in :mod:`ramino.engine`; the computer players in
:mod:`ramino.ai`.

>>> import ramino
>>> table = ramino.Round("classico", players=3, seed=7)
>>> table
<Round classico, 3 players, turn 1, seat 1 to draw>
>>> ramino.parse_action("draw") in table.legal_actions
True
>>> event = table.apply(ramino.parse_action("draw"))
>>> try:
...     table.check(ramino.parse_action("draw"))
... except ramino.IllegalAction as error:
...     print(error.reason.value, error.seat, error.turn)
already_drawn 1 1
"""

from typing import TYPE_CHECKING

# Importing the words installs them as the engine's: every error can say why, in Italian and
# in English, whatever part of ramino a program imports.
from . import words as words
from .engine import (
    GIN_PRESETS,
    JOKER,
    PRESETS,
    Action,
    Attach,
    Call,
    Card,
    Discard,
    Draw,
    EndReason,
    Event,
    Fold,
    IllegalAction,
    Knock,
    Lay,
    Match,
    Meld,
    MeldError,
    MeldKind,
    NotationError,
    Observation,
    Open,
    Pass,
    Phase,
    Raise,
    RaminoError,
    Rank,
    Reason,
    ReasonCode,
    Record,
    RecordError,
    Round,
    RoundEnd,
    RoundResult,
    RoundSheet,
    Rules,
    RulesError,
    ScoreError,
    Show,
    Suit,
    Swap,
    TableMeld,
    TakeDiscard,
    format_cards,
    from_json,
    get_preset,
    parse_action,
    parse_cards,
    parse_meld,
    preset_names,
    record_round,
    replay,
    rules_from_toml,
    to_json,
    validate_meld,
)

if TYPE_CHECKING:
    from .words.describe import describe

__version__ = "0.1.0"


if not TYPE_CHECKING:
    # Hidden from type checkers, which see `describe` imported above: a misspelt name stays
    # an error to them.

    def __getattr__(name: str) -> object:
        # The descriptions are imported when first asked for: most programs never read them.
        if name == "describe":
            from .words.describe import describe

            return describe
        raise AttributeError(f"module 'ramino' has no attribute {name!r}")


__all__ = [
    "GIN_PRESETS",
    "JOKER",
    "PRESETS",
    "Action",
    "Attach",
    "Call",
    "Card",
    "Discard",
    "Draw",
    "EndReason",
    "Event",
    "Fold",
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
    "__version__",
    "describe",
    "format_cards",
    "from_json",
    "get_preset",
    "parse_action",
    "parse_cards",
    "parse_meld",
    "preset_names",
    "record_round",
    "replay",
    "rules_from_toml",
    "to_json",
    "validate_meld",
]
