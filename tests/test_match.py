"""The match and its score sheet (RULES.md §2 items 13–15, §3 "Count and match", §5 the 101
match): totals, elimination, the ways a match ends, re-entry, validation, a property test."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.engine.cards import JOKER, NATURAL_CARDS, Card, parse_cards
from ramino.engine.errors import Detail, Phrase, Reason, ScoreError
from ramino.engine.match import Match, RoundResult, RoundSheet
from ramino.engine.presets import get_preset
from ramino.engine.rules import MatchEnd, RoundCap, Rounding, Rules, RummyBonus
from ramino.engine.scoring import Closing

CLASSICO = Rules()
PLAYERS = ("Anna", "Bruno", "Carla")

# The 101 match in three ([G], RULES.md §5); raw hand points worked out from the totals table.
MATCH_101: list[tuple[RoundResult, dict[str, int]]] = [
    (RoundResult("Anna", {"Bruno": 42, "Carla": 14}), {"Anna": 0, "Bruno": 42, "Carla": 14}),
    (RoundResult("Bruno", {"Anna": 31, "Carla": 27}), {"Anna": 31, "Bruno": 42, "Carla": 41}),
    (RoundResult("Carla", {"Anna": 18, "Bruno": 36}), {"Anna": 49, "Bruno": 78, "Carla": 41}),
    (
        RoundResult("Carla", {"Anna": 23, "Bruno": 12}, in_one_turn=True),
        {"Anna": 95, "Bruno": 102, "Carla": 41},
    ),
    (RoundResult("Anna", {"Carla": 64}), {"Anna": 95, "Bruno": 102, "Carla": 105}),
]


def play(match: Match, results: list[RoundResult]) -> list[RoundSheet]:
    return [match.record(r) for r in results]


def raises(reason: Reason, action: Callable[[], object]) -> ScoreError:
    with pytest.raises(ScoreError) as info:
        action()
    assert info.value.reason is reason
    return info.value


def test_a_round_holds_only_cards_of_the_rules_deck() -> None:
    # RULES.md §6.4: every tool follows the deck of the rules in force.
    m = Match(["Anna", "Bruno"], get_preset("tradizionale"))
    jolly = RoundResult("Anna", {"Bruno": parse_cards("JK 5D")})
    error = raises(Reason.NOT_IN_DECK, lambda: m.record(jolly))
    assert error.message("en") == "The deck of these rules has no jokers: 🃏 cannot be there."
    # Two players of rami-40 play with two packs (three from five players).
    m = Match(["Anna", "Bruno"], get_preset("rami-40"))
    m.record(RoundResult("Anna", {"Bruno": parse_cards("5D 5D")}))
    three = RoundResult("Anna", {"Bruno": parse_cards("5D 5D 5D")})
    raises(Reason.NOT_IN_DECK, lambda: m.record(three))
    assert len(m.rounds) == 1  # the refused round left the sheet as it was


# --- the 101 match of the guide ---


def test_match_101_round_by_round() -> None:
    m = Match(PLAYERS, CLASSICO)
    for number, (result, totals) in enumerate(MATCH_101, start=1):
        assert not m.is_over
        sheet = m.record(result)
        assert sheet.number == number
        assert dict(sheet.totals) == totals
        assert m.totals == totals
    assert m.is_over
    assert m.winner == "Anna"
    assert m.totals["Anna"] == 95
    assert m.standing() == ["Anna", "Carla", "Bruno"]


def test_match_101_round_4_doubles() -> None:
    m = Match(PLAYERS, CLASSICO)
    sheets = play(m, [r for r, _ in MATCH_101[:4]])
    four = sheets[3]
    assert four.out == "Carla" and four.in_one_turn
    assert dict(four.hand_points) == {"Anna": 23, "Bruno": 12}
    assert dict(four.scores) == {"Anna": 46, "Bruno": 24, "Carla": 0}
    assert four.eliminated == ("Bruno",)
    assert m.totals["Bruno"] == 102
    assert m.active == ("Anna", "Carla")
    assert m.eliminated == ("Bruno",)
    assert not m.is_over and m.winner is None


def test_match_101_round_5_carla_busts_with_105() -> None:
    m = Match(PLAYERS, CLASSICO)
    sheets = play(m, [r for r, _ in MATCH_101])
    assert sheets[4].eliminated == ("Carla",)
    assert m.totals["Carla"] == 105
    assert m.eliminated == ("Bruno", "Carla")
    assert m.active == ("Anna",)


def test_match_101_to_dict() -> None:
    m = Match(PLAYERS, CLASSICO)
    play(m, [r for r, _ in MATCH_101])
    d = m.to_dict()
    assert [r["totals"] for r in d["rounds"]] == [t for _, t in MATCH_101]
    assert [r["eliminated"] for r in d["rounds"]] == [[], [], [], ["Bruno"], ["Carla"]]
    assert d["winner"] == "Anna"
    assert d["standing"] == ["Anna", "Carla", "Bruno"]
    assert d["is_over"] is True


def test_match_101_first_to_target_stops_after_round_4() -> None:
    m = Match(PLAYERS, Rules(match_end=MatchEnd.FIRST_TO_TARGET))
    play(m, [r for r, _ in MATCH_101[:4]])
    assert m.is_over
    assert m.winner == "Carla"
    assert m.totals["Carla"] == 41
    assert m.eliminated == ()
    assert m.standing() == ["Carla", "Anna", "Bruno"]
    raises(Reason.MATCH_OVER, lambda: m.record(MATCH_101[4][0]))
    assert len(m.rounds) == 4


def test_match_101_with_reentry_bruno_comes_back_at_95() -> None:
    m = Match(PLAYERS, Rules(reentry=True))
    play(m, [r for r, _ in MATCH_101[:4]])
    assert m.reenter("Bruno") == 95
    assert m.totals == {"Anna": 95, "Bruno": 95, "Carla": 41}
    assert m.active == PLAYERS
    assert m.stakes == {"Anna": 0, "Bruno": 0, "Carla": 0}
    (reentry,) = m.reentries
    assert (reentry.player, reentry.after_round, reentry.previous_total, reentry.total) == (
        "Bruno",
        4,
        102,
        95,
    )
    # Round 5 of the guide, Bruno now holding 3 points: Carla busts, Bruno and Anna go on.
    sheet = m.record(RoundResult("Anna", {"Bruno": 3, "Carla": 64}))
    assert sheet.reentered == ("Bruno",)
    assert sheet.eliminated == ("Carla",)
    assert m.totals == {"Anna": 95, "Bruno": 98, "Carla": 105}
    assert not m.is_over
    assert m.record(RoundResult("Bruno", {"Anna": 6})).reentered == ()
    assert m.is_over and m.winner == "Bruno"


# --- target ---


@pytest.mark.parametrize(
    ("target", "bruno_out"), [(101, True), (102, True), (103, False), (201, False)]
)
def test_target_knob(target: int, bruno_out: bool) -> None:
    m = Match(PLAYERS, Rules(target=target))
    play(m, [r for r, _ in MATCH_101[:4]])
    assert ("Bruno" in m.eliminated) is bruno_out


def test_target_is_reached_at_exactly_the_target() -> None:
    m = Match(("Anna", "Bruno"), CLASSICO)
    m.record(RoundResult("Anna", {"Bruno": 101}))
    assert m.is_over and m.winner == "Anna"


# --- elimination, simultaneous busts, two players ---


def test_two_players_the_one_who_does_not_reach_the_target_wins() -> None:
    m = Match(("Anna", "Bruno"), get_preset("classico-2"))
    hand = parse_cards("AS QC 8H 7C")
    m.record(RoundResult("Bruno", {"Anna": hand}, in_one_turn=True))
    assert m.totals["Anna"] == 72 and not m.is_over
    sheet = m.record(RoundResult("Bruno", {"Anna": hand}, in_one_turn=True))
    assert m.totals["Anna"] == 144
    assert sheet.eliminated == ("Anna",)
    assert m.is_over and m.winner == "Bruno"
    assert m.standing() == ["Bruno", "Anna"]


def test_simultaneous_bust_all_out_closer_wins() -> None:
    m = Match(PLAYERS, Rules())
    m.record(RoundResult("Anna", {"Bruno": 90, "Carla": 95}))
    sheet = m.record(RoundResult("Anna", {"Bruno": 30, "Carla": 11}))
    assert sheet.eliminated == ("Bruno", "Carla")
    assert m.is_over and m.winner == "Anna"
    # Same round out: the lower total ranks higher.
    assert m.standing() == ["Anna", "Carla", "Bruno"]


def test_simultaneous_bust_leaving_two_goes_on() -> None:
    m = Match(("Anna", "Bruno", "Carla", "Dario"), Rules())
    sheet = m.record(RoundResult("Anna", {"Bruno": 101, "Carla": 120, "Dario": 3}))
    assert sheet.eliminated == ("Bruno", "Carla")
    assert m.active == ("Anna", "Dario")
    assert not m.is_over


def test_nobody_left_lowest_busted_total_wins() -> None:
    rules = Rules(on_round_cap=RoundCap.ALL_SCORE)
    m = Match(("Anna", "Bruno"), rules)
    m.record(RoundResult(None, {"Anna": 90, "Bruno": 95}))
    sheet = m.record(RoundResult(None, {"Anna": 20, "Bruno": 30}))
    assert sheet.eliminated == ("Anna", "Bruno")
    assert m.is_over and m.winner == "Anna"
    assert m.standing() == ["Anna", "Bruno"]


def test_nobody_left_tie_is_a_draw() -> None:
    m = Match(("Anna", "Bruno"), Rules(on_round_cap=RoundCap.ALL_SCORE))
    m.record(RoundResult(None, {"Anna": 110, "Bruno": 110}))
    assert m.active == () and m.is_over and m.winner is None
    err = raises(Reason.MATCH_OVER, lambda: m.record(RoundResult(None, {})))
    assert "pari" in str(err) and "draw" in err.message("en")


def test_standing_eliminated_latest_first() -> None:
    m = Match(("Anna", "Bruno", "Carla", "Dario"), Rules())
    m.record(RoundResult("Anna", {"Bruno": 50, "Carla": 10, "Dario": 150}))
    m.record(RoundResult("Anna", {"Bruno": 60, "Carla": 20}))
    assert m.eliminated == ("Bruno", "Dario")
    assert m.standing() == ["Anna", "Carla", "Bruno", "Dario"]
    m.record(RoundResult("Anna", {"Carla": 80}))
    assert m.winner == "Anna"
    assert m.standing() == ["Anna", "Carla", "Bruno", "Dario"]


# --- first to target and fixed rounds ---


def test_first_to_target_ends_on_first_bust() -> None:
    m = Match(PLAYERS, Rules(match_end=MatchEnd.FIRST_TO_TARGET))
    m.record(RoundResult("Anna", {"Bruno": 120, "Carla": 40}))
    assert m.is_over and m.winner == "Anna"
    assert m.eliminated == ()


def test_first_to_target_draw() -> None:
    m = Match(PLAYERS, Rules(match_end=MatchEnd.FIRST_TO_TARGET))
    m.record(RoundResult("Anna", {"Bruno": 20, "Carla": 40}))
    m.record(RoundResult("Bruno", {"Anna": 20, "Carla": 80}))
    assert m.totals == {"Anna": 20, "Bruno": 20, "Carla": 120}
    assert m.is_over and m.winner is None
    assert m.standing() == ["Anna", "Bruno", "Carla"]


@pytest.mark.parametrize("rounds", [1, 2, 3, 8])
def test_fixed_rounds(rounds: int) -> None:
    rules = Rules(match_end=MatchEnd.FIXED_ROUNDS, match_rounds=rounds, target=None)
    m = Match(PLAYERS, rules)
    for number in range(1, rounds + 1):
        assert not m.is_over
        # Without a target nobody is out, however many points he has.
        m.record(RoundResult("Anna", {"Bruno": 150, "Carla": 40 + number}))
    assert m.is_over and m.winner == "Anna"
    assert m.eliminated == ()
    assert len(m.rounds) == rounds
    raises(Reason.MATCH_OVER, lambda: m.record(RoundResult("Anna", {"Bruno": 1, "Carla": 1})))


def test_fixed_rounds_tie_is_a_draw() -> None:
    m = Match(PLAYERS, Rules(match_end=MatchEnd.FIXED_ROUNDS, match_rounds=2))
    m.record(RoundResult("Anna", {"Bruno": 10, "Carla": 40}))
    m.record(RoundResult("Bruno", {"Anna": 10, "Carla": 40}))
    assert m.is_over and m.winner is None


def test_carioca_plays_eight_rounds() -> None:
    m = Match(PLAYERS, get_preset("carioca"))
    assert m.rules.target is None
    for _ in range(8):
        m.record(RoundResult("Carla", {"Anna": 30, "Bruno": 31}))
    assert m.is_over and m.winner == "Carla" and m.eliminated == ()


def test_a_fixed_round_match_s_target_is_an_exit_score() -> None:
    # RULES.md §6.3: carioca's optional target puts out whoever reaches it; the match goes
    # on with those left, and ends early when too few are left to deal (carioca: 3).
    four = ["Anna", "Bruno", "Carla", "Dario"]
    m = Match(four, replace(get_preset("carioca"), target=100))
    m.record(RoundResult("Anna", {"Bruno": 100, "Carla": 40, "Dario": 20}))
    assert m.eliminated == ("Bruno",) and not m.is_over
    m.record(RoundResult("Carla", {"Anna": 30, "Dario": 90}))
    assert m.eliminated == ("Bruno", "Dario") and m.is_over
    # Of the two left, the lower total wins: Anna 30, Carla 40.
    assert m.winner == "Anna"
    # The others out at once: the one left wins.
    m = Match(PLAYERS, replace(get_preset("carioca"), target=50))
    m.record(RoundResult("Anna", {"Bruno": 60, "Carla": 70}))
    assert m.is_over and m.winner == "Anna" and m.eliminated == ("Bruno", "Carla")


# --- re-entry ---


def bust_bruno(rules: Rules) -> Match:
    m = Match(PLAYERS, rules)
    m.record(RoundResult("Anna", {"Bruno": 110, "Carla": 40}))
    assert m.eliminated == ("Bruno",)
    return m


def test_reentry_off_is_refused() -> None:
    m = bust_bruno(CLASSICO)
    before = m.to_dict()
    err = raises(Reason.REENTRY_NOT_ALLOWED, lambda: m.reenter("Bruno"))
    assert "rientro" in str(err) and "re-entry" in err.message("en")
    assert not m.can_reenter("Bruno")
    assert m.to_dict() == before


def test_reentry_at_the_highest_active_total() -> None:
    m = bust_bruno(Rules(reentry=True))
    assert m.can_reenter("Bruno")
    assert m.reenter("Bruno") == 40
    assert m.totals["Bruno"] == 40
    assert m.active == PLAYERS


def test_reentry_refusals() -> None:
    m = bust_bruno(Rules(reentry=True))
    raises(Reason.PLAYER_NOT_ELIMINATED, lambda: m.reenter("Carla"))
    raises(Reason.UNKNOWN_PLAYER, lambda: m.reenter("Zeno"))
    m.reenter("Bruno")
    raises(Reason.PLAYER_NOT_ELIMINATED, lambda: m.reenter("Bruno"))


def test_reentry_not_once_the_match_is_over() -> None:
    m = Match(PLAYERS, Rules(reentry=True))
    m.record(RoundResult("Anna", {"Bruno": 110, "Carla": 140}))
    assert m.is_over
    raises(Reason.MATCH_OVER, lambda: m.reenter("Bruno"))


@pytest.mark.parametrize("limit", [0, 1, 2, None])
def test_max_reentries(limit: int | None) -> None:
    m = Match(PLAYERS, Rules(reentry=True, max_reentries=limit))
    done = 0
    for _ in range(4):
        m.record(RoundResult("Anna", {"Bruno": 150, "Carla": 1}))
        if limit is not None and done >= limit:
            raises(Reason.REENTRY_NOT_ALLOWED, lambda: m.reenter("Bruno"))
            break
        m.reenter("Bruno")
        done += 1
    assert done == (4 if limit is None else limit)
    assert len(m.reentries) == done


@pytest.mark.parametrize("stake", [0, 1, 3])
def test_reentry_stake(stake: int) -> None:
    m = Match(PLAYERS, Rules(reentry=True, reentry_stake=stake))
    for _ in range(2):
        m.record(RoundResult("Anna", {"Bruno": 150, "Carla": 1}))
        m.reenter("Bruno")
    assert m.stakes == {"Anna": 0, "Bruno": 2 * stake, "Carla": 0}
    assert all(r.stake == stake for r in m.reentries)


# --- messa, rounding and scempio across rounds ---


def test_messa_levels_across_rounds() -> None:
    rules = get_preset("enciclopedia")  # tens, messa 50, scempio, 300
    m = Match(PLAYERS, rules)
    assert m.messa_level == 50
    s1 = m.record(RoundResult("Anna", {"Bruno": 30, "Carla": 24}))
    assert dict(s1.scores) == {"Anna": 0, "Bruno": 80, "Carla": 70} and s1.messa == 50
    s2 = m.record(RoundResult("Anna", {"Bruno": 30, "Carla": 4}, in_one_turn=True))
    assert dict(s2.scores) == {"Anna": 0, "Bruno": 30, "Carla": 0} and s2.messa == 0
    assert m.messa_level == 100
    s3 = m.record(RoundResult("Bruno", {"Anna": 5, "Carla": 0}, in_one_turn=True))
    assert s3.messa == 0 and m.messa_level == 150
    s4 = m.record(RoundResult("Carla", {"Anna": 0, "Bruno": 15}))
    assert dict(s4.scores) == {"Anna": 150, "Bruno": 170, "Carla": 0} and s4.messa == 150
    assert m.messa_level == 50
    assert m.to_dict()["messa_level"] == 50


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [(RummyBonus.DOUBLE, 46), (RummyBonus.ADD, 48), (RummyBonus.NONE, 23)],
)
def test_rummy_bonus_in_a_match(bonus: RummyBonus, expected: int) -> None:
    m = Match(PLAYERS, Rules(rummy_bonus=bonus))
    sheet = m.record(RoundResult("Carla", {"Anna": 23, "Bruno": 0}, in_one_turn=True))
    assert sheet.scores["Anna"] == expected


def test_hands_as_cards_are_counted_by_the_rules() -> None:
    hand = parse_cards("AS JK 7C")
    m = Match(PLAYERS, Rules(ace_penalty=1, joker_penalty=30, rounding=Rounding.TENS))
    sheet = m.record(RoundResult("Anna", {"Bruno": hand, "Carla": []}))
    assert dict(sheet.hand_points) == {"Bruno": 38, "Carla": 0}
    assert dict(sheet.scores) == {"Anna": 0, "Bruno": 40, "Carla": 0}


def test_hands_order_follows_the_seats() -> None:
    m = Match(PLAYERS, CLASSICO)
    sheet = m.record(RoundResult("Bruno", {"Carla": 1, "Anna": 2}))
    assert list(sheet.hand_points) == ["Anna", "Carla"]


# --- capped rounds ---


def test_capped_round_lowest_hand_wins() -> None:
    m = Match(PLAYERS, Rules(on_round_cap=RoundCap.LOWEST_HAND_WINS))
    sheet = m.record(RoundResult(None, {"Anna": 12, "Bruno": 30, "Carla": 7}))
    assert sheet.out is None
    assert dict(sheet.scores) == {"Anna": 12, "Bruno": 30, "Carla": 0}
    assert dict(sheet.credits) == {}


def test_capped_round_all_score() -> None:
    m = Match(PLAYERS, Rules(on_round_cap=RoundCap.ALL_SCORE))
    sheet = m.record(RoundResult(None, {"Anna": 12, "Bruno": 30, "Carla": 7}))
    assert dict(sheet.scores) == {"Anna": 12, "Bruno": 30, "Carla": 7}


# --- Casertano ---


def test_casertano_points_credits_and_reentry() -> None:
    rules = get_preset("casertano")
    m = Match(PLAYERS, rules)
    s1 = m.record(
        RoundResult("Anna", {"Bruno": parse_cards("JK 5C"), "Carla": 30}, closing=Closing.FLUSH)
    )
    assert dict(s1.scores) == {"Anna": -20, "Bruno": 55, "Carla": 30}
    assert dict(s1.credits) == {"Anna": 2}
    s2 = m.record(RoundResult("Bruno", {"Anna": 0, "Carla": 10}, closing=Closing.STRAIGHT))
    assert s2.scores["Bruno"] == -50 and dict(s2.credits) == {"Bruno": 5}
    s3 = m.record(RoundResult("Carla", {"Anna": 10, "Bruno": 105}))
    assert s3.scores["Carla"] == -10 and dict(s3.credits) == {"Carla": 1}
    assert m.totals == {"Anna": -10, "Bruno": 110, "Carla": 30}
    assert m.credits == {"Anna": 2, "Bruno": 5, "Carla": 1}
    # Lose at 110; re-enter at the highest total among those still in, for one stake.
    assert s3.eliminated == ("Bruno",)
    assert m.reenter("Bruno") == 30
    assert m.stakes == {"Anna": 0, "Bruno": 1, "Carla": 0}


def test_casertano_seven_of_a_kind_wins_the_match_at_once() -> None:
    m = Match(PLAYERS, get_preset("casertano"))
    m.record(RoundResult("Anna", {"Bruno": 20, "Carla": 30}))
    sheet = m.record(
        RoundResult("Carla", {"Anna": 5, "Bruno": 40}, closing=Closing.SEVEN_OF_A_KIND)
    )
    assert m.is_over and m.winner == "Carla"
    assert len(m.rounds) == 2 and sheet.closing is Closing.SEVEN_OF_A_KIND
    assert m.standing()[0] == "Carla"
    assert m.to_dict()["rounds"][1]["closing"] == "seven_of_a_kind"
    raises(Reason.MATCH_OVER, lambda: m.record(RoundResult("Anna", {"Bruno": 1, "Carla": 1})))


def test_seven_of_a_kind_needs_the_knob() -> None:
    m = Match(PLAYERS, CLASSICO)
    before = m.to_dict()
    err = raises(
        Reason.BAD_ROUND_RESULT,
        lambda: m.record(
            RoundResult("Carla", {"Anna": 5, "Bruno": 40}, closing=Closing.SEVEN_OF_A_KIND)
        ),
    )
    assert "sette carte" in str(err) and "seven cards" in err.message("en")
    assert m.to_dict() == before
    ok = Match(PLAYERS, replace(CLASSICO, seven_of_a_kind_wins=True))
    ok.record(RoundResult("Carla", {"Anna": 5, "Bruno": 40}, closing=Closing.SEVEN_OF_A_KIND))
    assert ok.winner == "Carla"


@pytest.mark.parametrize("closing", [Closing.FLUSH, Closing.STRAIGHT])
def test_flush_and_straight_are_fine_in_classico(closing: Closing) -> None:
    m = Match(PLAYERS, CLASSICO)
    sheet = m.record(RoundResult("Carla", {"Anna": 5, "Bruno": 40}, closing=closing))
    assert sheet.scores["Carla"] == 0 and dict(sheet.credits) == {}


# --- construction ---


def test_players_must_be_distinct() -> None:
    err = raises(Reason.DUPLICATE_PLAYER, lambda: Match(["Anna", "Anna"], CLASSICO))
    assert "Anna" in str(err)


def test_player_count_limits() -> None:
    raises(Reason.TOO_FEW_PLAYERS, lambda: Match(["Anna"], CLASSICO))
    raises(Reason.TOO_MANY_PLAYERS, lambda: Match([f"P{i}" for i in range(8)], CLASSICO))
    raises(Reason.TOO_MANY_PLAYERS, lambda: Match(PLAYERS, get_preset("classico-2")))
    assert Match([f"P{i}" for i in range(7)], CLASSICO).active == tuple(f"P{i}" for i in range(7))


# --- validation leaves the match unchanged ---


def advanced_match() -> Match:
    """Bruno out, a round of history, a pending re-entry state: something to spoil."""
    m = Match(("Anna", "Bruno", "Carla", "Dario"), Rules(reentry=True, messa=50))
    m.record(RoundResult("Anna", {"Bruno": 80, "Carla": 10, "Dario": 0}))
    assert m.eliminated == ("Bruno",)
    return m


BAD_RESULTS: list[tuple[str, RoundResult, Reason]] = [
    (
        "unknown closer",
        RoundResult("Zeno", {"Anna": 1, "Carla": 1, "Dario": 1}),
        Reason.UNKNOWN_PLAYER,
    ),
    (
        "unknown hand",
        RoundResult("Anna", {"Carla": 1, "Dario": 1, "Zeno": 1}),
        Reason.UNKNOWN_PLAYER,
    ),
    (
        "eliminated closer",
        RoundResult("Bruno", {"Anna": 1, "Carla": 1, "Dario": 1}),
        Reason.PLAYER_ELIMINATED,
    ),
    (
        "eliminated hand",
        RoundResult("Anna", {"Bruno": 1, "Carla": 1, "Dario": 1}),
        Reason.PLAYER_ELIMINATED,
    ),
    ("missing hand", RoundResult("Anna", {"Carla": 1}), Reason.BAD_ROUND_RESULT),
    (
        "closer's hand",
        RoundResult("Anna", {"Anna": 0, "Carla": 1, "Dario": 1}),
        Reason.BAD_ROUND_RESULT,
    ),
    ("negative points", RoundResult("Anna", {"Carla": -1, "Dario": 1}), Reason.BAD_ROUND_RESULT),
    ("cap missing a hand", RoundResult(None, {"Carla": 1, "Dario": 1}), Reason.BAD_ROUND_RESULT),
    (
        "one turn without closer",
        RoundResult(None, {"Anna": 1, "Carla": 1, "Dario": 1}, in_one_turn=True),
        Reason.BAD_ROUND_RESULT,
    ),
    (
        "flush without closer",
        RoundResult(None, {"Anna": 1, "Carla": 1, "Dario": 1}, closing=Closing.FLUSH),
        Reason.BAD_ROUND_RESULT,
    ),
    (
        "seven of a kind off",
        RoundResult("Anna", {"Carla": 1, "Dario": 1}, closing=Closing.SEVEN_OF_A_KIND),
        Reason.BAD_ROUND_RESULT,
    ),
    (
        "not a card",
        RoundResult("Anna", {"Carla": ["7H"], "Dario": 1}),  # type: ignore[list-item]
        Reason.BAD_ROUND_RESULT,
    ),
    ("boolean points", RoundResult("Anna", {"Carla": True, "Dario": 1}), Reason.BAD_ROUND_RESULT),
    (
        "text hand",
        RoundResult("Anna", {"Carla": "7H 8H", "Dario": 1}),  # type: ignore[dict-item]
        Reason.BAD_ROUND_RESULT,
    ),
    (
        "unknown closing",
        RoundResult("Anna", {"Carla": 1, "Dario": 1}, closing="regale"),  # type: ignore[arg-type]
        Reason.BAD_ROUND_RESULT,
    ),
]


@pytest.mark.parametrize(
    ("label", "result", "reason"), BAD_RESULTS, ids=[b[0] for b in BAD_RESULTS]
)
def test_bad_result_is_refused_and_changes_nothing(
    label: str, result: RoundResult, reason: Reason
) -> None:
    m = advanced_match()
    before = m.to_dict()
    assert not m.can_record(result)
    err = raises(reason, lambda: m.record(result))
    raises(reason, lambda: m.check(result))
    assert m.to_dict() == before
    # Both languages render, and differ.
    assert err.message("it") != err.message("en")
    # The match still takes a good result afterwards.
    m.record(RoundResult("Anna", {"Carla": 1, "Dario": 1}))
    assert len(m.rounds) == 2


def test_bad_round_result_details_are_localized() -> None:
    m = advanced_match()
    err = raises(Reason.BAD_ROUND_RESULT, lambda: m.record(RoundResult("Anna", {"Carla": 1})))
    assert "Dario" in str(err) and "manca" in str(err)
    assert "missing" in err.message("en")
    # The error carries the values; the catalogue words them in each language.
    assert err.params["detail"] == Phrase(Detail.HANDS_MISSING, names="Dario")


def test_refused_reentry_changes_nothing() -> None:
    m = advanced_match()
    before = m.to_dict()
    raises(Reason.PLAYER_NOT_ELIMINATED, lambda: m.reenter("Carla"))
    raises(Reason.UNKNOWN_PLAYER, lambda: m.reenter("Zeno"))
    assert m.to_dict() == before


def test_match_over_refuses_everything_and_changes_nothing() -> None:
    m = Match(PLAYERS, CLASSICO)
    play(m, [r for r, _ in MATCH_101])
    before = m.to_dict()
    err = raises(Reason.MATCH_OVER, lambda: m.record(RoundResult("Anna", {})))
    assert "Anna" in str(err)
    raises(Reason.MATCH_OVER, lambda: m.reenter("Bruno"))
    assert m.to_dict() == before


def test_sheet_lines_are_copies() -> None:
    m = Match(PLAYERS, CLASSICO)
    sheet = m.record(RoundResult("Anna", {"Bruno": 5, "Carla": 6}))
    m.record(RoundResult("Anna", {"Bruno": 5, "Carla": 6}))
    assert dict(sheet.totals) == {"Anna": 0, "Bruno": 5, "Carla": 6}
    m.totals["Anna"] = 999
    assert m.totals["Anna"] == 0


# --- property: random sequences of results ---

RULE_CHOICES = [
    CLASSICO,
    Rules(min_players=3),
    Rules(min_players=3, max_players=5, reentry=True, max_reentries=1),
    Rules(reentry=True, max_reentries=2, reentry_stake=1),
    Rules(match_end=MatchEnd.FIRST_TO_TARGET, on_round_cap=RoundCap.ALL_SCORE),
    Rules(match_end=MatchEnd.FIXED_ROUNDS, match_rounds=5),
    get_preset("enciclopedia"),
    get_preset("tradizionale"),
    replace(get_preset("casertano"), max_reentries=3),
    Rules(rounding=Rounding.TENS, messa=50, reentry=True, on_round_cap=RoundCap.ALL_SCORE),
]
CARDS = st.lists(st.sampled_from([*NATURAL_CARDS, JOKER]), max_size=13)


@st.composite
def hand_value(draw: st.DrawFn) -> int | list[Card]:
    if draw(st.booleans()):
        # Mostly small hands, so matches last several rounds; now and then a bad count.
        return draw(st.one_of(st.integers(0, 40), st.integers(0, 40), st.integers(-3, 130)))
    return draw(CARDS)


def check_invariants(m: Match) -> None:
    expected = dict.fromkeys(m.players, 0)
    for sheet in m.rounds:
        for name, score in sheet.scores.items():
            expected[name] += score
    for r in m.reentries:
        expected[r.player] += r.total - r.previous_total
    assert m.totals == expected
    assert set(m.active) | set(m.eliminated) == set(m.players)
    assert not set(m.active) & set(m.eliminated)
    assert sorted(m.standing()) == sorted(m.players)
    assert m.winner is None or m.is_over
    if m.winner is not None:
        assert m.standing()[0] == m.winner
    assert sum(m.stakes.values()) == sum(r.stake for r in m.reentries)
    assert all(v >= 0 for v in m.credits.values())
    # A match goes on short of players only while a re-entry could fill the table again.
    if len(m.active) < m.rules.min_players:
        assert m.is_over or (m.short_handed and m.rules.reentry)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_sequences_only_raise_score_errors(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(RULE_CHOICES))
    count = data.draw(st.integers(min_value=rules.min_players, max_value=rules.max_players))
    players = [f"P{i}" for i in range(count)]
    m = Match(players, rules)
    names = st.sampled_from([*players, "Zeno"])
    for _ in range(data.draw(st.integers(min_value=0, max_value=25))):
        before = m.to_dict()
        over = m.is_over
        try:
            if data.draw(st.integers(0, 5)) == 0:
                m.reenter(data.draw(st.one_of(st.sampled_from(m.eliminated or players), names)))
            elif m.short_handed and data.draw(st.booleans()):
                m.close_reentries()
                assert m.is_over and m.winner in (*m.active, None)
            else:
                active = list(m.active)
                out = data.draw(st.one_of(st.none(), st.sampled_from(active or ["Zeno"]), names))
                others = [p for p in active if p != out]
                if data.draw(st.integers(0, 4)) == 0:
                    chosen = data.draw(st.lists(names, unique=True))
                else:
                    chosen = others
                hands: dict[str, Any] = {p: data.draw(hand_value()) for p in chosen}
                # Mostly plain closings, so that most results are valid.
                odd = data.draw(st.integers(0, 3)) == 0
                result = RoundResult(
                    out,
                    hands,
                    in_one_turn=odd and data.draw(st.booleans()),
                    closing=data.draw(st.sampled_from(list(Closing))) if odd else Closing.SIMPLE,
                )
                m.record(result)
        except ScoreError as err:
            assert m.to_dict() == before
            if over:
                assert err.reason is Reason.MATCH_OVER
        else:
            assert not over, "a finished match accepted something"
        check_invariants(m)
        if over:
            break
    if m.is_over:
        raises(Reason.MATCH_OVER, lambda: m.record(RoundResult(None, {})))
        raises(Reason.MATCH_OVER, lambda: m.reenter(players[0]))


@pytest.mark.parametrize("name", ["", "   "])
def test_players_need_a_name(name: str) -> None:
    with pytest.raises(ScoreError) as info:
        Match(["Anna", name], Rules())
    assert "nome" in str(info.value) and "name" in info.value.message("en")


# --- too few players left to deal ---

THREE_AT_LEAST = Rules(min_players=3)


def test_a_match_ends_when_too_few_players_are_left_to_deal() -> None:
    # Bruno busts; Anna and Carla cannot play on where the rules need three at the table.
    m = Match(PLAYERS, THREE_AT_LEAST)
    sheet = m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 120}))
    assert sheet.eliminated == ("Bruno",)
    assert m.is_over and not m.short_handed
    assert m.winner == "Carla"  # the lowest total among those still in
    assert m.standing() == ["Carla", "Anna", "Bruno"]
    assert m.result("en") == "Carla wins, with 0."
    raises(Reason.MATCH_OVER, lambda: m.record(RoundResult("Anna", {"Carla": 10})))


def test_the_lowest_total_left_wins_and_a_tie_is_a_draw() -> None:
    m = Match([*PLAYERS, "Dario"], replace(THREE_AT_LEAST, target=100))
    m.record(RoundResult("Dario", {"Anna": 50, "Bruno": 30, "Carla": 40}))
    # Anna and Carla bust together: Bruno (30 + 0) and Dario (0 + 30) tie at 30.
    m.record(RoundResult("Bruno", {"Anna": 60, "Carla": 70, "Dario": 30}))
    assert m.active == ("Bruno", "Dario") and m.is_over
    assert m.winner is None
    assert m.result("en") == "The match ended in a draw."


def test_a_table_of_the_minimum_plays_on_when_nobody_busts() -> None:
    m = Match(PLAYERS, THREE_AT_LEAST)
    m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 100}))
    assert not m.is_over and not m.short_handed and m.active == PLAYERS


def test_with_reentry_the_match_waits_for_the_reentries() -> None:
    m = Match(PLAYERS, replace(THREE_AT_LEAST, reentry=True))
    m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 120}))
    assert m.short_handed and not m.is_over and m.winner is None
    # No round can have been dealt to two: refused, and nothing changes.
    before = m.to_dict()
    error = raises(Reason.TOO_FEW_PLAYERS, lambda: m.record(RoundResult("Anna", {"Carla": 5})))
    assert "3" in error.message("en") and "2" in error.message("en")
    assert m.to_dict() == before
    # Bruno comes back in at the highest total among those still in: the table is whole again.
    assert m.reenter("Bruno") == 60
    assert not m.short_handed
    m.close_reentries()  # nothing to close: three are in
    assert not m.is_over
    m.record(RoundResult("Anna", {"Bruno": 10, "Carla": 20}))
    assert m.totals == {"Anna": 60, "Bruno": 70, "Carla": 20}


def test_reentries_closed_on_a_short_table_end_the_match() -> None:
    m = Match(PLAYERS, replace(THREE_AT_LEAST, reentry=True))
    m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 120}))
    m.close_reentries()
    assert m.is_over and m.winner == "Carla"
    assert m.standing() == ["Carla", "Anna", "Bruno"]
    raises(Reason.MATCH_OVER, lambda: m.reenter("Bruno"))


def test_a_table_no_reentry_can_fill_ends_at_once() -> None:
    # Bruno has used his one re-entry: when he busts again, nobody can make the table up.
    m = Match(PLAYERS, replace(THREE_AT_LEAST, reentry=True, max_reentries=1))
    m.record(RoundResult("Carla", {"Anna": 60, "Bruno": 120}))
    m.reenter("Bruno")
    m.record(RoundResult("Carla", {"Anna": 20, "Bruno": 50}))
    assert m.eliminated == ("Bruno",) and m.is_over and m.winner == "Carla"


def test_reentry_counts_only_while_it_could_fill_the_table() -> None:
    # Four need to sit; two bust together and one of them may come back: still one short.
    rules = Rules(min_players=4, reentry=True, max_reentries=1)
    m = Match([*PLAYERS, "Dario", "Elena"], rules)
    m.record(RoundResult("Elena", {"Anna": 120, "Bruno": 5, "Carla": 5, "Dario": 5}))
    m.reenter("Anna")
    m.record(RoundResult("Elena", {"Anna": 120, "Bruno": 120, "Carla": 5, "Dario": 5}))
    # Bruno may re-enter, Anna may not: Carla, Dario, Elena and Bruno make four.
    assert m.short_handed and not m.is_over
    m.reenter("Bruno")
    assert m.active == ("Bruno", "Carla", "Dario", "Elena")
    m.record(RoundResult("Elena", {"Bruno": 120, "Carla": 120, "Dario": 5}))
    # Bruno and Carla out, Bruno's re-entry used: Carla alone could come back, and two plus
    # one are not four.
    assert m.is_over and m.winner == "Elena"
