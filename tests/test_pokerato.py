"""Pokerato's betting played by the round and the match (RULES.md §6.1): the blind before any
card is seen, one betting round of call, fold and raise, the draw and discard of the players
still in, going out by showing the whole hand, the pots and side pots, the chips carried over
when nobody goes out, and the match's ledger of chips."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from ramino.engine import Card, Reason, get_preset, parse_cards
from ramino.engine.actions import parse_action
from ramino.engine.chips import Pot
from ramino.engine.errors import IllegalAction, ScoreError
from ramino.engine.match import Match, RoundResult
from ramino.engine.play import MatchPlay
from ramino.engine.record import from_json, record_round, replay, to_json
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from scripted import legal, play, refused

POKERATO = get_preset("pokerato")
NAMES = ("Anna", "Bruno", "Carla")


def dealt(
    hands: Sequence[str],
    *,
    chips: Sequence[int] | None = None,
    stock: str = "",
    carried: int = 0,
    rules: object = POKERATO,
) -> Round:
    """A pokerato hand dealing ``hands`` by seat; the last seat deals, so seat 0 posts the
    blind and, once the betting is over, plays first."""
    assert not isinstance(rules, str)
    players = len(hands)
    order = stacked_deck(
        POKERATO,
        players,
        [parse_cards(h) for h in hands],
        upcard=Card.parse("2C"),
        stock=parse_cards(stock),
        dealer=players - 1,
    )
    return Round(
        rules,  # type: ignore[arg-type]
        players,
        deck_order=order,
        dealer=players - 1,
        chips=chips,
        carried=carried,
    )


READY = "7H 8H 9H 10H QC QD QS 3S 4S 5S"  # a run of four, a set and a run of three
OTHERS = ("AC 3C 5C 7C 9C JD KD 2S 6S 8S", "AD 3D 5D 7D 9D JH KH 2H 6H 8D")


# --- the blind and the betting round ---


def test_the_blind_is_posted_before_any_card_is_seen_and_betting_comes_first() -> None:
    r = Round(POKERATO, 3, seed=1, dealer=0)
    assert r.betting is not None
    assert r.betting.put_in == (0, 1, 0) and r.betting.stacks == (100, 99, 100)
    assert r.phase is Phase.BET and r.to_play == 2 and r.turn == 1
    assert legal(r) == {"call", "fold", "raise"}
    refused(r, "draw", Reason.MUST_BET_FIRST)
    refused(r, "take", Reason.MUST_BET_FIRST)
    refused(r, f"discard {r.hand(2)[0]}", Reason.MUST_BET_FIRST)


def test_after_the_betting_the_first_player_still_in_after_the_dealer_draws() -> None:
    r = Round(POKERATO, 3, seed=1, dealer=0)
    play(r, "raise", "call", "call")  # seat 2 raises, seat 0 calls, the blind calls
    assert r.betting is not None and r.betting.is_over
    assert r.betting.put_in == (2, 2, 2) and r.betting.pot == 6
    assert r.phase is Phase.DRAW and r.to_play == 1
    refused(r, "call", Reason.BETTING_OVER)
    refused(r, "raise", Reason.BETTING_OVER)


def test_the_blind_may_raise_when_nobody_did() -> None:
    r = Round(POKERATO, 3, seed=1, dealer=0)
    play(r, "call", "call")
    assert r.to_play == 1 and r.phase is Phase.BET  # the blind's option
    play(r, "raise")
    assert r.to_play == 2 and r.phase is Phase.BET  # the others answer the raise
    play(r, "call", "fold")
    assert r.phase is Phase.DRAW and r.betting is not None
    assert r.betting.folded == frozenset({0}) and r.betting.put_in == (1, 2, 2)


def test_a_seat_that_folded_plays_no_turn() -> None:
    r = Round(POKERATO, 3, seed=1, dealer=0)
    play(r, "fold", "call", "call")  # seat 2 folds; seat 0 calls, the blind checks
    seats = []
    for _ in range(4):
        seats.append(r.to_play)
        play(r, "draw", f"discard {r.deck[r.hands[r.to_play][-1]]}")
    assert seats == [1, 0, 1, 0]
    assert r.first_round is False


def test_the_raise_cap_holds_and_is_explained() -> None:
    r = Round(replace(POKERATO, max_raises=1), 3, seed=1, dealer=0)
    play(r, "raise")
    assert legal(r) == {"call", "fold"}
    refused(r, "raise", Reason.RAISE_LIMIT)


def test_rules_without_betting_refuse_a_bet() -> None:
    r = Round(get_preset("classico"), 3, seed=1)
    refused(r, "call", Reason.NO_BETTING)
    refused(r, "fold", Reason.NO_BETTING)


# --- how a hand ends ---


def test_when_all_but_one_fold_he_takes_the_pot_and_no_card_is_played() -> None:
    r = Round(POKERATO, 3, seed=1, dealer=0)
    play(r, "raise", "fold", "fold")  # seat 2 raises; seat 0 and the blind fold
    end = r.end
    assert end is not None and end.reason is EndReason.ALL_FOLDED and end.out == 2
    assert r.turn == 1 and not r.table and r.legal_actions == ()
    assert end.chips is not None
    assert end.chips.chips == (100, 99, 101) and end.chips.net == (0, -1, 1)
    result = r.round_result(NAMES)
    assert result.out == "Carla" and result.chips == {"Anna": 0, "Bruno": -1, "Carla": 1}


def test_going_out_all_in_wins_the_main_pot_and_the_side_pot_goes_back() -> None:
    r = dealt([READY, *OTHERS], chips=[2, 10, 10], stock="KD")
    assert r.betting is not None and r.betting.put_in == (1, 0, 0)
    play(r, "raise", "raise", "call", "call")  # seat 0 goes all-in for 2 of 3
    assert r.betting.put_in == (2, 3, 3) and r.betting.stacks == (0, 7, 7)
    assert r.phase is Phase.DRAW and r.to_play == 0
    play(r, "draw", "show 7H 8H 9H 10H | QC QD QS | 3S 4S 5S discard KD")
    end = r.end
    assert end is not None and end.reason is EndReason.WENT_OUT and end.out == 0
    settled = end.chips
    assert settled is not None
    assert settled.pots == (Pot(6, (0, 1, 2)), Pot(2, (1, 2)))
    assert settled.won == (6, 1, 1) and settled.chips == (6, 8, 8)
    assert settled.net == (4, -2, -2) and settled.carried_out == 0


def test_a_show_with_more_than_one_jolly_in_a_meld_goes_out() -> None:
    hand = "7H JK JK 10H QC QD QS 3S 4S 5S"
    r = dealt([hand, *OTHERS], stock="KD")
    play(r, "call", "call", "call", "draw")
    show = parse_action("show 7H JK JK 10H | QC QD QS | 3S 4S 5S discard KD")
    assert r.can(show)
    play(r, str(show))
    assert r.end is not None and r.end.out == 0


def test_nobody_out_leaves_the_pots_for_the_next_hands_winner() -> None:
    rules = replace(POKERATO, max_turns=2)
    r = Round(rules, 3, seed=4, dealer=0)
    play(r, "call", "call", "call")
    for _ in range(2):
        play(r, "draw", f"discard {r.deck[r.hands[r.to_play][-1]]}")
    end = r.end
    assert end is not None and end.reason is EndReason.MAX_TURNS and end.out is None
    assert end.chips is not None and end.chips.carried_out == 3
    assert end.chips.chips == (99, 99, 99)
    following = Round(rules, 3, seed=5, dealer=1, chips=end.chips.chips, carried=3)
    assert following.betting is not None and following.betting.pot == 4
    play(following, "fold", "fold")  # the blind (seat 2) is left alone
    assert following.end is not None and following.end.chips is not None
    assert following.end.chips.chips == (99, 99, 102)


def test_a_deal_needs_every_seat_with_chips() -> None:
    with pytest.raises(IllegalAction) as info:
        Round(POKERATO, 3, chips=[5, 0, 5])
    assert info.value.reason is Reason.BAD_DEAL
    with pytest.raises(IllegalAction):
        Round(POKERATO, 3, chips=[5, 5])
    with pytest.raises(IllegalAction):
        Round(POKERATO, 3, carried=-1)
    with pytest.raises(IllegalAction):
        Round(get_preset("classico"), 3, chips=[5, 5, 5])


def test_a_record_keeps_the_chips_and_replays_them() -> None:
    r = dealt([READY, *OTHERS], chips=[2, 10, 10], stock="KD", carried=4)
    play(r, "raise", "raise", "call", "call", "draw")
    play(r, "show 7H 8H 9H 10H | QC QD QS | 3S 4S 5S discard KD")
    record = record_round(r, NAMES)
    assert record.chips == (2, 10, 10) and record.on_table == 4
    text = to_json(record)
    assert from_json(text) == record
    assert replay(from_json(text)).end == r.end
    assert r.end is not None and r.end.chips is not None
    assert r.end.chips.chips == (10, 8, 8)  # the chips carried in go to the winner


# --- the match ---


def test_the_match_keeps_the_chips_and_ends_after_its_hands() -> None:
    rules = replace(POKERATO, match_rounds=2)
    match = Match(NAMES, rules)
    assert match.chips == {"Anna": 100, "Bruno": 100, "Carla": 100}
    sheet = match.record(
        RoundResult("Anna", {"Bruno": 40, "Carla": 30}, chips={"Anna": 4, "Bruno": -2, "Carla": -2})
    )
    assert sheet.chip_totals == {"Anna": 104, "Bruno": 98, "Carla": 98}
    assert sheet.scores == {"Bruno": 0, "Carla": 0}  # no points in a game of chips
    assert not match.is_over
    # Nobody out: 6 chips stay on the table; the match ends, and they are shared.
    match.record(
        RoundResult(None, dict.fromkeys(NAMES, 0), chips=dict.fromkeys(NAMES, -2), on_table=6)
    )
    assert match.is_over and match.on_table == 0
    assert match.chips == {"Anna": 104, "Bruno": 98, "Carla": 98}
    assert match.winner == "Anna" and match.standing() == ["Anna", "Bruno", "Carla"]
    assert match.result() == "Vince Anna, con 104 fiches."
    assert match.result("en") == "Anna wins, with 104 chips."


def test_the_match_refuses_chips_that_do_not_add_up() -> None:
    match = Match(NAMES, POKERATO)
    hands = {"Bruno": 0, "Carla": 0}
    for bad in (
        RoundResult("Anna", hands),  # no chips at all
        RoundResult("Anna", hands, chips={"Anna": 3, "Bruno": -2, "Carla": -2}),
        RoundResult("Anna", hands, chips={"Anna": 201, "Bruno": -101, "Carla": -100}),
        RoundResult("Anna", hands, chips={"Anna": 1, "Bruno": -1}, on_table=-1),
        RoundResult("Anna", hands, chips={"Anna": True, "Bruno": -1}),
    ):
        with pytest.raises(ScoreError) as info:
            match.record(bad)
        assert info.value.reason is Reason.BAD_ROUND_RESULT
        assert info.value.message("en")
    assert match.chips == dict.fromkeys(NAMES, 100) and not match.rounds
    with pytest.raises(ScoreError):
        Match(NAMES, get_preset("classico")).record(RoundResult("Anna", hands, chips={"Anna": 0}))


def test_a_player_without_chips_is_out_and_too_few_end_the_match() -> None:
    rules = replace(POKERATO, starting_chips=2)
    match = Match(NAMES, rules)
    match.record(RoundResult("Anna", {"Bruno": 0, "Carla": 0}, chips={"Anna": 2, "Bruno": -2}))
    assert match.eliminated == ("Bruno",)
    # Two players left where pokerato needs three: the match is over, most chips wins.
    assert match.is_over and match.winner == "Anna"
    assert match.chips == {"Anna": 4, "Bruno": 0, "Carla": 2}


def test_chips_on_the_table_when_every_player_is_out_go_back_to_them() -> None:
    # Everyone all-in, nobody out: no chips in hand, the pot on the table. The match ends and
    # the table's chips are shared, so that every chip is accounted for (RULES.md §6.1).
    match = Match(NAMES, replace(POKERATO, starting_chips=3))
    hands = dict.fromkeys(NAMES, 0)
    sheet = match.record(RoundResult(None, hands, chips=dict.fromkeys(NAMES, -3), on_table=9))
    assert match.is_over and sheet.eliminated == NAMES
    assert match.on_table == 0 and sheet.on_table == 0
    assert match.chips == dict.fromkeys(NAMES, 3) and sum(match.chips.values()) == 9


def test_the_odd_chips_left_on_the_table_at_the_end_go_first_after_the_dealer() -> None:
    # The table's chips are shared as a side pot is: the odd ones, one each, to the first
    # players after the dealer (RULES.md §6.1). Bruno deals: Carla, then Anna.
    match = Match(NAMES, replace(POKERATO, match_rounds=1))
    nobody = RoundResult(
        None,
        dict.fromkeys(NAMES, 0),
        chips={"Anna": -1, "Bruno": -2, "Carla": -2},
        on_table=5,
        dealer="Bruno",
    )
    match.record(nobody)
    assert match.is_over and match.on_table == 0
    assert match.chips == {"Anna": 101, "Bruno": 99, "Carla": 100}
    # The round tells the match who dealt it.
    r = Round(POKERATO, 3, seed=1, dealer=1)
    play(r, "fold", "fold")
    assert r.round_result(NAMES).dealer == "Bruno"


def test_a_player_who_cannot_post_the_blind_is_out_with_what_he_holds() -> None:
    # RULES.md §6.1: who cannot post a blind is out. Bruno's one chip is short of a blind of
    # two: he is out, and keeps it for the final count.
    rules = replace(POKERATO, blind=2, starting_chips=4, match_rounds=5)
    match = Match((*NAMES, "Dario"), rules)
    sheet = match.record(
        RoundResult(
            "Anna",
            {"Bruno": 0, "Carla": 0, "Dario": 0},
            chips={"Anna": 5, "Bruno": -3, "Carla": -2},
        )
    )
    assert sheet.eliminated == ("Bruno",) and match.active == ("Anna", "Carla", "Dario")
    assert match.chips == {"Anna": 9, "Bruno": 1, "Carla": 2, "Dario": 4}
    assert not match.is_over
    # Carla, holding the blind exactly, played on; a chip less and she is out too.
    match.record(RoundResult("Dario", {"Anna": 0, "Carla": 0}, chips={"Dario": 1, "Carla": -1}))
    assert match.eliminated == ("Bruno", "Carla") and match.is_over
    assert match.winner == "Anna" and sum(match.chips.values()) == 16


def test_a_match_played_round_after_round_carries_the_chips() -> None:
    rules = replace(POKERATO, max_turns=2, match_rounds=3)
    game = MatchPlay(NAMES, rules, seed=2)
    r = game.start_round()
    play(r, "call", "call", "call")
    while not r.is_over:
        play(r, "draw", f"discard {r.deck[r.hands[r.to_play][-1]]}")
    sheet = game.finish_round()
    assert sheet.on_table == 3 and game.match.on_table == 3
    following = game.start_round()
    assert following.betting is not None and following.betting.carried == 3
    assert following.betting.stacks[following.betting.order[0]] == 98  # the blind is posted
