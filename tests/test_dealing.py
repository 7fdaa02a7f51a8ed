"""Dealing a round (RULES.md §3 "Deck and deal"): hand sizes and decks by the number of
players, the direction of the deal, the turns and the dealer, and a jolly turned up.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.engine import Card, IllegalAction, Reason, get_preset
from ramino.engine.errors import ScoreError
from ramino.engine.match import Match
from ramino.engine.play import MatchPlay
from ramino.engine.round import Phase, Round
from ramino.engine.rules import (
    Direction,
    HandSize,
    JokerUpcard,
)
from ramino.words.describe import describe
from scripted import cards, deal, draw_and_discard_it, hand, legal, play, refused

CLASSICO = get_preset("classico")


NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


# Hands that bind nothing, to fill a seat that only draws and discards.
IDLE = "AD 5D 9C 2D 3C 4H 6S 8C 10D JS"


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


def test_enciclopedia_seats_two_to_five() -> None:
    # RULES.md §6.4, [W]: "N° giocatori 2, 3, 4, 5".
    rules = get_preset("enciclopedia")
    assert len(Round(rules, 5).hand(0)) == 8
    with pytest.raises(IllegalAction) as caught:
        Round(rules, 6)
    assert caught.value.reason is Reason.TOO_MANY_PLAYERS


def test_fourteen_cards_seat_at_most_five() -> None:
    # RULES.md §3, §6.4, [W]: "Giocando con 14 carte d'apertura, non si riesce a giocare in più
    # di 5 persone": six hands of 14 leave a tallone of 23 cards, fewer than 4 a player.
    rules = replace(CLASSICO, hand_size=14)
    assert len(Round(rules, 5).hand(0)) == 14
    with pytest.raises(IllegalAction) as caught:
        Round(rules, 6)
    assert rules.most_players == 5
    error = caught.value
    assert error.reason is Reason.TOO_MANY_PLAYERS and error.params["limit"] == 5
    assert error.message("it") == (
        "Al massimo 5 giocatori con queste regole, non 6: con 14 carte a testa in 6 il tallone"
        " resterebbe di 23 carte, meno di 4 a giocatore."
    )
    assert "fewer than 4 a player" in error.message("en")
    assert "Da 2 a 5 giocatori" in describe(rules)
    # The score sheet of such a table is refused alike.
    with pytest.raises(ScoreError) as sheet:
        Match(["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"], rules)
    assert sheet.value.reason is Reason.TOO_MANY_PLAYERS and "23 carte" in str(sheet.value)
    # Thirteen cards in six (scala 40) leave 29: the table is dealt.
    assert len(Round(replace(rules, hand_size=13), 6).hand(5)) == 13


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
    assert r.hands[first] == (0, 4) and r.hands[second] == (1, 5)
    assert r.hands[third] == (2, 6) and r.hands[fourth] == (3, 7)
    assert r.discard_pile == (8,)
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
    assert r.discard_pile == () and r.phase is Phase.PLAY and r.stock_count == 108 - 21
    refused(r, "draw", Reason.ALREADY_DRAWN)
    refused(r, "take", Reason.ALREADY_DRAWN)
    play(r, "lay 2S 3S 4S 5S JK=6S", "discard QS")
    assert r.to_play == 1 and r.top_discard == Card.parse("QS")
    assert legal(r) == {"draw", "take"}
    # A natural card at the cut is the upcard, as usual.
    r = deal(rules, ["7H 8H 9H QC QD QS 2S 3S 4S 5S", IDLE], "KH", "4D")
    assert r.top_discard == Card.parse("KH") and r.phase is Phase.DRAW
    assert len(r.hands[0]) == 10
