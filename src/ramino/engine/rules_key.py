"""What the engine's caches are keyed by in place of a :class:`Rules` value.

Every remembered answer about melds and hands depends on the rules, so every cache key holds
them. Hashing a ``Rules`` is a call into Python (its ``__hash__`` is Python code, even where
the engine is compiled), and a decision asks a few dozen cached questions. A
:class:`RulesKey` stands for one value of the rules: equal rules get the same key, and a key
hashes and compares by identity, which is done in C.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

from .rules import (
    AceInRuns,
    Direction,
    DiscardPickup,
    JokerPosition,
    RetrievedJoker,
    Rules,
    SetJokerSwap,
    SetSuits,
)


class RulesKey:
    """One value of the rules, hashed by identity: see :func:`rules_key`.

    It also holds the knobs the engine reads at every decision: compiled, a field of a key
    is read in one step, where a knob of :class:`Rules` (a Python class, see setup.py) is an
    attribute looked up through the generic protocol."""

    __slots__ = (
        "ace_in_runs",
        "ambiguous_joker",
        "attach_before_opening",
        "direction",
        "discard_pickup",
        "flush_close",
        "flush_meld",
        "joker_swap",
        "joker_swap_needs_opened",
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

    def __repr__(self) -> str:
        return f"RulesKey({self.rules.name!r})"


def rules_key(rules: Rules) -> RulesKey:
    """The key standing for ``rules``: the same for equal rules.

    >>> from ramino.engine.presets import get_preset
    >>> rules_key(get_preset("scala-40")) is rules_key(get_preset("scala-40"))
    True
    >>> rules_key(get_preset("scala-40")) is rules_key(get_preset("classico"))
    False
    """
    # A program plays one value of the rules at a time, asked for a few dozen times per
    # decision: the last one answered is checked first, by identity.
    if _LAST:
        last = _LAST[0]
        if last[0] is rules:
            return last[1]
    # Then found by the object's id (an int, hashed in C); the entry holds the object, so
    # its id cannot be taken by another while the entry lasts.
    found = _BY_ID.get(id(rules))
    if found is not None and found[0] is rules:
        _remember_last(found)
        return found[1]
    key = _BY_VALUE.get(rules)
    if key is None:
        if len(_BY_VALUE) >= 256:
            # Keys already handed out stay valid: a value met again gets a new one, and the
            # answers remembered under the old key are worked out again.
            _BY_VALUE.clear()
        key = _BY_VALUE[rules] = RulesKey(rules)
    if len(_BY_ID) >= 1024:
        _BY_ID.clear()
    entry = _BY_ID[id(rules)] = (rules, key)
    _remember_last(entry)
    return key


def _remember_last(entry: tuple[Rules, RulesKey]) -> None:
    # One tuple replaced at once: the rules and their key are never seen apart.
    if _LAST:
        _LAST[0] = entry
    else:
        _LAST.append(entry)


_LAST: Final[list[tuple[Rules, RulesKey]]] = []
_BY_ID: Final[dict[int, tuple[Rules, RulesKey]]] = {}
_BY_VALUE: Final[dict[Rules, RulesKey]] = {}


_Question = TypeVar("_Question")
_Answer = TypeVar("_Answer")


class Store(Generic[_Question, _Answer]):
    """Answers remembered by value of the rules: a dictionary of answers for each rules
    key (see :func:`per_rules`), and the last one asked for, told by identity, which is
    the one asked for again in a program that plays one value of the rules at a time."""

    __slots__ = ("by_key", "last", "last_key")

    def __init__(self) -> None:
        self.by_key: dict[RulesKey, dict[_Question, _Answer]] = {}
        self.last_key: RulesKey | None = None
        self.last: dict[_Question, _Answer] = {}

    def clear(self) -> None:
        """Forget every answer."""
        self.by_key.clear()
        self.last_key = None
        self.last = {}


def per_rules(
    store: Store[_Question, _Answer], key: RulesKey, limit: int
) -> dict[_Question, _Answer]:
    """The answers of ``store`` remembered for the rules of ``key``, emptied when they reach
    ``limit`` (and ``store`` emptied past 64 values of the rules).

    Kept apart by rules so that a question need not hold the key: a tuple of ints, which the
    garbage collector stops tracking at its first pass, where one holding the key would be
    traversed at every collection for as long as it is remembered (tens of thousands of
    them), or a plain int.
    """
    # The answers asked for last first: a field compared by identity, where a dictionary
    # lookup is a call into the interpreter's hashing, dozens of times a decision.
    if store.last_key is key:
        answers = store.last
        if len(answers) < limit:
            return answers
    by_key = store.by_key
    found = by_key.get(key)
    if found is None or len(found) >= limit:
        if len(by_key) >= 64:
            by_key.clear()
        found = by_key[key] = {}
    store.last_key = key
    store.last = found
    return found


def remembered(
    store: Store[_Question, _Answer],
    key: RulesKey,
    question: _Question,
    work: Callable[[_Question, RulesKey], _Answer],
    limit: int,
) -> _Answer:
    """The answer to ``question`` under the rules of ``key``: worked out by ``work`` the
    first time, then found in ``store`` (see :func:`per_rules`). A question that is one
    object (a meld, say) needs no key tuple, which the garbage collector would track."""
    answers = per_rules(store, key, limit)
    found = answers.get(question)
    if found is None:
        found = answers[question] = work(question, key)
    return found
