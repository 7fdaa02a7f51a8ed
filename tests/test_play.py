"""A match played round after round: who sits at each round, who deals, the seeds, re-entry,
and the end of the match, on top of the score sheet.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ramino.ai import RandomBot, play_match
from ramino.engine import IllegalAction, Reason, Rules, ScoreError, get_preset
from ramino.engine.actions import Discard, Draw
from ramino.engine.match import RoundSheet
from ramino.engine.play import MatchPlay, round_seed, turns_played
from ramino.engine.round import EndReason, Phase, Round
from ramino.engine.rules import Direction

NAMES = ["Anna", "Bruno", "Carla", "Dario"]
# One turn each, then the cap ends the round: cheap rounds whose count is all that matters.
QUICK = replace(get_preset("classico"), max_turns=4, target=10_000)


def draw_and_discard(round_: Round) -> None:
    """Play the round out by drawing from the stock and discarding the highest card: a fixed
    policy that does not depend on the order of the legal actions."""
    while not round_.is_over:
        if round_.phase is Phase.DRAW:
            round_.apply(Draw())
        else:
            round_.apply(Discard(round_.hand(round_.to_play)[-1]))


def finish(play: MatchPlay) -> RoundSheet:
    round_ = play.start_round()
    draw_and_discard(round_)
    return play.finish_round()


def seed_where_worst(rules: Rules, name: str) -> tuple[int, int]:
    """A match seed whose first round (dealt by Anna, played by :func:`draw_and_discard`)
    leaves ``name`` strictly the worst hand, and a target that only he reaches."""
    seat = NAMES.index(name)
    for seed in range(200):
        round_ = Round(rules, len(NAMES), seed=round_seed(seed, 1), dealer=0)
        draw_and_discard(round_)
        assert round_.end is not None
        counts = round_.end.counts
        others = [c for s, c in enumerate(counts) if s != seat]
        if counts[seat] > max(others):
            return seed, counts[seat]
    raise AssertionError("no such deal in 200 seeds")


def test_dealer_rotates_clockwise_and_deals_to_the_next_seat() -> None:
    play = MatchPlay(NAMES, QUICK, seed=5)
    for expected in ["Anna", "Bruno", "Carla", "Dario", "Anna"]:
        assert play.next_dealer == expected
        round_ = play.start_round()
        assert play.dealer == expected
        assert play.names == tuple(NAMES)
        assert round_.dealer == NAMES.index(expected)
        assert round_.to_play == (round_.dealer + 1) % len(NAMES)
        draw_and_discard(round_)
        play.finish_round()
    assert play.dealers == ("Anna", "Bruno", "Carla", "Dario", "Anna")
    assert play.rounds == 5


def test_dealer_rotates_counterclockwise_when_play_does() -> None:
    rules = replace(QUICK, direction=Direction.COUNTERCLOCKWISE)
    play = MatchPlay(NAMES, rules, seed=5, dealer=1)
    for _ in range(5):
        round_ = play.start_round()
        # The first player sits after the dealer in the direction of play.
        assert round_.to_play == (round_.dealer - 1) % len(NAMES)
        draw_and_discard(round_)
        play.finish_round()
    assert play.dealers == ("Bruno", "Anna", "Dario", "Carla", "Bruno")


def test_eliminated_player_is_skipped_at_the_table_and_as_dealer() -> None:
    seed, target = seed_where_worst(QUICK, "Bruno")
    play = MatchPlay(NAMES, replace(QUICK, target=target), seed=seed)
    sheet = finish(play)
    assert sheet.eliminated == ("Bruno",)
    assert play.match.active == ("Anna", "Carla", "Dario")

    round_ = play.start_round()
    # Bruno would have dealt; the deal passes over him to Carla.
    assert play.names == ("Anna", "Carla", "Dario")
    assert play.dealer == "Carla"
    assert round_.players == 3
    assert (round_.dealer, round_.to_play) == (1, 2)
    assert len(round_.hand(0)) == 10
    draw_and_discard(round_)
    sheet = play.finish_round()
    assert "Bruno" not in sheet.scores
    if not play.is_over:
        after_carla = [name for name in ("Dario", "Anna") if name in play.match.active]
        assert play.next_dealer == after_carla[0]


def test_an_eliminated_dealer_passes_the_deal_on_from_his_seat() -> None:
    seed, target = seed_where_worst(QUICK, "Anna")
    play = MatchPlay(NAMES, replace(QUICK, target=target), seed=seed)
    assert finish(play).eliminated == ("Anna",)
    assert play.next_dealer == "Bruno"
    play.start_round()
    assert play.names == ("Bruno", "Carla", "Dario")
    assert play.round is not None and play.round.dealer == 0


def test_reentry_brings_the_player_back_to_the_table() -> None:
    rules = replace(QUICK, reentry=True)
    seed, target = seed_where_worst(rules, "Bruno")
    play = MatchPlay(NAMES, replace(rules, target=target), seed=seed)
    finish(play)
    assert play.match.eliminated == ("Bruno",)
    highest = max(play.match.totals[name] for name in play.match.active)
    assert play.reenter("Bruno") == highest
    round_ = play.start_round()
    assert play.names == tuple(NAMES)
    assert play.dealer == "Bruno"  # he is back in his seat, next after Anna
    assert round_.players == 4
    with pytest.raises(IllegalAction) as refused:
        play.reenter("Bruno")
    assert refused.value.reason is Reason.ROUND_NOT_OVER
    draw_and_discard(round_)
    assert play.finish_round().reentered == ("Bruno",)


def test_reentry_refused_where_the_rules_have_none() -> None:
    seed, target = seed_where_worst(QUICK, "Bruno")
    play = MatchPlay(NAMES, replace(QUICK, target=target), seed=seed)
    finish(play)
    with pytest.raises(ScoreError) as refused:
        play.reenter("Bruno")
    assert refused.value.reason is Reason.REENTRY_NOT_ALLOWED


def test_rounds_start_and_finish_in_turn() -> None:
    play = MatchPlay(NAMES, QUICK, seed=1)
    with pytest.raises(IllegalAction):
        play.finish_round()
    round_ = play.start_round()
    with pytest.raises(IllegalAction) as refused:
        play.start_round()
    assert refused.value.reason is Reason.ROUND_NOT_OVER
    with pytest.raises(IllegalAction):
        play.finish_round()
    draw_and_discard(round_)
    sheet = play.finish_round()
    assert sheet.number == 1 and play.round is None
    assert turns_played(round_) == 4
    assert round_.end is not None and round_.end.reason is EndReason.MAX_TURNS


@pytest.mark.parametrize(
    ("preset", "players"), [("classico", ["Anna", "Bruno", "Carla"]), ("classico-2", NAMES[:2])]
)
def test_a_match_between_bots_ends_with_a_winner(preset: str, players: list[str]) -> None:
    rules = replace(get_preset(preset), max_turns=60)
    play = MatchPlay(players, rules, seed=11)
    bots = {name: RandomBot(f"11/{name}") for name in players}
    seated: list[tuple[str, ...]] = []

    def check_round(round_: Round, sheet: RoundSheet) -> None:
        assert round_.is_over and round_.players == len(play.names)
        seated.append(play.names)

    match = play_match(play, bots, on_round=check_round)
    assert match is play.match and play.is_over
    assert play.winner in players
    assert play.winner == match.standing()[0]
    # Elimination: everybody but the winner has reached the target.
    assert match.active == (play.winner,)
    assert all(match.totals[name] >= rules.target for name in match.eliminated)
    assert len(seated) == play.rounds >= 1
    # Every round was dealt among the players still in at its start.
    for sheet, names in zip(match.rounds, seated, strict=True):
        assert set(sheet.scores) == set(names)
    with pytest.raises(ScoreError) as refused:
        play.start_round()
    assert refused.value.reason is Reason.MATCH_OVER


def test_the_match_seed_decides_every_deal_and_the_whole_match() -> None:
    rules = replace(get_preset("classico"), max_turns=30, target=150)
    players = NAMES[:3]

    def whole_match(seed: int) -> tuple[dict[str, object], list[tuple[int, ...]]]:
        play = MatchPlay(players, rules, seed=seed)
        decks: list[tuple[int, ...]] = []
        play_match(
            play,
            {name: RandomBot(f"{seed}/{name}") for name in players},
            on_round=lambda round_, _: decks.append(round_.deck_order),
        )
        return play.match.to_dict(), decks

    first, decks = whole_match(3)
    assert whole_match(3) == (first, decks)
    assert len(set(decks)) == len(decks)  # each round is a new deal
    assert whole_match(4)[1][0] != decks[0]
    # The deal of round k is Round's own shuffle of round_seed(seed, k).
    assert Round(rules, 3, seed=round_seed(3, 2), dealer=1).deck_order == decks[1]


def test_a_bad_first_dealer_or_table_is_refused() -> None:
    with pytest.raises(IllegalAction):
        MatchPlay(NAMES, QUICK, dealer=4)
    with pytest.raises(ScoreError) as refused:
        MatchPlay(["Anna"], QUICK)
    assert refused.value.reason is Reason.TOO_FEW_PLAYERS


# --- a table left with fewer players than the rules need ---


def test_a_match_ends_where_too_few_are_left_to_deal() -> None:
    # Four at the table and four needed: Dario alone reaches the target in round 1.
    rules = replace(QUICK, min_players=4)
    seed, worst = seed_where_worst(rules, "Dario")
    play = MatchPlay(NAMES, replace(rules, target=worst), seed=seed)
    sheet = finish(play)
    assert sheet.eliminated == ("Dario",)
    totals = play.match.totals
    assert play.is_over
    assert play.winner == min(NAMES[:3], key=lambda name: (totals[name], NAMES.index(name)))
    assert play.match.standing()[-1] == "Dario"
    with pytest.raises(ScoreError) as refused:
        play.start_round()
    assert refused.value.reason is Reason.MATCH_OVER


def test_a_short_table_waits_for_reentries_then_ends_when_they_close() -> None:
    rules = replace(QUICK, min_players=4, reentry=True)
    seed, worst = seed_where_worst(rules, "Dario")
    play = MatchPlay(NAMES, replace(rules, target=worst), seed=seed)
    finish(play)
    assert play.match.short_handed and not play.is_over
    # No deal to three: refused, and nothing changes.
    with pytest.raises(ScoreError) as refused:
        play.start_round()
    assert refused.value.reason is Reason.TOO_FEW_PLAYERS
    assert play.round is None and play.dealers == ("Anna",) and play.next_dealer == "Bruno"
    play.close_reentries()
    assert play.is_over and play.winner in NAMES[:3]


def test_a_reentry_lets_the_short_table_play_on() -> None:
    rules = replace(QUICK, min_players=4, reentry=True)
    seed, worst = seed_where_worst(rules, "Dario")
    play = MatchPlay(NAMES, replace(rules, target=worst), seed=seed)
    finish(play)
    play.reenter("Dario")
    play.close_reentries()
    assert not play.is_over
    assert play.start_round().players == 4


@pytest.mark.parametrize("reentry", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_bots_finish_matches_that_need_three_at_the_table(reentry: bool, seed: int) -> None:
    # Random rules with min_players = 3 once made the next deal fail after an elimination.
    rules = replace(get_preset("classico"), min_players=3, max_turns=30, target=60, reentry=reentry)
    players = NAMES[: 3 + seed % 2]
    play = MatchPlay(players, rules, seed=seed)
    sizes: list[int] = []

    def let_back(round_: Round, sheet: RoundSheet) -> None:
        sizes.append(round_.players)
        # Now and then the first one out comes back in, as a table might decide.
        if sheet.eliminated and play.match.can_reenter(sheet.eliminated[0]) and seed % 3:
            play.reenter(sheet.eliminated[0])

    play_match(play, {name: RandomBot(f"{seed}/{name}") for name in players}, on_round=let_back)
    assert play.is_over
    assert min(sizes) >= 3  # every round was dealt to a full table
    active = play.match.active
    assert len(active) == 1 or len(active) < 3
    if len(active) > 1:
        totals = play.match.totals
        best = min(totals[name] for name in active)
        lowest = [name for name in active if totals[name] == best]
        assert play.winner == (lowest[0] if len(lowest) == 1 else None)
