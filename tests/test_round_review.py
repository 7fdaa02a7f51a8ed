"""A second review of the round against RULES.md: the end of a round and its count, going out
in one turn over several actions, Casertano's closes, the flush close, records and replays of
rounds with takes, swaps, shows and restocks, what observations hide, and every refusal's
sentence in both languages. Each bug it found was fixed; the tests now pin the right behaviour.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.cli.app import app
from ramino.engine import Card, RaminoError, Reason, get_preset, parse_cards
from ramino.engine.actions import Action, Discard, Draw, Lay, parse_action
from ramino.engine.errors import IllegalAction
from ramino.engine.going_out import closing_kind, min_deadwood
from ramino.engine.match import Match
from ramino.engine.messages import MESSAGES
from ramino.engine.record import from_json, record_round, replay, to_json
from ramino.engine.round import EndReason, Phase, Round
from ramino.engine.rules import (
    AceInRuns,
    AttachableDiscard,
    Restock,
    RoundCap,
    Rules,
    RummyBonus,
)
from ramino.engine.scoring import Closing
from scripted import deal, play, snapshot

CLASSICO = get_preset("classico")
CASERTANO = get_preset("casertano")
APERTURA_50 = get_preset("apertura-50")
FLUSH = replace(CLASSICO, flush_close=True)
NAMES = ("Anna", "Bruno", "Carla", "Dario")

# A hand that binds nothing and takes no jolly: every rank once, suits three ranks apart.
IDLE = "2C 6C 10C 3D 7D JD 8H QH 9S AS"


def state(r: Round) -> tuple[object, ...]:
    return (
        tuple(tuple(h) for h in r.hands),
        tuple(r.table),
        tuple(r.discard_pile),
        tuple(r.stock),
        r.turn,
        r.to_play,
        r.phase,
        r.restocks,
        r.end,
    )


def sheet_scores(r: Round, rules: Rules) -> dict[str, int]:
    names = list(NAMES[: r.players])
    return dict(Match(names, rules).record(r.round_result(names)).scores)


# --- going out in one turn, over several actions ---


def test_one_turn_close_with_a_swap_lays_and_an_attachment_doubles_the_others() -> None:
    # RULES.md §2.11: laying all cards in a single turn without having laid or attached anything
    # before doubles the others. Bruno takes the jolly back, lays three melds, attaches a card,
    # lays the jolly again and discards the last card, all in his first turn.
    hands = ["4H JK 6H AD 5D 2D 3C 4C 6C 10D", "5H 8C 8D 8S 9C 10C JC 7H 2S 3S", IDLE]
    r = deal(CLASSICO, hands, "QS", "KS KC")
    play(r, "draw", "lay 4H JK 6H", "discard KS", "draw", "swap 0 5H", "lay 8C 8D 8S")
    play(r, "lay 9C 10C JC", "attach 0 7H", "lay 2S 3S JK=4S", "discard KC")
    end = r.end
    assert end is not None and end.out == 1 and end.in_one_turn
    assert end.counts == (41, 0, 76)
    assert sheet_scores(r, CLASSICO) == {"Anna": 82, "Bruno": 0, "Carla": 152}


def test_going_out_after_attaching_in_an_earlier_turn_is_not_in_one_turn() -> None:
    # RULES.md §2.11: "without having laid or attached anything before". Bruno only attached
    # (4♥ to Anna's run) in his first turn; going out later is an ordinary close.
    hands = ["5H 6H 7H AD 5D 2D 3C 4C 6C 10D", "4H 8C 8D 8S 9C 10C JC 2S 3S 4S", IDLE]
    r = deal(CLASSICO, hands, "QS", "KS KC KD QD QC")
    play(r, "draw", "lay 5H 6H 7H", "discard KS", "draw", "attach 0 4H", "discard KC")
    play(r, "draw", "discard KD", "draw", "discard QD", "draw")
    play(r, "lay 8C 8D 8S", "lay 9C 10C JC", "lay 2S 3S 4S", "discard QC")
    end = r.end
    assert end is not None and end.out == 1 and not end.in_one_turn
    assert sheet_scores(r, CLASSICO)["Anna"] == end.counts[0]


# --- the flush close ([G] "ramino con il colore") ---

HEARTS = "AH 3H 5H 7H 9H JH KH 2H 4H 6H"


@pytest.mark.parametrize(
    ("bonus", "bruno"),
    [(RummyBonus.DOUBLE, 2 * 71), (RummyBonus.ADD, 71 + 25), (RummyBonus.NONE, 71)],
)
def test_flush_close_is_scored_as_going_out_in_one_turn(bonus: RummyBonus, bruno: int) -> None:
    # [G]: ten cards of one suit after the draw, shown, the eleventh discarded; "vale come un
    # ramino in mano", so the rummy bonus of the rules applies to the others' hands.
    rules = replace(FLUSH, rummy_bonus=bonus)
    r = deal(rules, [HEARTS, "7C 8D 9S KC 2D 3S 5C 6D 10S AC"], "QC", "QH")
    play(r, "draw")
    # Eleven hearts: any one of them is the discard.
    assert r.can(parse_action("show AH 3H 5H 7H 9H JH KH 2H 4H QH discard 6H"))
    play(r, f"show {HEARTS} discard QH")
    end = r.end
    assert end is not None and end.closing is Closing.FLUSH and end.in_one_turn
    assert end.counts == (0, 7 + 8 + 9 + 10 + 2 + 3 + 5 + 6 + 10 + 11)
    assert sheet_scores(r, rules) == {"Anna": 0, "Bruno": bruno}


def test_flush_close_after_taking_the_discard() -> None:
    # The draw may be the top of the discard pile; the taken card is then part of the flush.
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H QS", IDLE], "6H", "KS")
    play(r, "take")
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.closing is Closing.FLUSH and r.end.in_one_turn


def test_flush_close_on_a_later_turn_of_a_hand_that_never_laid() -> None:
    # Nothing says the flush must come on the first turn: a hand that has only drawn and
    # discarded still shows ten cards of one suit after a later draw.
    r = deal(FLUSH, ["AH 3H 5H 7H 9H JH KH 2H 4H QS", IDLE], "KC", "JS QD 6H")
    play(r, "draw", "discard JS", "draw", "discard QD", "draw")
    play(r, f"show {HEARTS} discard QS")
    assert r.end is not None and r.end.closing is Closing.FLUSH and r.end.in_one_turn


# --- Casertano: the kind of close, its points and credits, the others' unbound cards ---

CASERTANO_2 = replace(CASERTANO, min_players=2)
# Bound: 2♣ 2♦ 2♠ and 5♣ 6♣ 7♣; unbound K♦ Q♠ J♠ 9♦ 4♠ 8♦ 10♣ = 61.
LOSER = "2C 2D 2S 5C 6C 7C KD QS JS 9D 4S 8D 10C"


@pytest.mark.parametrize(
    ("hand", "closing", "points", "credits"),
    [
        # One run of the whole hand: the scala reale, −50 and 5 credits ([W]).
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", Closing.STRAIGHT, -50, 5),
        # Every card of one suit, not in sequence: the colore, −20 and 2 credits ([W]).
        ("AH 3H 5H 7H 9H JH KH AH 3H 5H 7H 9H JH", Closing.FLUSH, -20, 2),
        # Bound in combinations: the simple close, −10 and 1 credit ([W]).
        ("3H 4H 5H 9C 9D 9S JC JD JH 6S 7S 8S JK", Closing.SIMPLE, -10, 1),
    ],
)
def test_casertano_closing_kinds_through_the_match(
    hand: str, closing: Closing, points: int, credits: int
) -> None:
    r = deal(CASERTANO_2, [hand, LOSER], "KC", "QD")
    play(r, "draw")
    shown = [a for a in r.legal_actions if str(a).startswith("show")]
    assert shown, "the hand closes"
    r.apply(next(a for a in shown if str(a).endswith("discard QD")))
    end = r.end
    assert end is not None and end.out == 0 and end.closing is closing
    assert end.counts == (0, 61)
    match = Match(NAMES[:2], CASERTANO_2)
    sheet = match.record(r.round_result(NAMES[:2]))
    assert dict(sheet.scores) == {"Anna": points, "Bruno": 61}
    assert match.credits == {"Anna": credits, "Bruno": 0}


def test_casertano_the_others_count_a_jolly_they_can_bind_as_nothing() -> None:
    # [W]: "le combinazioni legate non sono penalizzabili": a jolly bound in the loser's
    # run costs nothing; one left alone costs 50.
    rules = CASERTANO_2
    assert min_deadwood(parse_cards("5C 6C JK KD"), rules) == 10
    assert min_deadwood(parse_cards("5C 9D JK KD"), rules) == 5 + 9 + 50 + 10


def test_casertano_seven_of_a_kind_inside_a_full_show_with_a_discard() -> None:
    # Seven queens among a fully bound hand (tris in su: a set of any size and suits) are a
    # "ramino" too: the match is won at once.
    hand = "QC QC QD QD QH QH QS 3H 4H 5H 7S 8S 9S"
    r = deal(CASERTANO_2, [hand, LOSER], "KC", "KH")
    play(r, "draw", "show QC QC QD QD QH QH QS | 3H 4H 5H | 7S 8S 9S discard KH")
    assert r.end is not None and r.end.closing is Closing.SEVEN_OF_A_KIND
    match = Match(NAMES[:2], CASERTANO_2)
    match.record(r.round_result(NAMES[:2]))
    assert match.is_over and match.winner == "Anna"


def test_casertano_a_loser_whose_whole_hand_is_a_colore_pays_nothing() -> None:
    # RULES.md §4 casertano: "the others count only their unbound cards", and the colore
    # (cards of one suit not in sequence, [W] "tutte carte dello stesso seme") is one of the
    # combinations. The engine binds that very hand for the closer (closing_kind says flush)
    # but counts it in full for a player who lays after the close.
    colore = parse_cards("2H 4H 6H 8H 10H QH 2H 4H 6H 8H 10H QH AH")
    assert closing_kind(colore, CASERTANO) is Closing.FLUSH
    assert min_deadwood(colore, CASERTANO) == 0


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


# --- records and replays of rounds with takes, swaps, shows and restocks ---

TWO = replace(get_preset("classico-2"), restock=Restock.TURN_OVER)


def busy_round() -> Round:
    """Two players, one pack: a take, a swap, a declared jolly, an attachment, then draws and
    discards until the stock has been turned over once and a few turns more."""
    hands = ["4H JK 6H AD 5D 2D 3C 4C 6C 10D", "5H 9C 10C JC 7H 2S 3S KD KC QS"]
    r = deal(TWO, hands, "8S", "KS")
    play(r, "draw", "lay 4H JK 6H", "discard KS")
    play(r, "take", "swap 0 5H", "lay 9C 10C JC JK=QC", "lay KS KD KC", "attach 0 7H")
    play(r, "discard QS")
    turns_after = 0
    while turns_after < 4 and not r.is_over:
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        r.apply(Discard(card))
        if r.restocks:
            turns_after += 1
    assert r.restocks == 1 and not r.is_over
    return r


def test_a_round_with_take_swap_declared_joker_and_restock_round_trips() -> None:
    r = busy_round()
    record = record_round(r, NAMES[:2])
    text = to_json(record)
    assert '"take"' in text and '"swap 0 5H"' in text and '"lay 9C 10C JC JK=QC"' in text
    again = from_json(text)
    assert again == record
    assert state(replay(again)) == state(r)


def test_a_casertano_round_with_the_jolly_at_the_cut_and_a_show_round_trips() -> None:
    # The jolly found at the cut goes to the first player and no card is turned up ([W]).
    hand = "3H 4H 5H 9C 9D 9S JC JD JH 6S 7S 8S KC"
    r = deal(CASERTANO_2, [hand, LOSER], "JK", "AD QH")
    assert r.phase is Phase.PLAY and r.top_discard is None and len(r.hands[0]) == 14
    play(r, "discard KC", "draw", "discard AD", "draw")
    play(r, "show 3H 4H 5H | 9C 9D 9S | JC JD JH | 6S 7S 8S JK discard QH")
    assert r.end is not None and r.end.out == 0 and r.end.counts == (0, 61)
    record = record_round(r, NAMES[:2])
    assert from_json(to_json(record)) == record
    assert state(replay(from_json(to_json(record)))) == state(r)


runner = CliRunner(env={"RAMINO_LANG": None, "FORCE_COLOR": None, "COLUMNS": "80"})


@pytest.mark.parametrize("seat", [0, 1])
def test_a_players_replay_never_shows_the_others_hidden_cards(tmp_path: Path, seat: int) -> None:
    r = busy_round()
    path = tmp_path / "busy.json"
    path.write_text(to_json(record_round(r, NAMES[:2])), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--seat", str(seat), "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    me, other = NAMES[seat], NAMES[1 - seat]
    # The deal: his own cards, the other's count only.
    assert f"  {other}: 10 cards" in lines
    assert any(line.startswith(f"  {me}: ") and "cards" not in line for line in lines)
    # Every stock draw of the other is told without the card, before and after the restock.
    theirs = [line for line in lines if f"{other} draws from the stock" in line]
    mine = [line for line in lines if f"{me} draws from the stock" in line]
    assert len(theirs) >= 3 and len(mine) >= 3
    assert all(line.endswith(f"{other} draws from the stock.") for line in theirs)
    assert all(re.search(r"stock: \S+\.$", line) for line in mine)
    assert any("turned over" in line for line in lines)
    # Nothing else names the other's hand while the round goes on.
    assert not any(line.strip().startswith(f"({other}'s cards") for line in lines)


def test_observations_do_not_depend_on_the_others_hidden_cards() -> None:
    # Swap a card of Bruno's hand with one deep in the stock: Anna's observations are the same
    # through a turn of each, as long as nothing public differs.
    rules = CLASSICO
    base = Round(rules, 2, seed=11, dealer=1)
    order = list(base.deck_order)
    bruno_at = 1  # dealt one card at a time, Anna first
    deep = 60
    order[bruno_at], order[deep] = order[deep], order[bruno_at]
    other = Round(rules, 2, deck_order=order, dealer=1)
    assert base.hand(1) != other.hand(1) and base.hand(0) == other.hand(0)

    def same_view() -> None:
        a, b = base.observation(0), other.observation(0)
        assert a == b
        assert all(str(e.action) == "draw" for e in a.history if str(e.action).startswith("draw"))

    same_view()
    for r in (base, other):
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        r.apply(Discard(card))
    same_view()
    # Bruno draws and throws back the drawn card (the same top of the stock in both).
    for r in (base, other):
        card = r.deck[r.stock[-1]]
        r.apply(Draw())
        assert not r.observation(0).legal_actions and r.observation(0).taken_card is None
        r.apply(Discard(card))
    same_view()
    assert base.observation(1) != other.observation(1)


# --- every refusal of a round, in both languages ---

FIELDS = string.Formatter()
Case = Callable[[], tuple[Round, Action | str]]


STOCK = "10S 5S 4S 10H"
LOSER2 = "3C 3D 8H 8S JS 2D 6C 10H 9S 5H 6D JC AS"


def _drawn(rules: Rules, hands: Sequence[str], upcard: str, *texts: str) -> Round:
    r = deal(rules, hands, upcard, STOCK)
    play(r, *texts)
    return r


def _after_anna_lays(
    rules: Rules, anna: str, lays: Sequence[str], bruno: str, third: str | None = None
) -> Round:
    """Anna draws 10♠, lays ``lays`` and throws the 10♠ away; Bruno draws 5♠."""
    hands = [anna, bruno] if third is None else [anna, bruno, third]
    r = deal(rules, hands, "2H", STOCK)
    play(r, "draw", *(f"lay {m}" for m in lays), "discard 10S", "draw")
    return r


def _over() -> tuple[Round, Action | str]:
    r = deal(replace(CLASSICO, max_turns=1), [IDLE, IDLE], "KC", "KS")
    play(r, "draw", "discard KS")
    assert r.is_over
    return r, "draw"


def _swapped(bruno: str) -> Round:
    r = _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], bruno)
    play(r, "swap 0 5H")
    return r


def _anna_draws(rules: Rules, anna: str) -> Round:
    return _drawn(rules, [anna, IDLE], "KC", "draw")


OPEN_30_30 = "KC KD KS QC QD QS 2H 5H 9S 4C"
JOKER_RUN = "4H JK 6H 3D 7D JD 8C QC 9S AS"
PLAIN_RUN = "4H 5H 6H 3D 7D JD 8C QC 9S AS"
CLUB_RUN = "5C 6C 7C 3D 7D JD 8H QH 9S AS"
# Holding 5♥ but nothing the jolly could go with once it is back in hand.
NOWHERE = "5H 2C 6C 10C 3D 7D JD 8H QH 9S"
RELAY = "5H 8C 8D 9C 10C JC 7D 2S 3S 4D"

CASES: dict[Reason, Case] = {
    Reason.ROUND_OVER: _over,
    Reason.MUST_DRAW_FIRST: lambda: (deal(CLASSICO, [IDLE, IDLE], "KC"), "discard 2C"),
    Reason.ALREADY_DRAWN: lambda: (_anna_draws(CLASSICO, IDLE), "take"),
    Reason.TAKE_NEEDS_USE: lambda: (deal(APERTURA_50, [IDLE, IDLE], "KC"), "take"),
    Reason.NOT_IN_HAND: lambda: (_anna_draws(CLASSICO, IDLE), "discard 5H"),
    Reason.NO_SUCH_MELD: lambda: (_anna_draws(CLASSICO, IDLE), "attach 0 2C"),
    Reason.NO_MELDING_DURING_PLAY: lambda: (
        _drawn(CASERTANO_2, [LOSER, LOSER2], "KC", "draw"),
        "lay 2C 2D 2S",
    ),
    Reason.SHOW_INCOMPLETE: lambda: (
        _drawn(CASERTANO_2, [LOSER, LOSER2], "KC", "draw"),
        "show 2C 2D 2S | 5C 6C 7C discard 10S",
    ),
    Reason.FLUSH_NOT_ALLOWED: lambda: (
        _drawn(CASERTANO_2, ["AH 3H 5H 7H 9H JH KH AH 3H 5H 7H 9H JH", LOSER], "KC", "draw"),
        "show AH 3H 5H 7H | 9H JH KH AH | 3H 5H 7H 9H JH discard 10S",
    ),
    Reason.ATTACH_ONE_CARD: lambda: (
        _after_anna_lays(CLASSICO, CLUB_RUN, ["5C 6C 7C"], "4C 8C 2S 3H 10H JS KD 9D 4D AH"),
        "attach 0 4C 8C",
    ),
    Reason.ATTACH_BEFORE_OPENING: lambda: (
        _after_anna_lays(
            APERTURA_50,
            "KC KD KS QC QD QS 3D 7D JD 8H",
            ["KC KD KS", "QC QD QS"],
            "KH 2C 6C 10C 3D 7D JD 8H QH 9S",
        ),
        "attach 0 KH",
    ),
    Reason.DISCARD_ATTACHABLE: lambda: (
        _after_anna_lays(
            replace(CLASSICO, attachable_discard=AttachableDiscard.FORBIDDEN),
            CLUB_RUN,
            ["5C 6C 7C"],
            "4C 9D KD 2S 3H 10H JS 4D AH QC",
            IDLE,
        ),
        "discard 4C",
    ),
    Reason.OPENING_JOKERS_FORBIDDEN: lambda: (
        _anna_draws(replace(CLASSICO, opening_jokers=False), "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        "lay 7H 8H JK",
    ),
    Reason.WOULD_LEAVE_NO_DISCARD: lambda: (
        _drawn(replace(CLASSICO, hand_size=2), ["6C 6D", "2C 9D"], "6H", "take"),
        "lay 6C 6D 6H",
    ),
    Reason.NO_GOING_OUT_FIRST_ROUND: lambda: (
        _drawn(
            replace(CLASSICO, hand_size=3, rummy_on_first_turn=False),
            ["6C 6D 6S", "2C 9D 4H"],
            "KC",
            "draw",
        ),
        "lay 6C 6D 6S",
    ),
    Reason.OPENING_BELOW_THRESHOLD: lambda: (
        _drawn(APERTURA_50, [OPEN_30_30, IDLE], "AC", "draw", "lay KC KD KS"),
        "discard 2H",
    ),
    Reason.OPENING_UNREACHABLE: lambda: (
        _anna_draws(APERTURA_50, "KC KD KS 3D 7D JD 8H QH 9S AS"),
        "lay KC KD KS",
    ),
    Reason.REDISCARD_TAKEN: lambda: (_drawn(CLASSICO, [IDLE, IDLE], "KC", "take"), "discard KC"),
    Reason.TAKEN_CARD_NOT_USED: lambda: (
        _drawn(APERTURA_50, ["KC KD QC QD QS 2H 5H 9S 4C 7D", IDLE], "KS", "take"),
        "lay QC QD QS",
    ),
    Reason.RETRIEVED_JOKER_NOT_LAID: lambda: (_swapped(RELAY), "discard 2S"),
    Reason.JOKER_BACK_TO_SAME_MELD: lambda: (_swapped(RELAY), "attach 0 JK"),
    Reason.JOKER_CANNOT_BE_RELAID: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], NOWHERE),
        "swap 0 5H",
    ),
    Reason.SHOW_NOT_ALLOWED: lambda: (_anna_draws(CLASSICO, HEARTS), f"show {HEARTS} discard 10S"),
    Reason.SWAP_NEEDS_OPENING: lambda: (
        _after_anna_lays(
            replace(APERTURA_50, joker_swap_needs_opened=True),
            "KC KD KS QC QD JK 3D 7D JD 8H",
            ["KC KD KS", "QC QD JK"],
            "QS QH 2C 6C 10C 3D 7D JD 8H 9S",
        ),
        "swap 1 QH QS",
    ),
    Reason.SWAP_FORBIDDEN: lambda: (
        _after_anna_lays(replace(CLASSICO, joker_swap=False), JOKER_RUN, ["4H JK 6H"], RELAY),
        "swap 0 5H",
    ),
    Reason.SWAP_NO_JOKER: lambda: (
        _after_anna_lays(CLASSICO, PLAIN_RUN, ["4H 5H 6H"], IDLE),
        "swap 0 2C",
    ),
    Reason.SWAP_WRONG_CARD: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], "7H 2C 6C 10C 3D 7D JD 8S QS 9D"),
        "swap 0 7H",
    ),
    Reason.SWAP_SET_NEEDS_ALL_MISSING: lambda: (
        _after_anna_lays(
            CLASSICO, "10D 10H JK 3D 7D JD 8C QC 9S AS", ["10D 10H JK"], IDLE.replace("10C", "10S")
        ),
        "swap 0 10S",
    ),
    Reason.ATTACH_PLACE_HELD_BY_JOKER: lambda: (
        _after_anna_lays(CLASSICO, JOKER_RUN, ["4H JK 6H"], RELAY),
        "attach 0 5H",
    ),
    Reason.ATTACH_DOES_NOT_FIT: lambda: (
        _after_anna_lays(CLASSICO, PLAIN_RUN, ["4H 5H 6H"], IDLE),
        "attach 0 2C",
    ),
    Reason.TOO_FEW_CARDS: lambda: (_anna_draws(CLASSICO, IDLE), "lay 2C 6C"),
    Reason.ONLY_JOKERS: lambda: (
        _anna_draws(replace(CLASSICO, max_jokers_per_meld=None), "JK JK JK 3D 7D JD 8C QC 9S AS"),
        "lay JK JK JK",
    ),
    Reason.TOO_MANY_JOKERS: lambda: (
        _anna_draws(CLASSICO, "JK JK 5H 6H 3D 7D JD 8C QC 9S"),
        "lay JK JK 5H 6H",
    ),
    Reason.JOKER_COUNT_MISMATCH: lambda: (
        _anna_draws(CLASSICO, "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"), Card.parse("6H"))),
    ),
    Reason.NOT_A_MELD: lambda: (_anna_draws(CLASSICO, IDLE), "lay 2C 3D 8H"),
    Reason.SET_SUITS_NOT_DISTINCT: lambda: (
        _anna_draws(CLASSICO, "7S 7S 7H 3D 7D JD 8C QC 9S AS"),
        "lay 7S 7S 7H",
    ),
    Reason.SET_TOO_LARGE: lambda: (
        _anna_draws(CLASSICO, "7C 7D 7H 7S JK 3D JD 8C QC 9S"),
        "lay 7C 7D 7H 7S JK",
    ),
    Reason.RUN_DUPLICATE_RANK: lambda: (
        _anna_draws(CLASSICO, "5H 5H 6H 7H 3D 7D JD 8C QC 9S"),
        "lay 5H 5H 6H 7H",
    ),
    Reason.RUN_ACE_LOW_AND_HIGH: lambda: (
        _anna_draws(CLASSICO, "KH AH 2H 3D 7D JD 8C QC 9S 4C"),
        "lay KH AH 2H",
    ),
    Reason.RUN_ACE_HIGH_NOT_ALLOWED: lambda: (
        _anna_draws(
            replace(CLASSICO, ace_in_runs=AceInRuns.LOW_ONLY), "QH KH AH 3D 7D JD 8C QC 9S 4C"
        ),
        "lay QH KH AH",
    ),
    Reason.RUN_NOT_CONSECUTIVE: lambda: (
        _anna_draws(CLASSICO, "5H 7H 9H 3D 7D JD 8C QC 9S AS"),
        "lay 5H 7H 9H",
    ),
    Reason.JOKER_ASSIGNMENT_INVALID: lambda: (
        _anna_draws(CLASSICO, "7H 8H JK 3D 7D JD 8C QC 9S AS"),
        "lay 7H 8H JK=2S",
    ),
}


def _check_sentence(error: RaminoError) -> None:
    texts = {lang: error.message(lang) for lang in ("it", "en")}
    assert texts["it"] != texts["en"]
    for lang, text in texts.items():
        template = MESSAGES[error.reason][1 if lang == "en" else 0]
        wanted = {name for _, name, _, _ in FIELDS.parse(template) if name} - {"where"}
        given = set(error.params) | ({"cards"} if error.cards else set())
        assert wanted <= given, (error.reason, wanted - given)
        assert text.strip() and "{" not in text and "}" not in text
        assert not text.rstrip().endswith(":"), text
    assert error.to_dict("en")["message"] == texts["en"]


@pytest.mark.parametrize("reason", list(CASES), ids=[r.value for r in CASES])
def test_every_refusal_of_a_round_is_a_full_sentence_in_both_languages(reason: Reason) -> None:
    r, action = CASES[reason]()
    if isinstance(action, str):
        action = parse_action(action)
    before = snapshot(r)
    assert not r.can(action)
    assert action not in r.legal_actions
    with pytest.raises(RaminoError) as info:
        r.apply(action)
    assert info.value.reason is reason, info.value.message("en")
    assert snapshot(r) == before
    _check_sentence(info.value)


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda: Round(CLASSICO, 2, dealer=2), Reason.BAD_DEAL),
        (lambda: Round(CLASSICO, 2, deck_order=[0, 0, 1]), Reason.BAD_DEAL),
        (lambda: Round(get_preset("pokerato"), 3), Reason.VARIANT_NOT_PLAYABLE),
        (lambda: Round(CLASSICO, 1), Reason.TOO_FEW_PLAYERS),
        (lambda: Round(CLASSICO, 7), Reason.TOO_MANY_PLAYERS),
        (lambda: Round(CLASSICO, 2).round_result(NAMES[:2]), Reason.ROUND_NOT_OVER),
    ],
)
def test_refusals_of_a_deal_are_full_sentences(make: Callable[[], object], reason: Reason) -> None:
    with pytest.raises(IllegalAction) as info:
        make()
    assert info.value.reason is reason
    _check_sentence(info.value)


# --- refusals that do not come out as the engine's own errors or sentences ---


def test_no_such_meld_on_an_empty_table_does_not_offer_meld_0() -> None:
    # STYLE.md: each sentence names the rule; with no meld on the table "0 to 0" sends the
    # player to a meld 0 that does not exist.
    r, action = CASES[Reason.NO_SUCH_MELD]()
    with pytest.raises(IllegalAction) as info:
        r.apply(parse_action(str(action)))
    assert "0 to 0" not in info.value.message("en")
    assert "da 0 a 0" not in info.value.message("it")


def test_a_lay_of_no_cards_is_refused_with_a_full_sentence() -> None:
    # The grammar refuses "lay" alone with no_cards; the same action built as a value gets
    # too_few_cards and the sentence "A meld has at least 3 cards:  has 0."
    r = _anna_draws(CLASSICO, IDLE)
    with pytest.raises(RaminoError) as info:
        r.apply(Lay(()))
    _check_sentence(info.value)


def test_every_lay_value_prints_and_a_consistent_one_reads_back() -> None:
    # STYLE.md: one text grammar for actions (replay names a refused action by its text). A
    # value declaring a card per jolly reads back as itself; one with the wrong number of
    # declarations still prints, and the round refuses it with joker_count_mismatch.
    good = Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"),))
    assert parse_action(str(good)) == good
    short = Lay(tuple(parse_cards("JK JK 5H")), (Card.parse("4H"),))
    long = Lay(tuple(parse_cards("7H 8H JK")), (Card.parse("9H"), Card.parse("6H")))
    r = _anna_draws(CLASSICO, IDLE)
    for action in (short, long):
        assert str(action).startswith("lay ")
        with pytest.raises(RaminoError) as info:
            r.apply(action)
        assert info.value.reason in (Reason.JOKER_COUNT_MISMATCH, Reason.NOT_IN_HAND)


def test_round_result_refuses_names_that_do_not_match_the_seats() -> None:
    # STYLE.md: every refusal is a RaminoError with a reason; a MatchPlay or a client that
    # passes the wrong list of names gets an IndexError instead.
    r = deal(replace(CLASSICO, max_turns=1), [IDLE, IDLE], "KC", "KS")
    play(r, "draw", "discard KS")
    with pytest.raises(RaminoError):
        r.round_result(NAMES[:1])


def test_observation_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    r = deal(CLASSICO, [IDLE, IDLE], "KC")
    with pytest.raises(RaminoError):
        r.observation(2)


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
