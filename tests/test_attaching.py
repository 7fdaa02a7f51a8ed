"""The shortcut that refuses some attachments before meld validation agrees with it."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest
from hypothesis import strategies as st

from ramino.engine import Reason, get_preset
from ramino.engine.cards import JOKER, NATURAL_CARDS, Card
from ramino.engine.errors import MeldError, NotationError, RulesError
from ramino.engine.melds import attach, validate_meld
from ramino.engine.rules import (
    AttachableDiscard,
    Rules,
    SetJokerSwap,
    SetSuits,
)
from scripted import deal, legal, play, refused

_DECK = [*NATURAL_CARDS, *NATURAL_CARDS, JOKER, JOKER, JOKER]


def _rules_or_none(**knobs: object) -> Rules | None:
    try:
        return Rules(**knobs)  # type: ignore[arg-type]
    except RulesError:
        return None  # a contradictory combination (a set of distinct suits past 4 cards)


_RULES = st.builds(
    _rules_or_none,
    set_suits=st.sampled_from(list(SetSuits)),
    set_max=st.sampled_from([None, 3, 4, 5, 8]),
    max_jokers_per_meld=st.sampled_from([None, 1, 2]),
    set_joker_swap=st.sampled_from(list(SetJokerSwap)),
    min_natural_cards=st.sampled_from([1, 2]),
).filter(lambda rules: rules is not None)


def _refused(meld_cards: tuple[Card, ...], declared: object, card: Card, rules: Rules) -> bool:
    meld = validate_meld(meld_cards, rules, jokers=declared)  # type: ignore[arg-type]
    try:
        attach(meld, [card], rules)
    except (MeldError, NotationError):
        return True
    return False


@pytest.mark.parametrize(
    ("meld", "card", "knobs", "refused"),
    [
        # A suit already in a set of distinct suits, or a fourth... fifth card.
        ("7S 7H 7D", "7S", {}, True),
        ("7S 7H 7D", "7C", {}, False),
        ("7S 7H 7D 7C", "7C", {"set_suits": SetSuits.ANY, "set_max": 4}, True),
        ("7S 7H 7D 7C", "7C", {"set_suits": SetSuits.ANY, "set_max": None}, False),
        # A jolly past the limit per meld.
        ("7S JK 9S", "JK", {}, True),
        ("7S JK 9S", "JK", {"max_jokers_per_meld": 2}, False),
        # A run takes the next card of its suit, never one it holds.
        ("7S 8S 9S", "10S", {}, False),
        ("7S 8S 9S", "8S", {}, True),
    ],
)
def test_a_set_and_a_jolly_s_limits_refuse_an_attachment(
    meld: str, card: str, knobs: dict[str, object], refused: bool
) -> None:
    from ramino.engine.cards import parse_cards

    rules = dataclasses.replace(Rules(), **knobs)  # type: ignore[arg-type]
    assert _refused(parse_cards(meld), None, parse_cards(card)[0], rules) is refused


# --- attaching during play, on stacked deals ---


CLASSICO = get_preset("classico")


SCALA_40 = replace(get_preset("scala-40"), hand_size=7)


S40_OPENER = "10H JH QH KH 2C 3D 5S"


@pytest.mark.parametrize(("players", "banned"), [(2, False), (3, True)])
def test_attachable_discard_forbidden_from_three_players(players: int, banned: bool) -> None:
    hands = [S40_OPENER, "9H 4C 6D 8S 2H 3S 7C", "AC AD 4H 5D 6S 8C 9C"][:players]
    r = deal(SCALA_40, hands, "KC", "QS JD 10C")
    play(r, "draw", "lay 10H JH QH KH", "discard QS", "draw")
    if banned:
        # 9♥ could go on the run of hearts: it may not be thrown away.
        refused(r, "discard 9H", Reason.DISCARD_ATTACHABLE)
        play(r, "discard JD")
        assert Card.parse("9H") in r.hand(1)
    else:
        assert "discard 9H" in legal(r)
        play(r, "discard 9H")
        assert Card.parse("9H") not in r.hand(1)
    assert r.to_play == 2 % players and r.top_discard == Card.parse("JD" if banned else "9H")


# Seat 0 lays the melds, seat 1 (not opened) may or may not throw the card away: a jolly is
# attachable while some meld on the table can take one; a card that could only take a laid
# jolly's place (a swap, not an attachment) is not, nor a twin with no place left.
@pytest.mark.parametrize(
    ("melds", "card", "banned"),
    [
        (["KH KD KC", "8H 8D 8C 8S"], "JK", True),
        (["9H 10H JK QH", "KS KD KC KH"], "JK", False),
        (["9H 10H JK QH", "KS KD KC KH"], "JH", False),
        (["KS KD KC KH", "8H 8D JK"], "8S", True),
        (["KS KD KC KH", "8H 8D 8C JK"], "8S", False),
        (["AH 2H 3H", "KS KD KC KH"], "AH", False),
    ],
)
def test_attachable_discard_of_a_jolly_and_of_a_jolly_s_card(
    melds: list[str], card: str, banned: bool
) -> None:
    rules = replace(SCALA_40, hand_size=10)
    hand_0 = " ".join(f"{' '.join(melds)} 2C 4D 6S 3C 5D 7S 9C".split()[:10])
    hand_1 = f"{card} 3D 5C 7D 9D JC KC 10S 10C QC"
    r = deal(rules, [hand_0, hand_1, "2D 4S 6C 8S 10D QS 3S 5S 7C 9S"], "KD", "AD 8D")
    play(r, "draw", *(f"lay {m}" for m in melds), "discard AD", "draw")
    if banned:
        refused(r, f"discard {card}", Reason.DISCARD_ATTACHABLE)
    else:
        play(r, f"discard {card}")
        assert r.top_discard == Card.parse(card) and r.to_play == 2


def test_attachable_discard_allowed() -> None:
    rules = replace(SCALA_40, attachable_discard=AttachableDiscard.ALLOWED)
    hands = [S40_OPENER, "9H 4C 6D 8S 2H 3S 7C", "AC AD 4H 5D 6S 8C 9C"]
    r = deal(rules, hands, "KC", "QS JD 10C")
    play(r, "draw", "lay 10H JH QH KH", "discard QS", "draw")
    # 9♥ would go on the run of hearts, and may still be thrown away.
    assert "discard 9H" in legal(r)
    play(r, "discard 9H")
    assert r.top_discard == Card.parse("9H") and Card.parse("9H") not in r.hand(1)


def test_attachable_discard_when_every_card_could_be_attached() -> None:
    rules = replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN, hand_size=4)
    r = deal(rules, ["10H JH QH 2C", "9H KH 9H KH"], "4D", "5S")
    play(r, "draw", "lay 10H JH QH", "discard 5S")
    # Every card he may throw could be attached (5♠, just taken, may not be thrown back):
    # the ban cannot hold.
    play(r, "take")
    assert "discard 9H" in legal(r) and "discard KH" in legal(r)
    play(r, "discard 9H")
    assert r.top_discard == Card.parse("9H") and r.to_play == 0


def test_attachable_discard_is_allowed_as_the_going_out_discard() -> None:
    rules = replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN, hand_size=4)
    r = deal(rules, ["10H JH QH 2C", "9H 4C 4D 4S"], "4H", "5S KH")
    play(r, "draw", "lay 10H JH QH", "discard 5S", "draw", "lay 4C 4D 4S", "attach 0 KH")
    play(r, "discard 9H")
    assert r.end is not None and r.end.out == 1


# Seat 0 opens at 40 with a run of hearts; seat 1 then attaches 9♥ to it.
RUN_40 = "10H JH QH KH 2C 3D 5S 7C 8D 9S"


@pytest.mark.parametrize("allowed", [True, False])
def test_attach_before_opening(allowed: bool) -> None:
    rules = replace(CLASSICO, opening_threshold=40, attach_before_opening=allowed)
    r = deal(rules, [RUN_40, "9H KC KD KS QC QD QS 2S 6D 7D"], "4C", "4H AD")
    play(r, "draw", "lay 10H JH QH KH", "discard 9S", "draw")
    if allowed:
        play(r, "attach 0 9H")
        assert r.opening_points == 9
        play(r, "lay KC KD KS", "lay QC QD QS")
    else:
        refused(r, "attach 0 9H", Reason.ATTACH_BEFORE_OPENING)
        assert not any(a.startswith("attach") for a in legal(r))
        # Once opened, in the same turn, he may attach.
        play(r, "lay KC KD KS", "lay QC QD QS")
        assert r.opened[1]
        play(r, "attach 0 9H")
    play(r, "discard AD")
    assert r.opened[1]


def test_an_attachment_counts_the_points_of_the_cards_attached() -> None:
    # Runs go round the corner: 2♠ on J♠ Q♠ K♠ A♠ makes the ace a middle one (1 point where
    # it was 11), but the attachment brings its own 2 points, never a loss: with 9♦ 10♦ J♦
    # Q♦ (39) they open at 40.
    rules = replace(CLASSICO, run_wrap=True, opening_threshold=40)
    hands = ["JS QS KS AS 10H 10D 10C 3D 5C 7H", "2S 9D 10D JD QD 4C 6H 8C KC 3H"]
    r = deal(rules, hands, "2D", "9C 8D 4D")
    play(r, "draw", "lay JS QS KS AS", "lay 10H 10D 10C", "discard 3D")
    play(r, "draw", "attach 0 2S")
    assert r.opening_points == 2 and not r.opened[1]
    play(r, "lay 9D 10D JD QD", "discard 8D")
    assert r.opened[1]
    # Where any meld opens, the attachment opens.
    free = replace(rules, opening_threshold=0)
    r = deal(free, hands, "2D", "9C 8D 4D")
    play(r, "draw", "lay JS QS KS AS", "discard 3D", "draw", "attach 0 2S")
    assert r.opened[1]
