"""What the engine remembers for one value of the rules: the knobs it reads at every decision,
as fields, and the answers about hands and melds that depend on the rules.

Each value of the rules has one :class:`RulesMemo` (:func:`rules_memo`). The answers are kept
in parts, each owned by the module that asks those questions (melds validated by
:mod:`~ramino.engine.melds`, a hand's candidate melds by :mod:`~ramino.engine._candidates`,
opening searches by :mod:`~ramino.engine._opening`, what fits a meld of the table by
:mod:`~ramino.engine._table_index`, chains of attachments by
:mod:`~ramino.engine._reachable`): a part is made by its owner's class the first time it is
asked for (:meth:`RulesMemo.part`), and this module knows nothing of what it holds.

Safe across threads (the server asks from a thread pool): every answer is worked out from
immutable values and never goes stale; two threads asking the same question at once both
work it out and store the same answer; under the interpreter's lock a dictionary is never
seen half written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

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

_Part = TypeVar("_Part")


class RulesMemo:
    """One value of the rules: its knobs, read as fields, and the answers the engine
    remembers under it, in parts (see :meth:`part`)."""

    __slots__ = (
        "_parts",
        "ace_in_runs",
        "ambiguous_joker",
        "attach_before_opening",
        "direction",
        "discard_pickup",
        "flush_close",
        "flush_meld",
        "joker_swap",
        "joker_swap_needs_opened",
        "jokers_written",
        "keep_after",
        "keep_first",
        "max_jokers_per_meld",
        "max_turns",
        "melding_during_play",
        "min_natural_cards",
        "opening_counts_attachments",
        "opening_joker_value",
        "opening_jokers",
        "opening_threshold",
        "rediscard_taken_card",
        "retrieved_joker",
        "rules",
        "run_wrap",
        "set_joker_swap",
        "set_max",
        "set_suits",
        "swap_counts_for_opening",
    )

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
        #: Whether a meld may hold a jolly: one in the deck of some table, or imagined.
        self.jokers_written: Final[bool] = rules.imaginary_joker or any(
            rules.deck_for(n)[1] for n in range(rules.min_players, rules.max_players + 1)
        )
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
        #: The cards a player keeps in hand after laying (Decision.cards_to_keep): one to
        #: throw where a final discard is required; in a first round where nobody goes out,
        #: two.
        self.keep_after: Final = 1 if rules.final_discard is FinalDiscard.REQUIRED else 0
        self.keep_first: Final = self.keep_after if rules.rummy_on_first_turn else 2
        self._parts: Final[dict[object, object]] = {}

    def part(self, kind: Callable[[RulesMemo], _Part]) -> _Part:
        """The part of the answers that ``kind`` (its owner's class) holds, made the first
        time it is asked for."""
        found = self._parts.get(kind)
        if found is None:
            found = self._parts[kind] = kind(self)
        return found  # type: ignore[return-value]

    def clear(self) -> None:
        """Forget every answer remembered under these rules."""
        self._parts.clear()

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
    last = _last[0]
    if last.rules is rules:
        # The rules asked about last, by identity: no hash of some seventy fields.
        return last
    memo = _MEMOS.get(rules)
    if memo is None:
        # Past the bound the oldest are forgotten: a memo handed out stays valid, and rules
        # met again get a new one.
        memo = remember(_MEMOS, rules, RulesMemo(rules), _MOST_MEMOS)
    _last[0] = memo
    return memo


def forget_all() -> None:
    """Forget every answer remembered under any rules (for benchmarks that must start cold;
    the answers never go stale, since cards, melds and rules are immutable)."""
    for memo in list(_MEMOS.values()):
        memo.clear()


#: The memo of each value of the rules met lately, and how many it holds at most. A module
#: global, safe across threads as the memos are (see the module's docstring).
_MEMOS: Final[dict[Rules, RulesMemo]] = {}
_MOST_MEMOS: Final = 256
#: The memo handed out last (one entry, replaced whole: safe across threads as the memos
#: are). A memo of the default rules until then.
_last: Final[list[RulesMemo]] = [RulesMemo(Rules())]


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
