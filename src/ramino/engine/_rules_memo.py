"""What the engine remembers for one value of the rules, and the knobs it reads at every
decision.

Every remembered answer about hands and melds depends on the rules, so each value of the
rules has one :class:`RulesMemo` (:func:`rules_memo`) that owns the engine's memo tables:
they live as long as it does, each is emptied when it reaches its bound, and
:func:`forget_all` empties them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

from .rules import (
    AceInRuns,
    Direction,
    DiscardPickup,
    FinalDiscard,
    JokerPosition,
    RetrievedJoker,
    Rules,
    SetJokerSwap,
    SetSuits,
)

if TYPE_CHECKING:
    from ._candidates import Candidate
    from ._opening import OpeningSearch
    from ._reachable import Chains
    from ._table_index import MeldAttachments, MeldSwaps, TableIndex
    from .cards import Card
    from .melds import Meld


class RulesMemo:
    """One value of the rules: its knobs, read as fields, and the answers the engine
    remembers under it, one table for each kind of question (see :func:`rules_memo`).

    The tables are plain dictionaries filled by the modules that ask the questions, each
    emptied by :func:`remember` when it reaches the bound its module sets."""

    __slots__ = (
        "ace_in_runs",
        "ambiguous_joker",
        "attach_before_opening",
        "attaches",
        "attachments",
        "chains",
        "current",
        "direction",
        "discard_pickup",
        "flush_close",
        "flush_meld",
        "groups",
        "grown",
        "joker_swap",
        "joker_swap_needs_opened",
        "keep_after",
        "keep_first",
        "last_table",
        "max_jokers_per_meld",
        "max_turns",
        "meld_options",
        "melding_during_play",
        "min_natural_cards",
        "opening_counts_attachments",
        "opening_joker_value",
        "opening_jokers",
        "opening_threshold",
        "recent_searches",
        "rediscard_taken_card",
        "retrieved_joker",
        "rules",
        "run_ends",
        "run_pieces",
        "run_wrap",
        "runs",
        "searches",
        "set_joker_swap",
        "set_max",
        "set_suits",
        "sets",
        "shared",
        "swap_counts_for_opening",
        "swaps",
        "tables",
        "takes_a_joker",
        "validated",
        "windows",
    )

    # The memo tables, each filled by the module named above it (made empty by clear).
    # melds.py
    #: Melds validated, by their question (see melds.meld_question).
    validated: dict[int, Meld]
    #: The window of ranks a run is laid in, by its ranks and length (empty for none).
    windows: dict[int, tuple[int, ...]]
    # _candidates.py
    #: The groups of candidate melds of a hand, by its sorted card codes.
    groups: dict[tuple[int, ...], tuple[tuple[Candidate, ...], ...]]
    #: The runs of one suit, and the sets of one rank, by the cards they are made from.
    runs: dict[int, tuple[Candidate, ...]]
    sets: dict[int, tuple[Candidate, ...]]
    #: The runs of one suit from one start, by the cards from there.
    run_pieces: dict[int, tuple[Candidate, ...]]
    #: Each candidate made, once, as a plain object (see _candidates._Pairs): hands that hold
    #: the same meld share it.
    shared: dict[object, object]
    # _opening.py
    #: Opening searches, by the hand's sorted card codes.
    searches: dict[tuple[int, ...], OpeningSearch]
    #: The searches built last, newest first (see _opening.search_holding).
    recent_searches: list[OpeningSearch]
    #: A candidate meld's opening points and packed codes, by its question.
    meld_options: dict[int, int]
    # _table_index.py: about the melds of the table.
    #: The index of a table, by its melds in order, and the one asked for last.
    tables: dict[tuple[Meld, ...], TableIndex]
    last_table: TableIndex | None
    #: By meld, with the place it was asked for: the attachments and the retrievals worth
    #: checking.
    attachments: dict[Meld, tuple[int, MeldAttachments]]
    swaps: dict[Meld, tuple[int, MeldSwaps]]
    #: By meld, then by the card and its declaration packed: whether it attaches.
    attaches: dict[Meld, dict[int, bool]]
    #: By meld: whether a jolly alone attaches; the natural cards that extend a run.
    takes_a_joker: dict[Meld, bool]
    run_ends: dict[Meld, frozenset[Card]]
    # _reachable.py
    #: Chains of attachments, by meld and the codes of the hand's cards that may go on it.
    chains: dict[tuple[Meld, tuple[int, ...]], Chains]
    #: By meld, then by a card's code: the melds it grows into, with the points added.
    grown: dict[Meld, dict[int, tuple[tuple[Meld, int], ...]]]

    def __init__(self, rules: Rules) -> None:
        self.rules: Final = rules
        self.ace_in_runs: Final[AceInRuns] = rules.ace_in_runs
        self.ambiguous_joker: Final[JokerPosition] = rules.ambiguous_joker
        self.attach_before_opening: Final[bool] = rules.attach_before_opening
        self.direction: Final[Direction] = rules.direction
        self.discard_pickup: Final[DiscardPickup] = rules.discard_pickup
        self.flush_close: Final[bool] = rules.flush_close
        self.flush_meld: Final[bool] = rules.flush_meld
        self.joker_swap: Final[bool] = rules.joker_swap
        self.joker_swap_needs_opened: Final[bool] = rules.joker_swap_needs_opened
        self.max_jokers_per_meld: Final[int | None] = rules.max_jokers_per_meld
        self.max_turns: Final[int] = rules.max_turns
        self.melding_during_play: Final[bool] = rules.melding_during_play
        self.min_natural_cards: Final[int] = rules.min_natural_cards
        self.opening_counts_attachments: Final[bool] = rules.opening_counts_attachments
        self.opening_joker_value: Final[int | None] = rules.opening_joker_value
        self.opening_jokers: Final[bool] = rules.opening_jokers
        self.opening_threshold: Final[int] = rules.opening_threshold
        self.rediscard_taken_card: Final[bool] = rules.rediscard_taken_card
        self.retrieved_joker: Final[RetrievedJoker] = rules.retrieved_joker
        self.run_wrap: Final[bool] = rules.run_wrap
        self.set_joker_swap: Final[SetJokerSwap] = rules.set_joker_swap
        self.set_max: Final[int | None] = rules.set_max
        self.set_suits: Final[SetSuits] = rules.set_suits
        self.swap_counts_for_opening: Final[bool] = rules.swap_counts_for_opening
        #: The cards a player keeps in hand after laying (Round.cards_to_keep): one to throw
        #: where a final discard is required; in a first round where nobody goes out, two.
        self.keep_after: Final = 1 if rules.final_discard is FinalDiscard.REQUIRED else 0
        self.keep_first: Final = self.keep_after if rules.rummy_on_first_turn else 2
        #: Whether rules_memo still hands it out (see there).
        self.current = True

        self.clear()

    def clear(self) -> None:
        """Forget every answer remembered under these rules."""
        self.validated = {}
        self.windows = {}
        self.groups = {}
        self.runs = {}
        self.sets = {}
        self.run_pieces = {}
        self.shared = {}
        self.searches = {}
        self.recent_searches = []
        self.meld_options = {}
        self.tables = {}
        self.last_table = None
        self.attachments = {}
        self.swaps = {}
        self.attaches = {}
        self.takes_a_joker = {}
        self.run_ends = {}
        self.chains = {}
        self.grown = {}

    def __reduce__(self) -> tuple[Callable[[Rules], RulesMemo], tuple[Rules]]:
        # What it remembers is no part of a round's state: pickled or copied, a memo is its
        # rules, and comes back as the memo of those rules where it is loaded.
        return rules_memo, (self.rules,)

    def __repr__(self) -> str:
        return f"RulesMemo({self.rules.name!r})"


def rules_memo(rules: Rules) -> RulesMemo:
    """The memo of ``rules``: the same for equal rules.

    >>> from ramino.engine.presets import get_preset
    >>> rules_memo(get_preset("scala-40")) is rules_memo(get_preset("scala-40"))
    True
    >>> rules_memo(get_preset("scala-40")) is rules_memo(get_preset("classico"))
    False
    """
    held = rules._memo
    if isinstance(held, RulesMemo) and held.current:
        # A Rules hashes in Python: finding its memo in _MEMOS at every question cost 5% of
        # the instructions of a decision (bench/instructions.py, scala-40, compiled).
        return held
    memo = _MEMOS.get(rules)
    if memo is None:
        if len(_MEMOS) >= _MOST_MEMOS:
            # Memos already handed out stay valid past the bound, but no rules value finds
            # them any more: rules met again get a new one, which forget_all reaches.
            for old in _MEMOS.values():
                old.current = False
        memo = remember(_MEMOS, rules, RulesMemo(rules), _MOST_MEMOS)
    object.__setattr__(rules, "_memo", memo)
    return memo


def forget_all() -> None:
    """Forget every answer remembered under any rules (for benchmarks that must start cold;
    the answers never go stale, since cards, melds and rules are immutable)."""
    for memo in _MEMOS.values():
        memo.clear()


#: The memo of each value of the rules met lately, and how many values it holds at most.
_MEMOS: Final[dict[Rules, RulesMemo]] = {}
_MOST_MEMOS: Final = 256


_Question = TypeVar("_Question")
_Answer = TypeVar("_Answer")


def remember(
    table: dict[_Question, _Answer], question: _Question, answer: _Answer, limit: int
) -> _Answer:
    """Put ``answer`` in ``table`` under ``question`` and return it, the table emptied first
    when it holds ``limit`` answers: a bound on what is remembered."""
    if len(table) >= limit:
        table.clear()
    table[question] = answer
    return answer
