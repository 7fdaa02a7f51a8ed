"""Every rule knob of RULES.md §3 that concerns play, value by value, on stacked deals.

Each test deals known hands with :func:`stacked_deck` and asserts what the knob does: the
reason code of a refusal, or the state a move leads to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from ramino.engine import Card, RaminoError, Reason, get_preset, parse_cards
from ramino.engine.actions import Discard, Draw, TakeDiscard, parse_action
from ramino.engine.cards import JOKER
from ramino.engine.legal import play_candidates
from ramino.engine.match import Match
from ramino.engine.melds import MeldKind
from ramino.engine.play import MatchPlay
from ramino.engine.round import EndReason, Phase, Round
from ramino.engine.rules import (
    AttachableDiscard,
    Direction,
    DiscardPickup,
    FinalDiscard,
    HandSize,
    JokerUpcard,
    Restock,
    RetrievedJoker,
    RoundCap,
    Rules,
    SetJokerSwap,
)
from ramino.engine.scoring import Closing
from scripted import deal, play, snapshot

CLASSICO = get_preset("classico")
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")

# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


def refused(r: Round, text: str, reason: Reason) -> None:
    """The action is refused for ``reason`` and the round is left as it was."""
    before = snapshot(r)
    action = parse_action(text)
    assert not r.can(action), text
    assert str(action) not in {str(a) for a in r.legal_actions}
    with pytest.raises(RaminoError) as info:
        r.apply(action)
    assert info.value.reason is reason, info.value.message("en")
    assert snapshot(r) == before


def cards(text: str) -> list[Card]:
    return sorted(parse_cards(text))


def hand(r: Round, seat: int) -> list[Card]:
    return list(r.hand(seat))


def legal(r: Round) -> set[str]:
    return {str(a) for a in r.legal_actions}


def draw_and_discard_it(r: Round) -> Card:
    """The player to move draws from the stock and throws the same card away."""
    card = r.deck[r.stock[-1]]
    r.apply(Draw())
    r.apply(Discard(card))
    return card


# --- deck and deal ---


@pytest.mark.parametrize(
    ("preset", "players", "size", "deck"),
    [
        ("classico", 2, 10, 108),
        ("classico", 6, 10, 108),
        ("classico-2", 2, 10, 54),
        ("enciclopedia", 4, 8, 108),
        ("scala-40", 4, 13, 108),
        ("casertano", 5, 13, 108),
        # hand_size_by_players: [T] 10 cards for two players, 7 for three or four.
        ("tradizionale", 2, 10, 52),
        ("tradizionale", 3, 7, 52),
        ("tradizionale", 4, 7, 52),
        # deck_by_players: [R] 2 packs and 4 jokers up to four players, 3 packs from five.
        ("rami-40", 4, 13, 108),
        ("rami-40", 5, 13, 160),
        ("rami-51", 6, 13, 160),
    ],
)
def test_the_deal_follows_hand_size_and_deck_by_players(
    preset: str, players: int, size: int, deck: int
) -> None:
    rules = get_preset(preset)
    # Seed 3 turns up no joker in these decks, so every deal has an upcard.
    r = Round(rules, players, seed=3)
    assert len(r.deck) == deck
    assert [len(h) for h in r.hands] == [size] * players
    assert len(r.discard_pile) == 1 and not r.deck[r.discard_pile[0]].is_joker
    assert r.stock_count == deck - size * players - 1


def test_hand_size_by_players_on_a_house_rule() -> None:
    rules = replace(CLASSICO, hand_size=9, hand_size_by_players=(HandSize(4, 8), HandSize(6, 7)))
    sizes = [len(Round(rules, n, seed=1).hands[0]) for n in range(2, 7)]
    assert sizes == [9, 9, 8, 8, 7]


@pytest.mark.parametrize(
    ("direction", "order"),
    [(Direction.CLOCKWISE, [3, 0, 1, 2, 3]), (Direction.COUNTERCLOCKWISE, [1, 0, 3, 2, 1])],
)
def test_direction_of_the_deal_and_of_the_turns(direction: Direction, order: list[int]) -> None:
    rules = replace(CLASSICO, direction=direction, hand_size=2)
    r = Round(rules, 4, deck_order=range(108), dealer=2)
    first, second, third, fourth = order[:4]
    # One card at a time, from the player after the dealer, in the direction of play.
    assert r.hands[first] == [0, 4] and r.hands[second] == [1, 5]
    assert r.hands[third] == [2, 6] and r.hands[fourth] == [3, 7]
    assert r.discard_pile == [8]
    seen = []
    for _ in range(5):
        seen.append(r.to_play)
        draw_and_discard_it(r)
    assert seen == order


@pytest.mark.parametrize(
    ("direction", "dealers"),
    [
        (Direction.CLOCKWISE, ["Anna", "Bruno", "Carla", "Dario", "Anna"]),
        (Direction.COUNTERCLOCKWISE, ["Anna", "Dario", "Carla", "Bruno", "Anna"]),
    ],
)
def test_direction_of_the_dealer_rotation(direction: Direction, dealers: list[str]) -> None:
    rules = replace(CLASSICO, direction=direction, max_turns=1, target=10_000)
    play_ = MatchPlay(list(NAMES[:4]), rules, seed=1)
    for _ in dealers:
        r = play_.start_round()
        # The player after the dealer, in the direction of play, starts.
        assert r.to_play == r.next_seat(r.dealer)
        draw_and_discard_it(r)
        play_.finish_round()
    assert list(play_.dealers) == dealers


def test_a_stacked_deal_honours_the_direction() -> None:
    ccw = replace(CLASSICO, direction=Direction.COUNTERCLOCKWISE)
    r = deal(ccw, ["7H 8H 9H QC QD QS 2S 3S 4S 5S", IDLE, "KC KD KS 2H 3H 4H 6C 7C 8C 9D"], "5C")
    assert hand(r, 0) == cards("7H 8H 9H QC QD QS 2S 3S 4S 5S")
    assert hand(r, 2) == cards("KC KD KS 2H 3H 4H 6C 7C 8C 9D")
    draw_and_discard_it(r)
    assert r.to_play == 2


def test_joker_upcard_rebury_turns_another_card() -> None:
    r = deal(CLASSICO, ["7H 8H 9H QC QD QS 2S 3S 4S 5S", IDLE], "JK", "JK KH 4D")
    # Both jolly turned up go back under the stock; KH is the upcard.
    assert r.top_discard == Card.parse("KH") and len(r.discard_pile) == 1
    assert r.deck[r.stock[0]].is_joker and r.deck[r.stock[1]].is_joker
    assert r.deck[r.stock[-1]] == Card.parse("4D")
    assert r.phase is Phase.DRAW and r.stock_count == 108 - 21


def test_joker_upcard_to_the_first_player() -> None:
    rules = replace(CLASSICO, joker_upcard=JokerUpcard.TO_FIRST_PLAYER)
    r = deal(rules, ["7H 8H 9H QC QD QS 2S 3S 4S 5S", IDLE], "JK", "4D")
    # The jolly at the cut goes to the first player, no upcard is turned: the jolly is his
    # card for this turn, and he goes on by laying or discarding.
    assert len(r.hands[0]) == 11 and Card.joker() in r.hand(0)
    assert r.discard_pile == [] and r.phase is Phase.PLAY and r.stock_count == 108 - 21
    refused(r, "draw", Reason.ALREADY_DRAWN)
    refused(r, "take", Reason.ALREADY_DRAWN)
    play(r, "lay 2S 3S 4S 5S JK=6S", "discard QS")
    assert r.to_play == 1 and r.top_discard == Card.parse("QS")
    assert legal(r) == {"draw", "take"}
    # A natural card at the cut is the upcard, as usual.
    r = deal(rules, ["7H 8H 9H QC QD QS 2S 3S 4S 5S", IDLE], "KH", "4D")
    assert r.top_discard == Card.parse("KH") and r.phase is Phase.DRAW
    assert len(r.hands[0]) == 10


# --- taking the discard ---

APERTURA = get_preset("apertura-50")
OPENER = "KH KS KD 5H 6H 7H 8H 2C 4S AC"


def test_discard_pickup_free_lets_a_card_be_taken_and_kept() -> None:
    rules = replace(APERTURA, discard_pickup=DiscardPickup.FREE)
    r = deal(rules, [OPENER, IDLE], "3H")
    # 3♥ opens nothing at 50, but the pile is free to take.
    play(r, "take", "discard AC")
    assert Card.parse("3H") in r.hand(0) and not r.opened[0]
    play(r, "draw", "discard JS", "draw", "discard 3H")


def test_discard_pickup_must_use_before_opening() -> None:
    r = deal(APERTURA, [OPENER, IDLE], "3H")
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # KC opens with the other kings (30) and the hearts run (26).
    r = deal(APERTURA, [OPENER, IDLE], "KC")
    play(r, "take")
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    play(r, "lay KH KS KD KC", "lay 5H 6H 7H 8H", "discard 2C")
    assert r.opened[0]


def test_discard_pickup_must_use_once_opened() -> None:
    r = deal(APERTURA, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "QC", "5D 6D 7D 8D")
    play(r, "draw", "lay 5H 6H 7H 8H", "lay KH KS KD", "discard AC")
    play(r, "draw", "discard 9H")
    # 9♥ can be attached at once to the run: it may be taken, and must be used.
    play(r, "take")
    refused(r, "discard 2C", Reason.TAKEN_CARD_NOT_USED)
    play(r, "attach 0 9H", "discard 2C")
    play(r, "draw", "discard 2S")
    # 2♠ fits nowhere: an opened player may not take it either.
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    # Under the free rule he may.
    free = replace(APERTURA, discard_pickup=DiscardPickup.FREE)
    r = deal(free, [OPENER, "9H 2S 9C 3C 4H 6S 8C 10D JS QD"], "QC", "5D 6D 7D 8D")
    play(r, "draw", "lay 5H 6H 7H 8H", "lay KH KS KD", "discard AC", "draw", "discard 2S")
    play(r, "take", "discard 2C")


def test_an_opening_may_count_the_same_meld_twice() -> None:
    # 2♠ 3♠ 4♠ (9) leaves two runs 9♣ 10♣ J♣ (29 each) to reach 40: the same meld, twice.
    rules = get_preset("scala-40")
    idle = "AD 5D 8S 2D 3C 4H 6S 8C 10D JS QS KS 4D"
    r = deal(rules, ["2S 3S 4S 9C 9C 10C 10C JC JC KD 5H 7D 2H", idle], "QH")
    play(r, "draw")
    assert {"lay 2S 3S 4S", "lay 9C 10C JC"} <= legal(r)
    play(r, "lay 2S 3S 4S", "lay 9C 10C JC", "lay 9C 10C JC")
    assert r.opened[0]


def test_rediscard_taken_card() -> None:
    r = deal(CLASSICO, [OPENER, IDLE], "QD")
    play(r, "take")
    refused(r, "discard QD", Reason.REDISCARD_TAKEN)
    assert "discard QD" not in legal(r)
    allowed = replace(CLASSICO, rediscard_taken_card=True)
    r = deal(allowed, [OPENER, IDLE], "QD")
    play(r, "take")
    assert "discard QD" in legal(r)
    play(r, "discard QD")
    assert r.top_discard == Card.parse("QD") and r.to_play == 1


def test_rediscard_taken_card_counts_twins_as_the_same_card() -> None:
    # RULES.md §1: twins are equal for the rules; throwing back the twin of the card just
    # taken is throwing it back (§2.9).
    r = deal(CLASSICO, [OPENER, IDLE], "AC")
    play(r, "take")
    refused(r, "discard AC", Reason.REDISCARD_TAKEN)


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
    else:
        play(r, "discard 9H")


def test_attachable_discard_allowed() -> None:
    rules = replace(SCALA_40, attachable_discard=AttachableDiscard.ALLOWED)
    hands = [S40_OPENER, "9H 4C 6D 8S 2H 3S 7C", "AC AD 4H 5D 6S 8C 9C"]
    r = deal(rules, hands, "KC", "QS JD 10C")
    play(r, "draw", "lay 10H JH QH KH", "discard QS", "draw", "discard 9H")


def test_attachable_discard_when_every_card_could_be_attached() -> None:
    rules = replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN, hand_size=4)
    r = deal(rules, ["10H JH QH 2C", "9H KH 9H KH"], "4D", "5S")
    play(r, "draw", "lay 10H JH QH", "discard 5S")
    # Every card he may throw could be attached (5♠, just taken, may not be thrown back):
    # the ban cannot hold.
    play(r, "take", "discard 9H")


def test_attachable_discard_is_allowed_as_the_going_out_discard() -> None:
    rules = replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN, hand_size=4)
    r = deal(rules, ["10H JH QH 2C", "9H 4C 4D 4S"], "4H", "5S KH")
    play(r, "draw", "lay 10H JH QH", "discard 5S", "draw", "lay 4C 4D 4S", "attach 0 KH")
    play(r, "discard 9H")
    assert r.end is not None and r.end.out == 1


# --- going out ---

TWO_OUT = "10H JH QH 9H"


@pytest.mark.parametrize("final", list(FinalDiscard))
def test_final_discard(final: FinalDiscard) -> None:
    rules = replace(CLASSICO, final_discard=final, hand_size=4)
    r = deal(rules, [TWO_OUT, "AD 5D 9C 2D"], "4H", "2C 6S KH")
    play(r, "draw", "lay 10H JH QH", "discard 2C", "draw", "discard 6S", "draw")
    play(r, "attach 0 9H")
    if final is FinalDiscard.REQUIRED:
        # Attaching K♥ would leave no card to discard: he is stuck with it, and discards it.
        refused(r, "attach 0 KH", Reason.WOULD_LEAVE_NO_DISCARD)
        play(r, "discard KH")
        assert r.top_discard == Card.parse("KH")
    else:
        play(r, "attach 0 KH")
        assert r.top_discard == Card.parse("6S")
    assert r.end is not None and r.end.out == 0 and not r.end.in_one_turn
    assert r.end.reason is EndReason.WENT_OUT


@pytest.mark.parametrize("allowed", [True, False])
def test_rummy_on_first_turn(allowed: bool) -> None:
    rules = replace(CLASSICO, rummy_on_first_turn=allowed, hand_size=3)
    r = deal(rules, ["2C 3C 4C", "7D 8D 9D", "AS 5H 9C"], "QH", "KD KH KC KS")
    if allowed:
        play(r, "draw", "lay 2C 3C 4C", "discard KD")
        assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
        return
    # Nobody goes out before every player has had a turn: not the first, not the last.
    play(r, "draw")
    refused(r, "lay 2C 3C 4C", Reason.NO_GOING_OUT_FIRST_ROUND)
    play(r, "discard KD", "draw")
    refused(r, "lay 7D 8D 9D", Reason.NO_GOING_OUT_FIRST_ROUND)
    play(r, "discard KH", "draw", "discard KC", "draw")
    assert r.turn == 4
    play(r, "lay 2C 3C 4C", "discard KS")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn


def test_no_opening_that_must_leave_a_single_card_in_the_first_round() -> None:
    # Scala 40, first round, nobody may go out: an opening must leave two cards (one to
    # discard, one to keep). With 7♠ he holds A-7♠ (28), A-3♥ (6), A-3♦ (6): 40 with one card
    # left, so that opening cannot begin; the sets A♠ A♥ A♦ (33), 2s (6) and 3s (9) can.
    rules = replace(get_preset("scala-40"), max_players=2)
    hand_0 = "AS 2S 3S 4S 5S 6S AH 2H 3H AD 2D 3D KC"
    hand_1 = "AD 5D 9C 2C 3C 4H 6S 8C 10D JS QD KD QS"
    r = deal(rules, [hand_0, hand_1], "9H", "7S")
    play(r, "draw")
    refusal = r_check(r, "lay AS 2S 3S 4S 5S 6S 7S")
    assert refusal is Reason.OPENING_UNREACHABLE
    assert r.can(parse_action("lay AS AH AD"))


# --- the opening ---


def r_check(r: Round, text: str) -> Reason | None:
    try:
        r.check(parse_action(text))
    except RaminoError as error:
        return error.reason
    return None


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
            refused(r, f"lay {meld}", Reason.OPENING_UNREACHABLE)
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
    play(r, "draw", "lay JK=9S 7S 8S")
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

JOKER_RUN = "7H JK 9H QC QD 2S 3S 5C 9D AC"
HAS_8H = "8H KD KS 2D 3D 4H 6S 8C 10D JS"


def test_joker_swap_forbidden() -> None:
    rules = replace(CLASSICO, joker_swap=False)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    refused(r, "swap 0 8H", Reason.SWAP_FORBIDDEN)
    refused(r, "attach 0 8H", Reason.ATTACH_PLACE_HELD_BY_JOKER)
    assert not any(a.startswith("swap") for a in legal(r))


@pytest.mark.parametrize("needs_opened", [True, False])
def test_joker_swap_needs_opened(needs_opened: bool) -> None:
    rules = replace(CLASSICO, joker_swap_needs_opened=needs_opened)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    if needs_opened:
        refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)
        play(r, "lay 2D 3D 4D")  # a meld opens him (the opening is free here)
    assert "swap 0 8H" in legal(r)
    play(r, "swap 0 8H", "lay KD KS JK", "discard JS")
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"


def test_joker_swap_needs_opened_under_a_threshold() -> None:
    # Rami 40: swapping needs an opening of 40 first.
    rules = replace(get_preset("rami-40"), hand_size=10)
    hands = ["7H JK 9H KC KD KS QC 2S 5C 9D", "8H QH QD QS 3C 4C 5C 6C JS 2D"]
    r = deal(rules, hands, "AS", "AC 10C")
    play(r, "draw", "lay 7H JK 9H", "lay KC KD KS", "discard AC", "draw")
    refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)
    play(r, "lay QH QD QS")
    refused(r, "swap 0 8H", Reason.SWAP_NEEDS_OPENING)  # 30 points: not yet opened
    play(r, "lay 3C 4C 5C 6C")
    assert r.opened[1]
    play(r, "swap 0 8H")
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"


def _swapped(rules: Rules, relay: str = "KD KS 2D 3C 4H 6S 8C 10D JS") -> Round:
    r = deal(rules, [JOKER_RUN, f"8H {relay}"], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw", "swap 0 8H")
    assert r.pending_jokers and Card.joker() in r.hand(1)
    return r


def test_retrieved_joker_must_be_laid_this_turn() -> None:
    r = _swapped(CLASSICO)
    refused(r, "discard JS", Reason.RETRIEVED_JOKER_NOT_LAID)
    assert legal(r) >= {"lay KD KS JK"} and not any(a.startswith("discard") for a in legal(r))
    play(r, "lay KD KS JK", "discard JS")
    assert not r.pending_jokers


# 10♦ 10♥ JK on the table; seat 1 frees the jolly with 10♠ 10♣ and then holds cards that
# make no meld with it (ranks all different, three apart in each suit): nowhere to lay it.
NO_RELAY = ["10D 10H JK QC QD 2S 3S 5C 9D AC", "10S 10C AC 4C 7C 2D 5D 8D 3H 6H"]


def _set_swap_round(retrieved: RetrievedJoker) -> Round:
    r = deal(replace(CLASSICO, retrieved_joker=retrieved), NO_RELAY, "QH", "KC 9H")
    play(r, "draw", "lay 10D 10H JK", "discard AC", "draw")
    return r


def test_retrieved_joker_that_cannot_be_laid_again_cannot_be_taken() -> None:
    r = _set_swap_round(RetrievedJoker.LAY_THIS_TURN)
    refused(r, "swap 0 10S 10C", Reason.JOKER_CANNOT_BE_RELAID)


@pytest.mark.parametrize("retrieved", list(RetrievedJoker))
def test_retrieved_joker_goes_to_another_meld(retrieved: RetrievedJoker) -> None:
    # [G]: "il jolly ripreso si cala subito, nello stesso turno, in un altro gioco".
    r = _swapped(replace(CLASSICO, retrieved_joker=retrieved))
    refused(r, "attach 0 JK=10H", Reason.JOKER_BACK_TO_SAME_MELD)
    refused(r, "attach 0 JK=6H", Reason.JOKER_BACK_TO_SAME_MELD)
    play(r, "lay KD KS JK")


# After 8♥ frees the jolly of 7♥ JK 9♥, these cards (and 4♦ drawn) make no meld with it:
# ranks all different, three apart in each suit. Its only place would be the meld it left.
ONLY_BACK = "8H 7D 10D KD AC 5C 8C JC 2S 6S"


@pytest.mark.parametrize("retrieved", list(RetrievedJoker))
def test_the_meld_it_came_from_is_no_place_for_the_joker(retrieved: RetrievedJoker) -> None:
    rules = replace(CLASSICO, retrieved_joker=retrieved)
    r = deal(rules, [JOKER_RUN, ONLY_BACK], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    if retrieved is RetrievedJoker.LAY_THIS_TURN:
        refused(r, "swap 0 8H", Reason.JOKER_CANNOT_BE_RELAID)
        return
    play(r, "swap 0 8H", "discard 2S")
    assert Card.joker() in r.hand(1)


def test_retrieved_joker_lay_if_possible() -> None:
    rules = replace(CLASSICO, retrieved_joker=RetrievedJoker.LAY_IF_POSSIBLE)
    r = _swapped(rules)
    # K♦ K♠ can take it: he must lay it before discarding.
    refused(r, "discard JS", Reason.RETRIEVED_JOKER_NOT_LAID)
    play(r, "lay KD KS JK", "discard JS")
    # Nothing can take it: he keeps it.
    r = _set_swap_round(RetrievedJoker.LAY_IF_POSSIBLE)
    play(r, "swap 0 10S 10C")
    assert r.pending_jokers and not any(a.startswith(("lay", "attach")) for a in legal(r))
    play(r, "discard 9H")
    assert Card.joker() in r.hand(1)


def test_retrieved_joker_may_be_kept() -> None:
    r = _swapped(replace(CLASSICO, retrieved_joker=RetrievedJoker.KEEP))
    assert "discard JS" in legal(r)
    play(r, "discard JS")
    assert Card.joker() in r.hand(1) and not r.pending_jokers
    assert str(r.table[0].meld) == "7♥ 8♥ 9♥"
    r = _set_swap_round(RetrievedJoker.KEEP)
    play(r, "swap 0 10S 10C", "discard 9H")
    assert Card.joker() in r.hand(1)


TEN_SET = "10D 10H JK QC QD 2S 3S 5C 9D AC"


def test_set_joker_swap_needs_every_missing_suit() -> None:
    rules = replace(CLASSICO, set_joker_swap=SetJokerSwap.ALL_MISSING)
    r = deal(rules, [TEN_SET, "10S 10C KD KS 3C 4H 6S 8C 10D JS"], "QH", "4C 4D")
    play(r, "draw", "lay 10D 10H JK", "discard AC", "draw")
    # RULES.md §2.7: in 10♦ 10♥ JK both 10♠ and 10♣ are needed.
    refused(r, "swap 0 10S", Reason.SWAP_SET_NEEDS_ALL_MISSING)
    refused(r, "swap 0 10C", Reason.SWAP_SET_NEEDS_ALL_MISSING)
    play(r, "swap 0 10S 10C")
    assert r.table[0].meld.kind is MeldKind.SET and r.table[0].meld.joker_count == 0
    assert sorted(r.table[0].meld.cards) == cards("10C 10D 10H 10S")
    play(r, "lay KD KS JK", "discard JS")


def test_set_joker_swap_by_the_declared_suit() -> None:
    rules = replace(CLASSICO, set_joker_swap=SetJokerSwap.DECLARED_SUIT)
    r = deal(rules, [TEN_SET, "10S 10C KD KS 3C 4H 6S 8C 10D JS"], "QH", "4C 4D")
    play(r, "draw")
    # The suit is declared when the jolly is laid: one move per free suit.
    assert {"lay 10D 10H JK=10C", "lay 10D 10H JK=10S"} <= legal(r)
    play(r, "lay 10D 10H JK=10S", "discard AC", "draw")
    refused(r, "swap 0 10C", Reason.SWAP_WRONG_CARD)
    play(r, "swap 0 10S", "lay KD KS JK", "discard JS")
    assert sorted(r.table[0].meld.cards) == cards("10D 10H 10S")


def test_swap_does_not_count_for_the_opening() -> None:
    # Opening at 50: seat 1 takes the jolly back from seat 0's run with 8♥ (no points),
    # and opens with his own melds.
    rules = replace(APERTURA, swap_counts_for_opening=False)
    hands = ["7H JK 9H KC KD KS 2S 5C 9D AC", "8H QH QD QS KH JC JD JS 4H 6S"]
    r = deal(rules, hands, "AS", "3C 10C")
    play(r, "draw", "lay 7H JK 9H", "lay KC KD KS", "discard AC", "draw", "swap 0 8H")
    assert r.opening_points == 0 and not r.opened[1]
    play(r, "lay QH QD QS JK")
    assert r.opening_points == 40 and not r.opened[1]
    play(r, "lay JC JD JS")
    assert r.opened[1]


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


# --- the stock ---


def _exhaust(rules: Rules, seed: int = 1) -> tuple[Round, list[int]]:
    """Draw and discard until the stock runs out once; the pile as it was before."""
    r = Round(rules, 2, seed=seed)
    pile: list[int] = []
    while r.restocks == 0 and not r.is_over:
        pile = list(r.discard_pile)
        drawn = r.stock[-1]
        r.apply(Draw())
        r.apply(Discard(r.deck[drawn]))
        pile.append(drawn)
    return r, pile


SMALL = replace(CLASSICO, decks=1, jokers=0, hand_size=3)


def test_restock_shuffles_the_pile_but_its_top_card() -> None:
    r, pile = _exhaust(replace(SMALL, restock=Restock.SHUFFLE))
    assert r.restocks == 1 and r.discard_pile == pile[-1:]
    assert sorted(r.stock) == sorted(pile[:-1])
    assert r.stock not in (pile[:-1], pile[-2::-1])
    again, _ = _exhaust(replace(SMALL, restock=Restock.SHUFFLE))
    assert again.stock == r.stock  # the seed decides the shuffle


def test_restock_turn_over_puts_the_first_discard_on_top() -> None:
    # Turning the face-up pile over makes its bottom card (the upcard) the top of the
    # new stock: the next draw is the first card ever discarded.
    r, pile = _exhaust(replace(SMALL, restock=Restock.TURN_OVER))
    assert r.discard_pile == pile[-1:]
    assert [r.stock[-k] for k in range(1, len(r.stock) + 1)] == pile[:-1]


def test_restock_turn_over_keeps_the_order() -> None:
    r, pile = _exhaust(replace(SMALL, restock=Restock.TURN_OVER))
    assert r.discard_pile == pile[-1:]
    assert sorted(r.stock) == sorted(pile[:-1])
    # Unshuffled: the cards keep their order, one way or the other.
    assert r.stock in (pile[:-1], pile[-2::-1])


@pytest.mark.parametrize("limit", [0, 1, 2, None])
def test_max_restocks(limit: int | None) -> None:
    rules = replace(SMALL, max_restocks=limit, max_turns=500)
    r = Round(rules, 2, seed=4)
    while not r.is_over and r.restocks < 3:
        draw_and_discard_it(r)
    if limit is None:
        assert not r.is_over and r.restocks == 3
        return
    assert r.end is not None and r.end.reason is EndReason.MAX_RESTOCKS
    assert r.restocks == limit and r.stock == [] and r.end.out is None
    # The turn that emptied the stock for the last time was the last one.
    assert r.turn == 1 + (limit + 1) * 45


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


# --- the close ---


@pytest.mark.parametrize(("lay_after", "count"), [(True, 10), (False, 34)])
def test_lay_after_close(lay_after: bool, count: int) -> None:
    rules = replace(CLASSICO, lay_after_close=lay_after, hand_size=4)
    r = deal(rules, ["2C 3C 4C 5C", "7H 8H 9H KS"], "QD", "KD")
    play(r, "draw", "lay 2C 3C 4C 5C", "discard KD")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    # The others lay their combinations; only unbound cards count.
    assert r.end.counts == (0, count)
    sheet = Match(["Anna", "Bruno"], rules).record(r.round_result(["Anna", "Bruno"]))
    assert sheet.scores["Bruno"] == 2 * count


def test_melding_during_play() -> None:
    r = deal(CLASSICO, ["5C 6C 7C 2S 3S 4S 9H 9D 9S 8H", IDLE], "QC", "KH")
    play(r, "draw")
    refused(r, "show 5C 6C 7C | 2S 3S 4S | 9H 9D 9S 8H discard KH", Reason.SHOW_NOT_ALLOWED)
    assert not any(a.startswith("show") for a in legal(r))
    play(r, "lay 5C 6C 7C")


#: Nothing laid during play, the whole hand shown to close (Casertano's way), nine cards.
NO_MELDING = replace(
    CLASSICO, melding_during_play=False, final_discard=FinalDiscard.OPTIONAL, hand_size=9
)


def test_no_melding_during_play() -> None:
    rules = NO_MELDING
    hands = ["5C 6C 7C 2S 3S 4S 9H 9D JK", "7H 8H 9C KH KD KS 4D 5D 6D"]
    r = deal(rules, hands, "QC", "QH 10H AS")
    play(r, "draw")
    refused(r, "lay 5C 6C 7C", Reason.NO_MELDING_DURING_PLAY)
    refused(r, "show 5C 6C 7C | 2S 3S 4S discard QH", Reason.SHOW_INCOMPLETE)
    refused(r, "show 5C 6C 7C | 2S 3S 4S | 9H 9D JK QH", Reason.NOT_A_MELD)
    play(r, "discard QH", "draw")
    refused(r, "attach 0 10H", Reason.NO_MELDING_DURING_PLAY)
    play(r, "discard 10H", "draw")
    # The whole hand bound, no discard needed: he goes out by showing it.
    play(r, "show 5C 6C 7C | AS 2S 3S 4S | 9H 9D JK")
    assert r.end is not None and r.end.out == 0 and r.end.in_one_turn
    assert len(r.table) == 3 and r.top_discard == Card.parse("10H")


def test_seven_of_a_kind_wins_the_match() -> None:
    # Casertano's "ramino": seven cards of one rank without jokers, shown after the draw,
    # win the whole match whatever else is in hand.
    rules = replace(get_preset("casertano"), max_players=2)
    hands = ["QC QC QD QD QH QH 2S 5C 9D AC 4H 7S KD", "3C 3D 8H 8S JS 2D 6C 10H 9S 5H 6D JC AS"]
    r = deal(rules, hands, "KC", "QS")
    play(r, "draw", "show QC QC QD QD QH QH QS")
    assert r.end is not None and r.end.out == 0 and r.end.closing is Closing.SEVEN_OF_A_KIND
    match = Match(NAMES[:2], rules)
    match.record(r.round_result(NAMES[:2]))
    assert match.is_over and match.winner == "Anna"


FLUSH = replace(CLASSICO, flush_close=True)
HEARTS = "AH 3H 5H 7H 9H JH KH 2H 4H 6H"


def test_flush_close() -> None:
    r = deal(FLUSH, [HEARTS, "7C 8C 9C KC KD KS 4D 5D 6D 10S"], "QC", "QS")
    play(r, "draw")
    assert f"show {' '.join(str(c) for c in cards(HEARTS))} discard QS" in legal(r)
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.out == 0 and r.end.closing is Closing.FLUSH
    assert r.end.in_one_turn  # it counts as going out in one turn
    sheet = Match(["Anna", "Bruno"], FLUSH).record(r.round_result(["Anna", "Bruno"]))
    assert sheet.scores["Bruno"] == 2 * (7 + 8 + 9 + 30 + 4 + 5 + 6 + 10)


def test_flush_close_needs_natural_cards_of_one_suit() -> None:
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H JK", IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H JK discard QS", Reason.SHOW_NOT_ALLOWED)
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H 6S", IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H 6S discard QS", Reason.SHOW_NOT_ALLOWED)
    refused(r, "show AH 3H 5H 7H 9H JH KH 2H 4H discard QS", Reason.SHOW_INCOMPLETE)


def test_no_flush_close() -> None:
    r = deal(CLASSICO, [HEARTS, IDLE], "QC", "QS")
    play(r, "draw")
    refused(r, f"show {HEARTS} discard QS", Reason.SHOW_NOT_ALLOWED)


def test_flush_close_is_the_whole_dealt_hand() -> None:
    # RULES.md §3: the flush close is 10 cards of one suit, shown after the draw, and counts
    # as going out in one turn. A player who laid 2♣ 3♣ 4♣ before holds 7 hearts: no flush.
    hands = ["2C 3C 4C AH 3H 5H 7H 9H JH KH", "8H KD KS 2D 3C 4H 6S 8C 10D JS"]
    r = deal(FLUSH, hands, "QD", "4S 5S 2H")
    play(r, "draw", "lay 2C 3C 4C", "discard 4S", "draw", "discard 5S", "draw")
    refused(r, "show AH 3H 5H 7H 9H JH KH discard 2H", Reason.SHOW_NOT_ALLOWED)


def test_every_refusal_is_an_engine_error() -> None:
    r = deal(CLASSICO, [OPENER, IDLE], "QD")
    for text in ("discard KH", "lay KH KS KD", "attach 0 KC", "swap 0 KC", "show KH"):
        refused(r, text, Reason.MUST_DRAW_FIRST)
    play(r, "draw")
    refused(r, "take", Reason.ALREADY_DRAWN)
    refused(r, "discard QC", Reason.NOT_IN_HAND)
    refused(r, "attach 0 KC", Reason.NO_SUCH_MELD)
    refused(r, "lay KH KS", Reason.TOO_FEW_CARDS)
    refused(r, "lay KH KS JK", Reason.NOT_IN_HAND)
    assert r.can(TakeDiscard()) is False


# --- legal actions ---


def test_a_joker_may_stand_for_a_card_in_hand() -> None:
    # Holding 7♥ 8♥ 9♥ and a jolly, a player may lay 7♥ JK 9♥ and keep his 8♥ (for a set of
    # eights, say). The engine accepts the move but does not list it.
    r = deal(CLASSICO, ["7H 8H 9H JK 8C 8D 2S 5C 9D AC", IDLE], "QH", "KS")
    play(r, "draw")
    assert r.can(parse_action("lay 7H JK=8H 9H"))
    assert "lay 7H 9H JK=8H" in legal(r) or "lay 7H JK=8H 9H" in legal(r)


def test_a_must_use_pickup_is_refused_when_only_a_chain_begun_by_another_card_uses_it() -> None:
    # Enciclopedia: A♥ in the pile fits 10♥ J♥ Q♥ on the table only after the K♥ of the
    # hand; the taken card must go down first, so the take would leave no legal move.
    rules = replace(get_preset("enciclopedia"), hand_size=10)
    hands = ["10H JH QH KC KD KS AC 2C 3C 7S", "KH 9D 9C 9S 5S 6S 7S 2D 8C JS"]
    r = deal(rules, hands, "QD", "AH")
    play(r, "draw", "lay 10H JH QH", "lay KC KD KS", "discard AH")
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # With the ace in hand and the king from the pile, the king goes first: that works.
    hands = ["10H JH QH KC KD KS AC 2C 3C 7S", "AH 9D 9C 9S 5S 6S 7S 2D 8C JS"]
    r = deal(rules, hands, "QD", "KH")
    play(r, "draw", "lay 10H JH QH", "lay KC KD KS", "discard KH", "take")
    play(r, "attach 0 KH", "attach 0 AH", "lay 9C 9D 9S", "lay 5S 6S 7S", "discard 8C")
    assert r.opened[1]


@pytest.mark.parametrize("mode", list(RetrievedJoker))
def test_an_observation_names_the_cards_that_must_still_go_down(mode: RetrievedJoker) -> None:
    rules = replace(CLASSICO, retrieved_joker=mode)
    r = deal(rules, [JOKER_RUN, HAS_8H], "QH", "4C 4D")
    play(r, "draw", "lay 7H JK 9H", "discard AC", "draw")
    assert r.observation(1).to_lay == ()
    play(r, "swap 0 8H")
    waiting = () if mode is RetrievedJoker.KEEP else (JOKER,)
    assert r.observation(1).to_lay == waiting
    assert r.observation(0).to_lay == ()  # not his turn: nothing of the other's hand
    play(r, "lay KD KS JK")
    assert r.observation(1).to_lay == ()


def test_an_observation_names_the_taken_card_that_must_be_used() -> None:
    rules = replace(CLASSICO, discard_pickup=DiscardPickup.MUST_USE)
    r = deal(rules, ["7H 8H 2C 4D 6S 8C 10D JS QC KD", IDLE], "9H", "AS")
    play(r, "take")
    assert r.observation(0).to_lay == (Card.parse("9H"),)
    play(r, "lay 7H 8H 9H")
    assert r.observation(0).to_lay == ()


def test_a_must_use_pickup_is_refused_when_its_use_keeps_only_its_twin() -> None:
    # Apertura a 50, two packs: having opened, a player holds Q♠ K♠ A♠. The A♠ in the pile
    # would go down in Q♠ K♠ A♠, but then only its twin is left, which may not be thrown
    # back: he would be stuck, so he may not take it.
    rules = APERTURA
    hands = ["KH KD KC 5H 6H 7H 8H QS KS AS", "AS 9D 9C 2S 5S 6S 7D 2D 8C JS"]
    r = deal(rules, hands, "QD", "2C 3D")
    play(r, "draw", "lay KH KD KC", "lay 5H 6H 7H 8H", "discard 2C")
    play(r, "draw", "discard AS")
    assert r.may_take() is False
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # With another card to throw, the same ace may be taken and laid.
    hands = ["KH KD KC 5H 6H 7H 8H QS KS AS", "AS 9D 9C 2S 5S 6S 7D 2D 8C JS"]
    r = deal(rules, hands, "QD", "4C 3D")
    play(r, "draw", "lay KH KD KC", "lay 5H 6H 7H 8H", "discard AS")
    play(r, "draw", "discard AS")
    play(r, "take", "lay QS KS AS", "discard 4C")
    assert r.is_over


def test_a_must_use_pickup_before_opening_is_refused_when_the_opening_keeps_only_its_twin() -> None:
    # Six cards each: K♥ K♦ K♣ with the K♣ of the pile (30) and 7♠ 7♣ 7♦ (21) open at 50,
    # and leave only the other K♣, which may not be thrown back.
    rules = replace(APERTURA, hand_size=6)
    r = deal(rules, ["KH KD KC 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    assert r.may_take() is False
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # Holding a card besides, the take opens and that card is thrown.
    r = deal(rules, ["KH KD 4C 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    play(r, "take", "lay KH KD KC", "lay 7S 7C 7D", "discard 4C")
    assert r.is_over


@pytest.mark.parametrize("final", list(FinalDiscard))
def test_no_lay_is_listed_that_opens_keeping_only_the_taken_cards_twin(final: FinalDiscard) -> None:
    # Free pickup: K♣ may be taken. Laying K♥ K♦ K♣ and 7♠ 7♣ 7♦ would open (51) but keep
    # only the other K♣, which may not be thrown back (and fits no meld): no lay may begin
    # that opening, and the player throws a card instead.
    rules = replace(APERTURA, hand_size=6, discard_pickup=DiscardPickup.FREE, final_discard=final)
    r = deal(rules, ["KH KD KC 7S 7C 7D", "2S 3S 9D 9C JS QD"], "KC")
    play(r, "take")
    assert not any(text.startswith("lay") for text in legal(r))
    refused(r, "lay KH KD KC", Reason.OPENING_UNREACHABLE)
    assert "discard 7S" in legal(r) and "discard KC" not in legal(r)
    play(r, "discard 7S")


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


def test_another_jolly_of_the_hand_may_go_on_the_meld_a_jolly_was_taken_back_from() -> None:
    # Enciclopedia, a jolly taken back may be kept: having laid 4♥ 4♠ 🃏 (33 of 50), the
    # player takes back the jolly of J♥..A♥ with his J♥. His other jolly may still go on
    # that meld as 10♥ (25) and open; the one taken back waits in hand.
    rules = replace(get_preset("enciclopedia"), hand_size=10, retrieved_joker=RetrievedJoker.KEEP)
    hands = ["QH KH AH JK 2C 5D 8S 9S 3D 6C", "4H 4S JK JK JH 9H 7C 3S QS 2D"]
    r = deal(rules, hands, "5H", "2S KD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S")
    play(r, "draw", "lay 4H 4S JK=4C", "swap 0 JH")
    assert r.pending_jokers and r.pending_from == 0
    assert "attach 0 JK=10H" in legal(r)
    play(r, "attach 0 JK=10H")
    assert r.opened[1] and r.pending_jokers
    play(r, "discard 2D")


def test_a_must_use_pickup_without_melding_during_play_is_taken_only_to_close() -> None:
    # Nothing is laid during play: the card of the pile is used only by closing with it.
    rules = replace(NO_MELDING, discard_pickup=DiscardPickup.MUST_USE)
    hands = ["5C 6C 7C 2S 3S 4S 9H 9D 2H", "7H 8H 9C KH KD KS 4D 5D 6D"]
    # 9♣ binds the nines: the whole hand shows, 2♥ thrown.
    r = deal(rules, hands, "9C", "QH")
    assert r.may_take()
    play(r, "take", "show 5C 6C 7C | 2S 3S 4S | 9H 9D 9C discard 2H")
    assert r.end is not None and r.end.out == 0
    # Q♣ closes nothing: it may not be taken.
    r = deal(rules, hands, "QC", "QH")
    assert not r.may_take()
    refused(r, "take", Reason.TAKE_NEEDS_USE)
    assert legal(r) == {"draw"}
    # Nor may 9♣ be, where it makes a set but the rest of the hand stays unbound.
    r = deal(rules, ["5C 6C 7C 2S 3S 9H 9D KD 2H", hands[1]], "9C", "QH")
    assert not r.may_take()
    assert legal(r) == {"draw"}


def test_a_must_use_pickup_may_be_taken_for_a_flush_close() -> None:
    # Ten hearts after the take, the eleventh card thrown: the flush close uses the card of
    # the pile, which no meld of the hand would.
    rules = replace(APERTURA, flush_close=True, hand_size=10)
    hands = ["2H 4H 6H 8H 10H QH AH 3H 5H KS", "7C 8C 9C KH KD KC 4D 5D 6D 2S"]
    r = deal(rules, hands, "9H", "QS")
    assert r.may_take()
    play(r, "take", "show 2H 4H 6H 8H 10H QH AH 3H 5H 9H discard KS")
    assert r.end is not None and r.end.out == 0


@pytest.mark.parametrize("own_jollies", [1, 2])
def test_only_the_hands_other_jollies_count_on_the_meld_a_jolly_is_taken_back_from(
    own_jollies: int,
) -> None:
    # Up to two jollies a meld, a jolly taken back may be kept. Before opening (50), the
    # player may take back the jolly of J♥..A♥ only if he can still open this turn. His
    # other cards make no meld; two jollies on that meld as 10♥ and 9♥ (25 each) would
    # open, but the one taken back may not go back there: with one jolly of his own, 25.
    rules = replace(
        get_preset("enciclopedia"),
        hand_size=10,
        retrieved_joker=RetrievedJoker.KEEP,
        max_jokers_per_meld=None,
        min_natural_cards=2,
    )
    second = {1: "JH JK 3C 9C 5S QS 7D 2D KC 4H", 2: "JH JK JK 3C 9C 5S QS 7D 2D KC"}
    hands = ["QH KH AH JK 2C 5D 8S 9S 3D 6C", second[own_jollies]]
    r = deal(rules, hands, "5H", "2S JD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S", "draw")
    if own_jollies == 1:
        refused(r, "swap 0 JH", Reason.OPENING_UNREACHABLE)
        return
    play(r, "swap 0 JH")
    assert r.pending_jokers and r.pending_from == 0
    assert "attach 0 JK=10H" in legal(r)
    play(r, "attach 0 JK=10H", "attach 0 JK=9H")
    assert r.opened[1]


@pytest.mark.parametrize(
    ("hand", "relaid"),
    [("JH 3C 9C 5S QS 7D 2D KC 4H 6H", False), ("JH 9S 10S JS 3C 5D 7D 2D KC 4H", True)],
)
def test_before_opening_a_jolly_is_taken_back_only_to_open_with_it(hand: str, relaid: bool) -> None:
    # Enciclopedia: the jolly taken back goes down this turn, and before opening (50) it
    # can only go down in the opening. With 9♠ 10♠ J♠ it makes 54; with 4♥ 6♥ at most 35
    # and nothing else, so it has no place, and the refusal says so.
    rules = replace(get_preset("enciclopedia"), hand_size=10)
    r = deal(rules, ["QH KH AH JK 2C 5D 8S 9S 3D 6C", hand], "5H", "2S JD")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 2S", "draw")
    if not relaid:
        refused(r, "swap 0 JH", Reason.JOKER_CANNOT_BE_RELAID)
        return
    play(r, "swap 0 JH")
    assert "lay 9S 10S JS JK=QS" in legal(r)
    play(r, "lay 9S 10S JS JK=QS")
    assert r.opened[1] and not r.pending_jokers


def test_the_opening_search_tries_every_place_a_jolly_may_be_attached() -> None:
    # Enciclopedia (50, attachments count, a jolly 25). With 9♠..Q♠ on the table, the set
    # of fives (15), then the jolly as K♠ (25) and the ace above it (11) make 51: the set may
    # start the opening. As 8♠ the jolly would leave only the 7♠ (47): both places count.
    rules = get_preset("enciclopedia")
    hands = ["9S 10S JS QS KH KD KC 2D", "7S 5S 5H AS 5C 2S 3C 8D"]
    r = deal(rules, hands, "4H", "6D JK")
    play(r, "draw", "lay 9S 10S JS QS", "lay KH KD KC", "discard 2D", "draw")
    assert "lay 5C 5H 5S" in legal(r)
    play(r, "lay 5C 5H 5S")
    assert legal(r) & {"attach 0 JK=8S", "attach 0 JK=KS"} == {"attach 0 JK=KS"}
    play(r, "attach 0 JK=KS", "attach 0 AS")
    assert r.opened[1] and r.opening_points == 51


def _jolly_taken_back_with_jh() -> Round:
    """Scala 40, 10 cards: seat 0 lays JK=J♥ Q♥ K♥ A♥ and 2♦ 3♦ JK=4♦; seat 1, who has not
    opened, takes the first jolly back with J♥, holding 4♦ 10♠ J♠ Q♠ 5♣ 5♦ 5♥ 7♣ 2♠ K♣."""
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 2D 3D JK 9C 9D 8C", "JH 4D 10S JS QS 5C 5D 5H 7C 2S"]
    r = deal(rules, hands, "6H", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 2D 3D JK=4D", "discard 3S", "draw", "swap 0 JH")
    return r


def test_a_jolly_taken_back_may_wait_for_the_rest_of_an_opening_begun_without_it() -> None:
    # Scala 40 (40, no attaching before opening): seat 1 takes the jolly back from the run of
    # hearts with J♥. 10♠ J♠ Q♠ (30) begins his opening without it, and the set of fives
    # with the jolly (20) finishes it: the first meld leaves the jolly a place.
    r = _jolly_taken_back_with_jh()
    assert "lay 10S JS QS" in legal(r)
    play(r, "lay 10S JS QS", "lay 5C 5D 5H JK=5S")
    assert r.opened[1] and r.opening_points == 50 and not r.pending_jokers


def test_a_jolly_taken_back_may_go_down_after_an_opening_made_without_it() -> None:
    # Scala 40 again: 10♠..K♠ (40) opens on its own, and then the jolly taken back may be
    # attached to the nines, as an opened player may.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 9C 9D 9H 2D 5C 8C", "JH 10S JS QS KS 7C 2S 4D 6H 8S"]
    r = deal(rules, hands, "6D", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 9C 9D 9H", "discard 3S", "draw", "swap 0 JH")
    assert "lay 10S JS QS KS" in legal(r)
    play(r, "lay 10S JS QS KS")
    assert r.opened[1] and r.pending_jokers
    play(r, "attach 1 JK=9S")
    assert not r.pending_jokers


def test_before_opening_a_jolly_waiting_to_go_down_bars_a_second_retrieval() -> None:
    # Scala 40: until the jolly taken back is down again no other jolly may be taken back,
    # while the melds that open with it, or leave it an opening, are listed; the list is
    # what the full check of every move says.
    r = _jolly_taken_back_with_jh()
    assert r.pending_jokers and not r.opened[1]
    refused(r, "swap 1 4D", Reason.RETRIEVED_JOKER_NOT_LAID)
    listed = legal(r)
    assert not any(text.startswith("swap") for text in listed)
    assert {"lay 10S JS QS JK=KS", "lay 5C 5D 5H", "lay 10S JS QS"} <= listed
    full = {str(a) for a in play_candidates(r) if r.can(a)}
    full |= {str(Discard(c)) for c in r.discard_options()}
    assert listed == full


def test_a_jolly_taken_back_later_in_the_turn_may_finish_an_opening() -> None:
    # Scala 40 (40; the pozzo's card must be used; a jolly may be taken back before
    # opening). Seat 1 holds 5♣ 5♦, J♥ (the jolly's card in the run of hearts) and 10♠ J♠.
    # Taking 5♠ and laying the fives makes 15, and only the jolly taken back with J♥ (as
    # Q♠, 30) makes the rest: the take and the fives come before the retrieval that
    # finishes the opening, and are accepted.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = ["QH KH AH JK 9C 9D 8C 2D 5S 3C", "JH 5C 5D 10S JS 2C 7D 9H 4S 6C"]
    r = deal(rules, hands, "6H", "3S KC")
    play(r, "draw", "lay JK=JH QH KH AH", "discard 5S")
    assert r.may_take()
    play(r, "take")
    assert "lay 5C 5D 5S" in legal(r)
    play(r, "lay 5C 5D 5S", "swap 0 JH", "lay 10S JS JK=QS")
    assert r.opened[1] and r.opening_points == 45 and not r.pending_jokers


def test_an_attachment_that_leaves_a_set_one_card_to_give_for_its_jolly_may_come_later() -> None:
    # Enciclopedia (50, attachments count, a set's jolly taken back with every missing
    # suit): seat 1 holds K♠ 9♣ 9♠ 3♣ 4♣. K♠ on the spades (10), 9♣ on the nines (9), which
    # leaves the jolly standing for 9♠ alone, the jolly taken back with 9♠, and 3♣ 4♣ JK
    # (32) open with 51. Attaching K♠ first is accepted, as attaching 9♣ first is: the
    # retrieval with both nines at once would give up the nine's points.
    rules = get_preset("enciclopedia")
    hands = ["9D 9H JK 9S 10S JS QS 2C", "KS 9C 9S 3C 4C 7H 2D 6S"]
    r = deal(rules, hands, "5H", "8D QH")
    play(r, "draw", "lay 9D 9H JK", "lay 9S 10S JS QS", "discard 8D", "draw")
    assert not r.opened[1]
    assert {"attach 1 KS", "attach 0 9C"} <= legal(r)
    play(r, "attach 1 KS", "attach 0 9C", "swap 0 9S", "lay 3C 4C JK")
    assert r.opened[1] and r.opening_points == 51


def test_a_jolly_attached_to_another_meld_before_opening_takes_its_value_with_it() -> None:
    # Enciclopedia (50 to open, attachments count, a jolly counts 25 in the opening). Seat 1
    # attaches JK=9♠ to seat 0's 10♠ J♠ Q♠ K♠ (25), then takes it back with 9♠: what he
    # has put on the table is 9♠ (9). K♦ K♥ K♣ make it 39, not the 55 of a jolly counted
    # twice.
    rules = get_preset("enciclopedia")
    hands = ["10S JS QS KS 10H JH QH 2D", "JK 9S KD KH KC 8D 6H 2C"]
    r = deal(rules, hands, "5C", "3S 4S")
    play(r, "draw", "lay 10S JS QS KS", "lay 10H JH QH", "discard 2D", "draw")
    play(r, "attach 0 JK=9S")
    assert r.opening_points == 25 and r.attached_jokers == (0,)
    assert r.observation(1).attached_jokers == (0,)
    play(r, "swap 0 9S")
    assert r.opening_points == 9 and r.attached_jokers == ()
    play(r, "lay KD KH KC")
    assert r.opening_points == 39 and not r.opened[1]


def test_a_jolly_attached_where_attachments_do_not_count_takes_nothing_with_it() -> None:
    # Attachments do not count: JK=9♠ attached to his own 10♠ J♠ Q♠ (30) brings nothing,
    # and taken back with 9♠ takes nothing away (not the 25 of a jolly laid in a meld).
    rules = replace(get_preset("enciclopedia"), opening_counts_attachments=False)
    hands = ["2S 3D 4C 5S 7C 8D 9H JC", "10S JS QS 9S JK KD KH KC"]
    r = deal(rules, hands, "5C", "3S 4S")
    play(r, "draw", "discard 2S", "draw", "lay 10S JS QS", "attach 0 JK=9S")
    assert r.opening_points == 30
    play(r, "swap 0 9S")
    assert r.opening_points == 30
    play(r, "lay KD KH KC")
    assert r.opened[1] and r.opening_points == 60


def test_a_jolly_laid_in_the_opening_may_be_taken_back_by_the_moves_that_follow() -> None:
    # Scala 40 (40 to open). 5♦ 6♦ 7♦ (18), then 6♠ 8♠ JK=7♠ (21): 39, and what is left
    # opens nothing alone. Taking the jolly back with 7♠ keeps 21 on the table and gives
    # 7♦ 8♦ JK=9♦ (24): the lay is accepted, as it is in the other order.
    rules = get_preset("scala-40")
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D QH KC 2H 4D", "5D 6D 7D 6S 8S JK 7S 7D 8D 2C 4H 9C KC"]
    for first, second in (("5D 6D 7D", "6S 8S JK=7S"), ("6S 8S JK=7S", "5D 6D 7D")):
        r = deal(rules, hands, "KD", "QC JS")
        play(r, "draw", "discard QC", "draw", f"lay {first}")
        assert f"lay {second}" in legal(r)
        play(r, f"lay {second}")
        assert r.opening_points == 39 and not r.opened[1]
        play(r, f"swap {1 if first.startswith('5D') else 0} 7S", "lay 7D 8D JK=9D")
        assert r.opened[1] and r.opening_points == 63


def test_a_jolly_taken_from_the_pile_may_open_by_going_down_and_coming_back() -> None:
    # Apertura 50: the jolly taken from the pozzo must go down first. 4♠ 5♠ JK=6♠ uses it;
    # 8♣ 9♣ JK=7♣ makes 39; taken back with 6♠, the jolly goes down in Q♦ K♦... as
    # Q♦ JK=K♦ A♦ for 70. Laying 4♠ 5♠ 6♠ first is refused (the taken jolly is not in
    # it), so the quick answers may not judge the lay by that one.
    rules = get_preset("apertura-50")
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D JK", "4S 5S 6S 8C 9C JK QD AD 4D 2H"]
    r = deal(rules, hands, "10H", "QC 3S")
    play(r, "draw", "discard JK", "take")
    listed = legal(r)
    assert "lay 4S 5S JK=6S" in listed and "lay 4S 5S 6S" not in listed
    assert listed == {str(a) for a in play_candidates(r) if r.can(a)} | {
        a for a in listed if a.startswith("discard")
    }
    play(r, "lay 4S 5S JK=6S", "lay 8C 9C JK=7C", "swap 0 6S", "lay QD JK AD")
    assert r.opened[1] and r.opening_points == 70


def test_a_meld_laid_while_a_jolly_waits_leaves_an_opening_that_lays_it() -> None:
    # Scala 40: seat 1 takes the jolly back from 10♥ J♥ JK=Q♥ before opening; it must go
    # down this turn. 5♦ 6♦ 7♦ (18) leaves 8♠ 9♠ JK=10♠ (27) to open with it, so the lay
    # is listed, and the lists agree with the full checks at every step.
    rules = get_preset("scala-40")
    hands = [
        "10S JS QS KS 10H JH JK 2C 3D 4C 5C 6C 8D",
        "QH 5D 6D 7D 8S 9S 2H 3H 4H AC 9D 9C 2S",
    ]
    r = deal(rules, hands, "KD", "7H 6S")
    play(r, "draw", "lay 10S JS QS KS", "lay 10H JH JK=QH", "discard 8D", "draw", "swap 1 QH")
    for step in ("lay 5D 6D 7D", "lay 8S 9S JK=10S"):
        listed = legal(r)
        assert step in listed
        assert listed == {str(a) for a in play_candidates(r) if r.can(a)} | {
            a for a in listed if a.startswith("discard")
        }
        play(r, step)
    assert r.opened[1] and r.opening_points == 45


def test_a_set_of_the_opening_may_take_back_its_jolly_with_every_missing_suit() -> None:
    # Apertura 50: 8♣ 8♥ JK (24), taken back with 8♦ 8♠, is 8♣ 8♥ 8♦ 8♠ (32): the card
    # more counts too, and 7♥ JK 9♥ (24) then opens with 56. Without the fourth eight, what
    # is left after the lay (with the jolly back) reaches 48 at best.
    rules = get_preset("apertura-50")
    hands = ["8C 8H 8D 8S JK 7H 9H 2C 4D KS", "2S 3D 4C 5S 7C 8D 9C JC 6D 10H"]
    r = deal(rules, hands, "QC", "3S 6H")
    play(r, "draw")
    assert "lay 8C 8H JK" in legal(r)
    play(r, "lay 8C 8H JK", "swap 0 8D 8S")
    assert r.opening_points == 32
    play(r, "lay 7H JK 9H")
    assert r.opened[0] and r.opening_points == 56


def test_a_jolly_taken_back_from_a_meld_of_the_opening_takes_its_value_with_it() -> None:
    # Enciclopedia (50 to open, a jolly counts 25 in the opening): 2♥ 3♥ JK=4♥ counts 30.
    # Taken back with 4♥, the meld is 2♥ 3♥ 4♥ and counts 9; laid again with 2♣ 2♦ the
    # jolly counts 25 once, not twice, and the opening still wants K♠ Q♠ J♠.
    rules = replace(get_preset("enciclopedia"), hand_size=9)
    hands = ["2S 3D 4C 5S 7C 8D 9H JC 6D", "2H 3H JK 4H 2C 2D KS QS 7D"]
    r = deal(rules, hands, "KD", "QC JS")
    play(r, "draw", "discard QC", "draw", "lay 2H 3H JK=4H")
    assert r.opening_points == 30
    play(r, "swap 0 4H")
    assert r.opening_points == 9
    play(r, "lay 2C 2D JK")
    assert not r.opened[1] and r.opening_points == 38
    play(r, "lay KS QS JS")
    assert r.opened[1] and r.opening_points == 68


@pytest.mark.parametrize("second_paid", [True, False])
def test_a_jolly_taken_back_and_laid_may_make_room_for_another(second_paid: bool) -> None:
    # Scala 40 (40, one jolly at a time, no attaching before opening): seat 0 lays the
    # jolly as J♥ and as 4♦. Seat 1 has not opened; with one jolly he makes at most 30
    # (10♣ JK=J♣ Q♣), with both 48: he takes the first back with J♥ and lays it, which
    # lets him take the second back with 4♦ and lay it with 5♣ 6♣. The first retrieval
    # is legal because the second may follow once the first jolly is down; without 4♦
    # nothing finishes the opening, so the first jolly has nowhere to go down.
    rules = replace(get_preset("scala-40"), hand_size=10)
    fourth = "4D" if second_paid else "8D"
    hands = [
        "QH KH AH JK 4C 4S 4H JK 9C 8S",
        f"JH {fourth} 10C QC 5C 6C 2S 9D KS 7H",
    ]
    r = deal(rules, hands, "6H", "3S 2D")
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    if not second_paid:
        refused(r, "swap 0 JH", Reason.JOKER_CANNOT_BE_RELAID)
        return
    assert "swap 0 JH" in legal(r)
    play(r, "swap 0 JH")
    assert "lay 10C QC JK=JC" in legal(r)
    play(r, "lay 10C QC JK=JC")
    assert not r.opened[1] and "swap 1 4D" in legal(r)
    play(r, "swap 1 4D", "lay 5C 6C JK=7C")
    assert r.opened[1] and r.opening_points == 48 and not r.pending_jokers


@pytest.mark.parametrize("second_king", [True, False])
def test_a_retrieval_that_frees_two_jollies_is_bounded_with_both(second_king: bool) -> None:
    # Apertura 50 with two jollies to a meld: seat 0 lays Q♣ Q♠ and two jollies. Seat 1 has
    # not opened; giving Q♦ Q♥ takes both back, and with K♥ K♠ and J♥ J♠ they make two
    # sets of 30: 60. With one of them he would make 30 at most, which must not refuse the
    # retrieval. Without K♠ the two jollies make 30 with J♥ J♠ and nothing else reaches
    # 50: the retrieval is refused.
    rules = replace(get_preset("apertura-50"), max_jokers_per_meld=None)
    king = "KS" if second_king else "9C"
    hands = [
        "QC QS JK JK 10C 10D 10H 10S 4D 7C",
        f"QD QH KH {king} JH JS 2C 5D 8S 3H",
    ]
    r = deal(rules, hands, "6H", "3S 2D")
    play(r, "draw", "lay QC QS JK JK", "lay 10C 10D 10H 10S", "discard 7C", "draw")
    if not second_king:
        assert "swap 0 QD QH" not in legal(r)
        assert not r.can(parse_action("swap 0 QD QH"))
        return
    assert "swap 0 QD QH" in legal(r)
    play(r, "swap 0 QD QH", "lay KH KS JK", "lay JH JS JK")
    assert r.opened[1] and not r.pending_jokers


def test_a_jolly_attached_before_opening_may_be_taken_back_where_that_counts() -> None:
    # Scala 40 where a retrieval counts toward the opening and attaching before it is open:
    # seat 1 cannot open, and no jolly on the table is his to take back; but his own, once
    # attached to 6♦ 7♦ 8♦ as 5♦, is, giving the 5♦ (5 points): then 9♠ 10♠ Q♠ and that
    # jolly make 39 more, 44. The attachment is listed, as the full check finds.
    rules = replace(
        get_preset("scala-40"),
        hand_size=10,
        attach_before_opening=True,
        swap_counts_for_opening=True,
    )
    hands = ["6D 7D 8D 3S 4S 5S 6S 7S 2S 4C", "JK 5D 9S 10S QS 2H 3D KH 5C AS"]
    r = deal(rules, hands, "6H", "3H 2D")
    play(r, "draw", "lay 6D 7D 8D", "lay 3S 4S 5S 6S 7S", "discard 4C", "draw")
    assert "attach 0 JK=5D" in legal(r)
    play(r, "attach 0 JK=5D", "swap 0 5D", "lay 9S 10S QS JK=JS")
    assert r.opened[1] and r.opening_points == 44


def test_a_jolly_taken_back_from_his_own_meld_takes_its_points_with_it() -> None:
    # Scala 40 with the jolly worth 25 toward the opening: seat 1 lays 2♥ 3♥ JK=4♥ (30) and
    # has not opened; taking seat 0's jolly with 10♣ and laying it with 2♣ 3♣ (30) would
    # open. Taking his own back with 4♥ instead leaves his meld worth 9, and 2♣ 3♣ with
    # that jolly make 39, short of 40, the other jolly then having nowhere to go: refused,
    # though the jolly alone would make up the 10 the opening lacked before it.
    rules = replace(get_preset("scala-40"), opening_joker_value=25)
    hands = [
        "6D 7D 8D 3S 4S 5S 6S 7S 9C JK JC 4C 2S",
        "2H 3H JK 4H 2C 3C 10C 9S KD 7C 5D QH 8H",
    ]
    r = deal(rules, hands, "6H", "9H 8D 3H 6S")
    play(r, "draw", "discard 9H", "draw", "discard 8D")  # past the first round
    play(r, "draw", "lay 6D 7D 8D", "lay 3S 4S 5S 6S 7S", "lay 9C JK=10C JC", "discard 4C")
    play(r, "draw", "lay 2H 3H JK=4H")
    assert not r.opened[1] and r.opening_points == 30
    assert "swap 2 10C" in legal(r)
    assert "swap 3 4H" not in legal(r)
    assert not r.can(parse_action("swap 3 4H"))


def test_two_jollies_that_open_only_in_one_meld_cannot_be_taken_back_one_after_the_other() -> None:
    # Scala 40 with two jollies allowed in a meld: seat 1 could open with both, as
    # 10♣ JK=J♣ JK=Q♣ K♣ (40), but the first taken back must go down before the second
    # is taken, and alone it makes no meld with his cards: the first retrieval is refused.
    rules = replace(get_preset("scala-40"), hand_size=10, max_jokers_per_meld=2)
    hands = ["QH KH AH JK 4C 4S 4H JK 9C 8S", "JH 4D 10C KC 2S 9D 7H 5C 3S 6D"]
    r = deal(rules, hands, "6H", "3H 2D 9H 8D")
    play(r, "draw", "discard 3H", "draw", "discard 2D")  # past the first round
    play(r, "draw", "lay JK=JH QH KH AH", "lay 4C 4S 4H JK=4D", "discard 9C", "draw")
    assert not r.opened[1]
    assert "swap 0 JH" not in legal(r)
    assert not r.can(parse_action("swap 0 JH"))


@pytest.mark.parametrize("six", [True, False])
def test_the_card_on_the_pile_may_be_taken_to_open_through_a_retrieval(six: bool) -> None:
    # Scala 40 (the card taken must be used): seat 0 opens with JK=J♥ Q♥ K♥ A♥ and throws
    # 10♣. With it seat 1 lays 10♣ 10♦ 10♠ (30), takes the jolly back with J♥ and lays it
    # with 5♣ 6♣ (18): 48. The tens alone are short: without 6♣ the jolly makes no meld,
    # and the card may not be taken.
    rules = replace(get_preset("scala-40"), hand_size=10)
    other = "6C" if six else "8C"
    hands = ["QH KH AH JK 9C 8S 2D 3S 7H 10C", f"JH 10D 10S 5C {other} 2S 9D KS 7S 3D"]
    r = deal(rules, hands, "6H", "9H 8D 4D")
    play(r, "draw", "discard 9H", "draw", "discard 8D")  # past the first round
    play(r, "draw", "lay JK=JH QH KH AH", "discard 10C")
    if not six:
        assert legal(r) == {"draw"}
        return
    assert legal(r) == {"draw", "take"}
    play(r, "take", "lay 10C 10D 10S", "swap 0 JH", "lay 5C 6C JK=7C")
    assert r.opened[1] and r.opening_points == 48


@pytest.mark.parametrize(
    ("swap", "seventh", "lay", "given"),
    [
        (SetJokerSwap.ALL_MISSING, "7S", "lay 7C 7D JK", "7H 7S"),
        (SetJokerSwap.ALL_MISSING, "2D", "lay 7C 7D JK", None),
        (SetJokerSwap.DECLARED_SUIT, "2D", "lay 7C 7D JK=7H", "7H"),
        (SetJokerSwap.DECLARED_SUIT, "2D", "lay 7C 7D JK=7S", None),
    ],
)
def test_a_set_laid_with_his_jolly_before_opening_may_give_it_back_for_the_missing_suits(
    swap: SetJokerSwap, seventh: str, lay: str, given: str | None
) -> None:
    # Scala 40 (40 to open, a jolly may be taken back before opening): 7♣ 7♦ JK makes 21,
    # and his other cards make nothing without the jolly. Given back for the suits the set
    # lacks (7♥ and 7♠ where every missing suit is wanted, the declared one alone where
    # that is the rule), the jolly goes down again in Q♠ K♠ JK=A♠ (31): the set is listed
    # where he holds those cards, and only then, as the full check of the move finds.
    rules = replace(get_preset("scala-40"), hand_size=10, set_joker_swap=swap)
    hands = [
        f"7C 7D JK 7H {seventh} QS KS 3C 5D 9H",
        "2C 4D 6H 8S 10C JD 4S 6C 8D 10H",
    ]
    r = deal(rules, hands, "6D", "3H 2S")
    play(r, "draw")
    assert (lay in legal(r)) is (given is not None)
    assert r.can(parse_action(lay)) is (given is not None)
    if given is None:
        return
    play(r, lay, f"swap 0 {given}", "lay QS KS JK=AS")
    # The set as it ends up (four sevens, or three) and the run of 31.
    assert r.opened[0] and r.opening_points == 7 * (len(given.split()) + 2) + 31
    assert not r.pending_jokers


def test_a_meld_that_lays_the_jolly_waiting_may_open_through_a_later_retrieval() -> None:
    # Scala 40: seat 1 has not opened; he takes back the jolly of 5♥ 6♥ 7♥ JK with 8♥, and
    # it waits to go down this turn. 8♠ 9♠ JK=7♠ (24) lays it; then K♦ takes back the jolly
    # of K♥ K♠ K♣ JK, which goes down in Q♣ Q♦ JK (30): 54, an opening. 2♣ 3♣ JK=4♣ (9)
    # lays it too, but what follows makes 39 at most: that meld is refused.
    rules = replace(get_preset("scala-40"), hand_size=10)
    hands = [
        "KH KS KC JK 5H 6H 7H JK 2D 4S",
        "8H 8S 9S KD QC QD 2C 3C 5D 9D",
    ]
    r = deal(rules, hands, "6D", "AS 4H")
    play(r, "draw", "lay KH KS KC JK", "lay 5H 6H 7H JK=8H", "discard 2D", "draw")
    assert "swap 1 8H" in legal(r)
    play(r, "swap 1 8H")
    assert r.pending_jokers and not r.opened[1]
    listed = legal(r)
    for lay, opens in (("lay 8S 9S JK=7S", True), ("lay 2C 3C JK=4C", False)):
        assert (lay in listed) is opens
        assert r.can(parse_action(lay)) is opens
    play(r, "lay 8S 9S JK=7S", "swap 0 KD", "lay QC QD JK")
    assert r.opened[1] and r.opening_points == 54 and not r.pending_jokers
