"""The shortcuts of the opening's checks agree with the checks they spare.

Before opening, where jollies may be taken back to make the opening, a move is accepted only
if the turn can still end legally: ``_turn_end.retrieval_opens`` first asks the search of the
retrievals (``opens_by_retrieval``: one jolly taken back, or several one after another, each
laid in a meld of its own; a sure no where it sees every way), and only where it cannot tell
plays trial moves. Along random games under house rules that make such retrievals common
(many jollies, big hands, high openings), the legal actions are the same with the search and
without it. So do they where a hand that can no longer open this turn has every lay,
attachment and retrieval refused at once. Only the pure-Python build can take a function
out: compiled modules call each other directly.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.engine import RaminoError, Round, Rules, _turn_end, get_preset
from ramino.engine.actions import parse_action
from ramino.engine.rules import DiscardPickup, SetJokerSwap, SetSuits
from scripted import deal, play

pytestmark = pytest.mark.skipif(
    not (_turn_end.__file__ or "").endswith(".py"),
    reason="the compiled build calls opens_by_retrieval directly",
)

#: Decisions walked in one game.
DECISIONS = 150
#: How often a move that puts cards on the table is played where there is one: random
#: play alone seldom opens, and the search is asked once someone has.
MELDING = 0.8

knobs = st.fixed_dictionaries(
    {
        "opening_threshold": st.sampled_from([40, 51, 80, 100]),
        "hand_size": st.integers(10, 15),
        "decks": st.integers(2, 3),
        "jokers": st.sampled_from([4, 6, 8]),
        "max_jokers_per_meld": st.sampled_from([1, 2, None]),
        "set_suits": st.sampled_from(list(SetSuits)),
        "set_joker_swap": st.sampled_from(list(SetJokerSwap)),
        "attach_before_opening": st.booleans(),
        "opening_counts_attachments": st.booleans(),
        "discard_pickup": st.sampled_from(list(DiscardPickup)),
        "opening_joker_value": st.sampled_from([None, 0, 25]),
        "rediscard_taken_card": st.booleans(),
        "rummy_on_first_turn": st.booleans(),
    }
)


def walk(rules: Rules, seed: int) -> list[list[str]]:
    """The legal actions (as sorted text) at each decision of a seeded random game."""
    r = Round(rules, 2, seed=seed)
    chooser = random.Random(seed)
    seen: list[list[str]] = []
    while not r.is_over and len(seen) < DECISIONS:
        listed = sorted(str(action) for action in r.legal_actions)
        seen.append(listed)
        melding = [text for text in listed if text.split()[0] in ("lay", "attach", "swap")]
        if melding and chooser.random() < MELDING:
            listed = melding
        r.apply(parse_action(chooser.choice(listed)))
    return seen


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=knobs,
    preset=st.sampled_from(["classico", "apertura-50", "scala-40"]),
    seed=st.integers(0, 999),
)
def test_the_search_of_the_retrievals_changes_no_legal_action(
    changes: dict[str, object], preset: str, seed: int
) -> None:
    assert_walks_agree(changes, preset, seed, "opens_by_retrieval", lambda *args: None)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=knobs,
    preset=st.sampled_from(["apertura-50", "enciclopedia", "rami-51", "scala-40"]),
    seed=st.integers(0, 999),
)
def test_an_opening_lost_for_the_turn_changes_no_legal_action(
    changes: dict[str, object], preset: str, seed: int
) -> None:
    # Where the hand can no longer open this turn, no lay, attachment or retrieval is
    # checked one by one (_turn_end.opening_alive): the same moves are legal as when each
    # is checked in full.
    assert_walks_agree(changes, preset, seed, "opening_alive", lambda *args: True)


def assert_walks_agree(
    changes: dict[str, object], preset: str, seed: int, shortcut: str, answer: object
) -> None:
    """The legal actions along the seeded game are the same with the function ``shortcut``
    of _turn_end as with ``answer`` in its place (the answer that leaves it all to the checks)."""
    try:
        rules = replace(get_preset(preset), **changes)
        Round(rules, 2)
    except RaminoError:
        return  # a combination the rules refuse
    with_it = walk(rules, seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_turn_end, shortcut, answer)
        without_it = walk(rules, seed)
    assert with_it == without_it


@pytest.mark.parametrize(("queen", "answer"), [("QD", True), ("5D", False)])
def test_the_search_answers_for_two_jollies_taken_back_one_after_the_other(
    queen: str, answer: bool
) -> None:
    # The deal of test_retrieval's two-jolly opening: laying 2♣ 3♣ 4♣ leaves 31 to make,
    # which one jolly taken back does not make and two do, with Q♣ Q♦ and 8♠ 9♠. The
    # search answers it, yes or (with 5♦ for Q♦) no: it sees every way the turn could go.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 4C 4S 4H JK 9C 8S", f"JH 4D 8S 9S QC {queen} 2C 3C 4C 7H"]
    r = deal(rules, hands, "6H", "3H 2D 9H 10D")
    play(r, "draw", "discard 3H", "draw", "discard 2D")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    answers: list[bool | None] = []
    original = _turn_end.opens_by_retrieval

    def counted(*args: object) -> bool | None:
        answers.append(original(*args))  # type: ignore[arg-type]
        return answers[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_turn_end, "opens_by_retrieval", counted)
        assert r.can(parse_action("lay 2C 3C 4C")) is answer
    # Asked of the hand before the lay (can it still open at all?), then, if so, of what
    # the lay leaves.
    assert answers == [True, True] if answer else [False]
