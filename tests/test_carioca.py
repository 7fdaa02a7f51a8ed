"""Carioca (RULES.md §6.3): a match of eight hands, each opened with its own contract exactly and
without jollies; nothing laid before the opening nor in its turn; a pair on the table grows into
a set; the eighth hand closes at once without a discard; each hand's stake; the totals and the
winner after eight hands."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ramino.engine import Card, Reason, get_preset, parse_cards
from ramino.engine.actions import Open
from ramino.engine.contracts import contract_melds
from ramino.engine.errors import IllegalAction
from ramino.engine.match import Match, RoundResult
from ramino.engine.play import MatchPlay
from ramino.engine.record import from_json, record_round, replay, to_json
from ramino.engine.round import EndReason, Phase, Round, stacked_deck
from ramino.engine.rules import Contract
from scripted import legal, play, refused

CARIOCA = get_preset("carioca")
NAMES = ("Anna", "Bruno", "Carla")
OTHERS = ("2C 4C 6C 8C 10C QC 2D 4D 6D 8D 10D QD 3S", "3C 5C 7C 9C JC KC 3D 5D 7D 9D JD KD 5S")


def dealt(contract: Contract, hand: str, stock: str = "", others: Sequence[str] = OTHERS) -> Round:
    """A carioca hand of ``contract``: Anna first to play, her hand ``hand``."""
    order = stacked_deck(
        CARIOCA,
        3,
        [parse_cards(h) for h in (hand, *others)],
        upcard=Card.parse("9H"),
        stock=parse_cards(stock),
        dealer=2,
    )
    return Round(CARIOCA, 3, deck_order=order, dealer=2, contract=contract)


def opens(r: Round) -> list[str]:
    return sorted(str(a) for a in r.legal_actions if isinstance(a, Open))


@pytest.mark.parametrize(
    ("contract", "good", "bad"),
    [
        (Contract.PAIR, ["QC QD"], [["7C 7D"], ["QC QC"], ["QC QD QH"]]),
        (Contract.TWO_PAIRS, ["KC KD", "7S 7H"], [["7S 7H", "8S 8H"], ["KC KD", "KS KH"]]),
        (Contract.SET, ["7C 7D 7H"], [["7C 7D"], ["7C 7D 7H 7S"], ["5H 6H 7H"]]),
        (Contract.FULL_HOUSE, ["7C 7D 7H", "2S 2H"], [["7C 7D 7H", "7S 7C"], ["7C 7D 7H"]]),
        # At least one pair of J Q K A: two of them meet it as well. A pair's cards differ
        # in suit, in two pairs and in a full house as in the first hand.
        (Contract.TWO_PAIRS, ["QC QD", "KS KH"], [["KC KC", "7S 7H"]]),
        (Contract.FULL_HOUSE, ["9C 9D 9H", "2S 2H"], [["9C 9D 9H", "2S 2S"]]),
        (
            Contract.SCALA_40,
            ["10H JH QH KH"],
            [
                ["10H JH QH"],
                ["5S 6S 7S", "4C 4D 4H"],
                # Exactly 40, in one or two melds: not 60, not three melds of 40.
                ["KC KD KH", "10H JH QH"],
                ["6C 6D 6H", "4C 4D 4H", "AS 2S 3S 4S"],
            ],
        ),
        (Contract.SCALA_40, ["AS 2S 3S 4S", "10C 10D 10H"], []),
        (Contract.POKER, ["9C 9D 9H 9S"], [["9C 9D 9H"]]),
        (Contract.STRAIGHT_FLUSH, ["3S 4S 5S 6S 7S"], [["3S 4S 5S 6S"], ["3S 4S 5S 6S 7S 8S"]]),
    ],
)
def test_each_contract_is_met_exactly(
    contract: Contract, good: list[str], bad: list[list[str]]
) -> None:
    assert contract_melds([parse_cards(g) for g in good], contract, CARIOCA)
    for groups in bad:
        with pytest.raises(IllegalAction) as info:
            contract_melds([parse_cards(g) for g in groups], contract, CARIOCA)
        assert info.value.reason is Reason.CONTRACT_NOT_MET
        assert info.value.message("en").startswith("This round's opening (")


@pytest.mark.parametrize(
    ("contract", "groups", "why"),
    [
        # Each refusal says what is wrong with these cards, not the contract over again.
        (Contract.PAIR, ["QC QC"], "a pair is two cards of one rank and different suits."),
        (Contract.PAIR, ["QC QD QH"], "it takes one meld of 2 cards: you picked 3."),
        (Contract.PAIR, ["QC"], "it takes one meld of 2 cards: you picked 1."),
        (Contract.PAIR, ["5D 5H"], "this is a pair of 5, not of face cards or aces."),
        (Contract.SET, ["KD KH", "KS"], "it takes one meld of 3 cards, not 2 melds."),
        (Contract.TWO_PAIRS, ["KC KC", "7S 7H"], "a pair is two cards of one rank"),
        (Contract.FULL_HOUSE, ["9C 9D 9H", "2S 2S"], "a pair is two cards of one rank"),
        (Contract.SCALA_40, ["6C 6D 6H", "4C 4D 4H", "AS 2S 3S"], "these are 3."),
    ],
)
def test_a_contract_refused_says_what_these_cards_lack(
    contract: Contract, groups: list[str], why: str
) -> None:
    with pytest.raises(IllegalAction) as info:
        contract_melds([parse_cards(g) for g in groups], contract, CARIOCA)
    english = info.value.message("en")
    assert why in english.split("; ", 1)[1], english
    terms, detail = info.value.message("it").split("; ", 1)
    assert detail.rstrip(".") not in terms


def test_no_jolly_in_an_opening() -> None:
    with pytest.raises(IllegalAction) as info:
        contract_melds([parse_cards("QC JK")], Contract.PAIR, CARIOCA)
    assert info.value.reason is Reason.OPENING_JOKERS_FORBIDDEN


HAND = "QC QD 7H 7S 7D AC 2H 5H 8S 10S JS KH JK"


def test_nothing_is_laid_before_the_opening_and_the_contract_is_listed() -> None:
    r = dealt(Contract.PAIR, HAND, stock="4H")
    play(r, "draw")
    refused(r, "lay 7H 7S 7D", Reason.CONTRACT_FIRST)
    refused(r, "open 7H 7S", Reason.CONTRACT_NOT_MET)
    refused(r, "open QC JK", Reason.OPENING_JOKERS_FORBIDDEN)
    assert opens(r) == ["open QC QD"]
    assert legal(r) >= {"open QC QD", "discard 4H"}


def test_after_the_opening_laying_waits_for_the_next_turn() -> None:
    r = dealt(Contract.PAIR, HAND, stock="4H 6C 3H 4S")
    play(r, "draw", "open QC QD")
    assert r.opened[0] and len(r.table) == 1 and len(r.table[0].meld.cards) == 2
    refused(r, "lay 7H 7S 7D", Reason.CONTRACT_NEXT_TURN)
    refused(r, "attach 0 QH", Reason.CONTRACT_NEXT_TURN)
    refused(r, "open QC QD", Reason.ALREADY_OPENED)
    play(r, "discard 4H", "draw", "discard 6C", "draw", "discard 3H", "draw")
    # Anna's next turn: she lays, and her pair grows into a set with the jolly.
    play(r, "lay 7H 7S 7D", "attach 0 JK")
    grown = r.table[0].meld
    assert len(grown) == 3 and grown.joker_count == 1 and grown.rank is not None


def test_the_eighth_hand_closes_at_once_without_a_discard() -> None:
    hand = "2C 3C 4C 5C 6C 7C 7H 7S 3D 4D 5D 8H 9H"
    r = dealt(Contract.ONE_TURN, hand, stock="10H")
    play(r, "draw")
    refused(r, "open 2C 3C 4C 5C 6C | 7C 7H 7S | 3D 4D 5D", Reason.CONTRACT_NOT_MET)
    play(r, "open 2C 3C 4C 5C 6C | 7C 7H 7S | 3D 4D 5D | 8H 9H 10H")
    end = r.end
    assert end is not None and end.reason is EndReason.WENT_OUT and end.out == 0
    assert end.in_one_turn and r.phase is Phase.OVER and not r.discard_pile[1:]


def test_the_third_hand_opens_with_a_set_and_keeps_the_rest() -> None:
    r = dealt(Contract.SET, "7H 7S 7D 2C 3C 4C 5C 6C 8C 9C 10C JC QC", stock="KC")
    play(r, "draw")
    assert opens(r) == ["open 7D 7H 7S"]
    play(r, "open 7H 7S 7D")
    assert len(r.hands[0]) == 11 and r.phase is Phase.PLAY
    refused(r, "lay 2C 3C 4C", Reason.CONTRACT_NEXT_TURN)


def test_a_match_is_eight_contracts_in_order_and_the_stakes() -> None:
    game = MatchPlay(NAMES, CARIOCA, seed=3)
    seen = []
    r = game.start_round()
    seen.append(r.contract)
    assert r.contract is Contract.PAIR
    assert r.observation(r.to_play).contract is Contract.PAIR
    # A record keeps the contract and replays it.
    record = record_round(r, game.names)
    assert from_json(to_json(record)) == record and record.contract is Contract.PAIR
    assert replay(from_json(to_json(record))).contract is Contract.PAIR


def test_the_stake_goes_to_whoever_goes_out_and_waits_when_nobody_does() -> None:
    match = Match(NAMES, CARIOCA)
    sheet = match.record(RoundResult("Anna", {"Bruno": 30, "Carla": 12}))
    assert sheet.chips == {"Anna": 2, "Bruno": -1, "Carla": -1}
    assert match.chips == {"Anna": 2, "Bruno": -1, "Carla": -1}
    sheet = match.record(RoundResult(None, dict.fromkeys(NAMES, 10)))
    assert sheet.on_table == 3 and match.on_table == 3
    sheet = match.record(RoundResult("Carla", {"Anna": 5, "Bruno": 7}))
    assert sheet.chips == {"Anna": -1, "Bruno": -1, "Carla": 5} and match.on_table == 0


def test_after_eight_hands_the_lowest_total_wins() -> None:
    match = Match(NAMES, CARIOCA)
    for number in range(8):
        match.record(RoundResult("Anna", {"Bruno": 10 + number, "Carla": 20}))
    assert match.is_over and match.winner == "Anna" and len(match.rounds) == 8
    assert match.totals == {"Anna": 0, "Bruno": 108, "Carla": 160}
    assert match.chips == {"Anna": 16, "Bruno": -8, "Carla": -8}
