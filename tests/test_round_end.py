"""The end of a round by its caps (RULES.md §3 "Lengths"): the turn cap, the restock cap,
how a capped round is counted, and the messa carried through a match.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.engine import Reason, get_preset
from ramino.engine.actions import Discard, Draw
from ramino.engine.match import Match
from ramino.engine.round import EndReason, Round
from ramino.engine.rules import (
    RoundCap,
)
from scripted import deal, draw_and_discard_it, play, refused

CLASSICO = get_preset("classico")


NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


# --- the stock ---


SMALL = replace(CLASSICO, decks=1, jokers=0, hand_size=3)


@pytest.mark.parametrize("cap", [1, 2, 7])
def test_max_turns(cap: int) -> None:
    r = Round(replace(CLASSICO, max_turns=cap), 3, seed=2)
    for _ in range(cap):
        assert not r.is_over
        draw_and_discard_it(r)
    assert r.end is not None and r.end.reason is EndReason.MAX_TURNS and r.end.out is None
    assert r.turn == cap + 1 and r.legal_actions == ()
    refused(r, "draw", Reason.ROUND_OVER)


def test_going_out_on_the_last_turn_beats_the_cap() -> None:
    rules = replace(CLASSICO, max_turns=1, hand_size=3)
    r = deal(rules, ["2C 3C 4C", "7D 8D 9D"], "QH", "KD")
    play(r, "draw", "lay 2C 3C 4C", "discard KD")
    assert r.end is not None and r.end.reason is EndReason.WENT_OUT and r.end.out == 0


@pytest.mark.parametrize("cap_rule", list(RoundCap))
def test_on_round_cap(cap_rule: RoundCap) -> None:
    rules = replace(CLASSICO, max_turns=3, on_round_cap=cap_rule, hand_size=3)
    hands = ["2C 3D 4H", "KC KD 9S", "AS 5H 9C"]
    r = deal(rules, hands, "QH", "JD JH JS")
    for _ in range(3):
        draw_and_discard_it(r)
    assert r.end is not None and r.end.reason is EndReason.MAX_TURNS
    assert r.end.counts == (9, 29, 25)
    names = list(NAMES[:3])
    result = r.round_result(names)
    assert result.out is None and dict(result.hands) == {"Anna": 9, "Bruno": 29, "Carla": 25}
    sheet = Match(names, rules).record(result)
    if cap_rule is RoundCap.LOWEST_HAND_WINS:
        assert r.winner_by_cap() == (0,)
        assert dict(sheet.scores) == {"Anna": 0, "Bruno": 29, "Carla": 25}
    else:
        assert r.winner_by_cap() == ()
        assert dict(sheet.scores) == {"Anna": 9, "Bruno": 29, "Carla": 25}


def test_on_round_cap_after_the_restock_cap_through_the_match() -> None:
    rules = replace(SMALL, max_restocks=0, on_round_cap=RoundCap.LOWEST_HAND_WINS)
    r = Round(rules, 2, seed=4)
    while not r.is_over:
        draw_and_discard_it(r)
    assert r.end is not None and r.end.reason is EndReason.MAX_RESTOCKS
    counts = dict(zip(NAMES[:2], r.end.counts, strict=True))
    low = min(counts.values())
    sheet = Match(NAMES[:2], rules).record(r.round_result(NAMES[:2]))
    assert dict(sheet.scores) == {n: 0 if c == low else c for n, c in counts.items()}


# --- the capped round ---


@pytest.mark.parametrize(
    ("cap_rule", "scores", "messa_after"),
    [
        # [R]: the lowest hand wins (scores 0); the others their hand, rounded, plus the messa.
        (RoundCap.LOWEST_HAND_WINS, {"Anna": 0, "Bruno": 70 + 50}, 50),
        (RoundCap.ALL_SCORE, {"Anna": 30 + 50, "Bruno": 70 + 50}, 50),
    ],
)
def test_a_capped_round_with_rounding_and_messa(
    cap_rule: RoundCap, scores: dict[str, int], messa_after: int
) -> None:
    rules = replace(get_preset("enciclopedia"), max_turns=2, on_round_cap=cap_rule)
    r = deal(rules, ["2C 3D 4H 5S 2D 3H 4S 5C", "KC KD 9S 8H 7C QS JD 6H"], "AC", "AD AS")
    for _ in range(2):
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        r.apply(Discard(card))
    end = r.end
    assert end is not None and end.reason is EndReason.MAX_TURNS and end.out is None
    assert not end.in_one_turn and end.counts == (28, 70)
    match = Match(NAMES[:2], rules)
    sheet = match.record(r.round_result(NAMES[:2]))
    assert dict(sheet.scores) == scores
    assert match.messa_level == messa_after


# --- the messa and the scempio across rounds of one match ---


def test_scempio_then_a_capped_round_carry_the_messa_through_the_match() -> None:
    # [W] (RULES.md §3 messa): a close "di mano", opening and going out in the same turn,
    # suspends the messa (the others count their hand, rounded) and doubles it for the next
    # round; after the raised messa is applied it returns to 50.
    rules = replace(get_preset("enciclopedia"), max_turns=2)
    match = Match(NAMES[:2], rules)
    first = deal(rules, ["KC KD KS KH 5H 6H 7H 8H", "2C 3D 4C 9S 10D JS QC 7D"], "AC", "9C")
    play(first, "draw", "lay KC KD KS KH", "lay 5H 6H 7H 8H", "discard 9C")
    end = first.end
    assert end is not None and end.out == 0 and end.in_one_turn and end.counts == (0, 55)
    sheet = match.record(first.round_result(NAMES[:2]))
    assert dict(sheet.scores) == {"Anna": 0, "Bruno": 60} and sheet.messa == 0
    assert match.messa_level == 100
    second = deal(rules, ["2C 3D 4H 5S 2D 3H 4S 5C", "KC KD 9S 8H 7C QS JD 6H"], "AC", "AD AS")
    for _ in range(2):
        card = second.deck[second.stock[-1]]
        second.apply(Draw())
        second.apply(Discard(card))
    assert second.end is not None and second.end.out is None
    sheet = match.record(second.round_result(NAMES[:2]))
    assert dict(sheet.scores) == {"Anna": 0, "Bruno": 70 + 100} and sheet.messa == 100
    assert match.totals == {"Anna": 0, "Bruno": 230} and match.messa_level == 50
