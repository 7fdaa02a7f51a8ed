"""Laying melds and the opening (RULES.md §3 "Opening"): the threshold, the jolly's value in
it, attachments that count, an opening begun that must be finished this turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from ramino.engine import Reason, get_preset, parse_cards
from ramino.engine.actions import parse_action
from ramino.engine.round import Round
from ramino.engine.rules import (
    JokerPosition,
    Rules,
)
from scripted import deal, legal, play, refused

CLASSICO = get_preset("classico")


# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


# --- taking the discard ---


APERTURA = get_preset("apertura-50")


def test_an_opening_may_count_the_same_meld_twice() -> None:
    # 2♠ 3♠ 4♠ (9) leaves two runs 9♣ 10♣ J♣ (29 each) to reach 40: the same meld, twice.
    rules = get_preset("scala-40")
    idle = "AD 5D 8S 2D 3C 4H 6S 8C 10D JS QS KS 4D"
    r = deal(rules, ["2S 3S 4S 9C 9C 10C 10C JC JC KD 5H 7D 2H", idle], "QH")
    play(r, "draw")
    assert {"lay 2S 3S 4S", "lay 9C 10C JC"} <= legal(r)
    play(r, "lay 2S 3S 4S", "lay 9C 10C JC", "lay 9C 10C JC")
    assert r.opened[0]


# --- the opening ---


def _opening(rules: Rules, melds: Sequence[str], filler: str) -> tuple[Round, list[str]]:
    text = " ".join([*melds, filler])
    size = len(parse_cards(text))
    rules = replace(rules, hand_size=size)
    return deal(rules, [text, " ".join(IDLE.split()[:size])], "QC", "9D"), list(melds)


@pytest.mark.parametrize(
    ("preset", "threshold", "below", "enough"),
    [
        ("classico", 0, None, ["2C 3C 4C"]),
        ("scala-40", 40, ["10H JH QH", "2S 3S 4S"], ["10H JH QH KH"]),
        ("rami-40", 40, ["10H JH QH", "2S 3S 4S"], ["10H JH QH KH"]),
        ("apertura-50", 50, ["10H JH QH KH", "3C 3D 3S"], ["10H JH QH KH", "AS 2S 3S 4S"]),
        # RULES.md §5: 30 + 21 = 51 opens at 50; 6 + 31 = 37 does not.
        ("apertura-50", 50, ["AH 2H 3H", "QH KH AH"], ["KH KS KD", "JK 7S 8S"]),
        ("rami-51", 51, ["10H JH QH KH", "AS 2S 3S 4S"], ["10H JH QH", "6C 7C 8C"]),
        ("rami-51", 51, None, ["KH KS KD", "JK 7S 8S"]),
        # [R]: the jolly of 10♥-K♥ takes the lower place, 9♥ (49), never the ace (51).
        ("rami-51", 51, ["10H JH QH KH JK"], ["10H JH QH KH AH"]),
    ],
)
def test_opening_threshold(
    preset: str, threshold: int, below: list[str] | None, enough: list[str]
) -> None:
    rules = get_preset(preset)
    assert rules.opening_threshold == threshold
    if below is not None:
        r, melds = _opening(rules, below, "5D 7S")
        play(r, "draw")
        # Neither meld can begin an opening the other cannot finish.
        for meld in melds:
            refused(r, f"lay {meld}", Reason.OPENING_OUT_OF_REACH)
        play(r, "discard 9D")
        assert not r.opened[0]
    r, melds = _opening(rules, enough, "5D 7S")
    play(r, "draw", *(f"lay {m}" for m in melds))
    assert r.opened[0]
    play(r, "discard 9D")
    assert r.opened[0] and len(r.table) == len(melds)


def test_an_opening_begun_must_be_finished_this_turn() -> None:
    r, _ = _opening(APERTURA, ["10H JH QH KH", "AS 2S 3S 4S"], "5D 7S")
    play(r, "draw", "lay AS 2S 3S 4S")
    assert r.opening_points == 10 and not r.opened[0]
    refused(r, "discard 9D", Reason.OPENING_BELOW_THRESHOLD)
    play(r, "lay 10H JH QH KH")
    assert r.opened[0]


@pytest.mark.parametrize(("value", "points"), [(None, 27), (20, 38), (25, 43), (30, 48)])
def test_opening_joker_value(value: int | None, points: int) -> None:
    rules = replace(APERTURA, opening_joker_value=value)
    r, _ = _opening(rules, ["8S JK 10S", "KC KD KS"], "5D 7H")
    play(r, "draw", "lay 8S JK 10S")
    assert r.opening_points == points


@pytest.mark.parametrize(("preset", "points"), [("rami-40", 21), ("classico", 21)])
def test_an_undeclared_joker_counts_at_the_lower_end(preset: str, points: int) -> None:
    # RULES.md §5: JK 7♠ 8♠ may be 6♠ or 9♠, counted at the lower: 21.
    rules = replace(get_preset(preset), opening_threshold=50)
    r, _ = _opening(rules, ["JK 7S 8S", "KC KD KS"], "5D 7H")
    play(r, "draw", "lay JK 7S 8S")
    assert r.opening_points == points
    r, _ = _opening(rules, ["JK 7S 8S", "KC KD KS"], "5D 7H")
    play(r, "draw")
    if rules.ambiguous_joker is JokerPosition.LOWER_ONLY:
        # RULES.md §6.4, [R]: the higher place cannot be declared.
        refused(r, "lay JK=9S 7S 8S", Reason.JOKER_ASSIGNMENT_INVALID)
    else:
        play(r, "lay JK=9S 7S 8S")
        assert r.opening_points == 24


# Seat 0 opens at 40 with a run of hearts; seat 1 then attaches 9♥ to it.
RUN_40 = "10H JH QH KH 2C 3D 5S 7C 8D 9S"


@pytest.mark.parametrize(("counts", "after_attach"), [(True, 11), (False, 0)])
def test_opening_counts_attachments(counts: bool, after_attach: int) -> None:
    rules = replace(
        CLASSICO,
        opening_threshold=40,
        opening_counts_attachments=counts,
        attach_before_opening=True,
    )
    r = deal(rules, [RUN_40, "AH KC KD KS QC QD QS 2S 6D 7D"], "4C", "4H AD")
    # A♥ on another's Q-K-A is worth 11: with the kings, 41 opens if attachments count.
    play(r, "draw", "lay 10H JH QH KH", "discard 9S", "draw", "attach 0 AH")
    assert r.opening_points == after_attach and not r.opened[1]
    play(r, "lay KC KD KS")
    assert r.opened[1] is counts
    play(r, "lay QC QD QS", "discard AD")
    assert r.opened[1]


def test_opening_without_attachments_cannot_lean_on_them() -> None:
    # 9♥ on another's run plus 39 of one's own melds: 48 if attachments count, 39 if not.
    hands = [RUN_40, "9H KC KD KS 2S 3S 4S 6D 7D JD"]
    base = replace(CLASSICO, opening_threshold=40, attach_before_opening=True)
    r = deal(replace(base, opening_counts_attachments=False), hands, "4C", "4H AD")
    play(r, "draw", "lay 10H JH QH KH", "discard 9S", "draw")
    refused(r, "attach 0 9H", Reason.OPENING_UNREACHABLE)
    refused(r, "lay KC KD KS", Reason.OPENING_UNREACHABLE)
    r = deal(replace(base, opening_counts_attachments=True), hands, "4C", "4H AD")
    play(r, "draw", "lay 10H JH QH KH", "discard 9S", "draw")
    play(r, "attach 0 9H", "lay KC KD KS", "lay 2S 3S 4S", "discard AD")
    assert r.opened[1]


def test_an_opening_may_need_several_attachments() -> None:
    # Opening at 50 where attachments count ([W], enciclopedia): 9♥ and 8♥ on another's
    # run (17) and 30 + 9 of own melds make 56. The engine refuses every first step,
    # because it looks for the missing points in melds only.
    rules = replace(
        CLASSICO, opening_threshold=50, opening_counts_attachments=True, attach_before_opening=True
    )
    hands = ["10H JH QH KH AC 2C 3C 4C 5D 7S", "9H 8H KC KD KS 2S 3S 4S 6D 7D"]
    r = deal(rules, hands, "QD", "9S AD")
    play(r, "draw", "lay 10H JH QH KH", "lay AC 2C 3C 4C", "discard 9S", "draw")
    play(r, "attach 0 9H", "attach 0 8H", "lay KC KD KS", "lay 2S 3S 4S", "discard AD")
    assert r.opened[1]


def test_a_must_use_pickup_may_open_by_attaching_it() -> None:
    # Enciclopedia: 9♥ from the pile, attached to another's run (9), with 30 + 18 of own
    # melds opens at 57; the engine accepts the take only for a meld holding the card.
    rules = get_preset("enciclopedia")
    hands = ["10H JH QH KH AC 2C 3C 4C 5D 7S", "KC KD KS 5S 6S 7S 2D 8C 10D JS"]
    r = deal(replace(rules, hand_size=10), hands, "QD", "9H")
    play(r, "draw", "lay 10H JH QH KH", "lay AC 2C 3C 4C", "discard 9H", "take")
    play(r, "attach 0 9H", "lay KC KD KS", "lay 5S 6S 7S", "discard 8C")
    assert r.opened[1]


@pytest.mark.parametrize("allowed", [True, False])
def test_opening_jokers(allowed: bool) -> None:
    rules = replace(CLASSICO, opening_jokers=allowed)
    r = deal(rules, ["7H JK 9H 2C 3C 4C KS 5D 6S 8C", IDLE], "QD", "AS")
    play(r, "draw")
    if allowed:
        play(r, "lay 7H JK 9H")
    else:
        refused(r, "lay 7H JK 9H", Reason.OPENING_JOKERS_FORBIDDEN)
        assert not any(a.startswith("lay") and "JK" in a for a in legal(r))
        play(r, "lay 2C 3C 4C")
        assert r.opened[0]
        play(r, "lay 7H JK 9H")  # once opened, a jolly may be laid
    assert len(r.table[-1].meld.cards) == 3


# --- taking a joker back ---


def test_opening_points_add_up_meld_by_meld() -> None:
    # Scala 40: three sets of 9 points are 27, not an opening at 40. The engine counts
    # 9, then 9 + 18 = 27, then 27 + 36 = 63, and opens.
    rules = replace(get_preset("scala-40"), max_players=2)
    hands = [
        "2C 3C 4C 2D 3D 4D 2H 3H 4H 10S JS QS KS",
        "AD 5D 9C 2D 3C 4H 6S 8C 10D JS QD KD AS",
    ]
    r = deal(rules, hands, "QC", "9D")
    play(r, "draw", "lay 2C 3C 4C", "lay 2D 3D 4D")
    assert r.opening_points == 18
    play(r, "lay 2H 3H 4H")
    assert r.opening_points == 27 and not r.opened[0]
    refused(r, "discard 9D", Reason.OPENING_BELOW_THRESHOLD)


# --- legal actions ---


def test_a_joker_may_stand_for_a_card_in_hand() -> None:
    # Holding 7♥ 8♥ 9♥ and a jolly, a player may lay 7♥ JK 9♥ and keep his 8♥ (for a set of
    # eights, say). The engine accepts the move but does not list it.
    r = deal(CLASSICO, ["7H 8H 9H JK 8C 8D 2S 5C 9D AC", IDLE], "QH", "KS")
    play(r, "draw")
    assert r.can(parse_action("lay 7H JK=8H 9H"))
    assert "lay 7H 9H JK=8H" in legal(r) or "lay 7H JK=8H 9H" in legal(r)


def test_a_short_opening_says_which_jolly_declared_higher_would_open() -> None:
    # An undeclared jolly at a run's end takes the lower place: 🃏 Q♥ K♥ is J♥ Q♥ K♥, 30;
    # declared as A♥ it is 31, and with 3♣ 3♦ 3♠ the opening reaches scala 40's 40.
    hands = ["JK QH KH 3C 3D 3S 5D 6D 2C 4S 9D 5H 7C", "AD 3H 5C 7D 9C JD KC 2S 6S 8C 4H 6H 8S"]
    r = deal(get_preset("scala-40"), hands, "5S", stock="10S 10H")
    play(r, "draw", "lay 3C 3D 3S")
    error = r.refusal(parse_action("lay JK QH KH"))
    assert error is not None and error.reason is Reason.OPENING_UNREACHABLE
    assert error.message("it").endswith(
        " Col jolly di 🃏 Q♥ K♥ dichiarato come A♥ varrebbero 40: abbastanza per aprire."
    )
    assert "declared as A♥ they would be worth 40: enough to open." in error.message("en")
    play(r, "lay JK=AH QH KH")
    assert r.opened[0]
    # Laid first, the run leaves the opening alive (5♦ 6♦ to come) but short at the discard.
    r = deal(get_preset("scala-40"), hands, "5S", stock="7D 10H")
    play(r, "draw", "lay JK QH KH", "lay 3C 3D 3S")
    error = r.refusal(parse_action("discard 2C"))
    assert error is not None and error.reason is Reason.OPENING_BELOW_THRESHOLD
    assert "dichiarato come A♥ varrebbero 40" in error.message("it")
    # Where the jolly takes the lower place whatever is declared ([R]), nothing to suggest.
    r = deal(get_preset("rami-40"), hands, "5S", stock="7D 10H")
    play(r, "draw", "lay JK QH KH", "lay 3C 3D 3S")
    error = r.refusal(parse_action("discard 2C"))
    assert error is not None and error.reason is Reason.OPENING_BELOW_THRESHOLD
    assert "dichiarato" not in error.message("it")
