"""Tournaments (:mod:`ramino.ai.tournament`): the Wilson interval, the seat rotation, duplicate
deals, who wins a round, the figures per bot, and that several processes give the very same
results as one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import multiprocessing
import sys
from collections import defaultdict

import pytest

from ramino.ai import Bot, BotError, BotReason, GreedyBot, Style, tournament
from ramino.ai.tournament import (
    BOTS,
    BotStats,
    GameOutcome,
    RoundOutcome,
    TournamentResult,
    make_bot,
    play_tournament,
    round_winner,
    run_tournament,
    schedule,
    seat_lineup,
    wilson,
)
from ramino.engine import get_preset
from ramino.engine.round import Round
from ramino.engine.rules import RoundCap, Rules

FOUR = ("random", "greedy", "principiante", "intermedio")


def short(turns: int = 12, preset: str = "classico") -> Rules:
    """Rules with a low turn cap, so that rounds stay short (and some end by the cap)."""
    return dataclasses.replace(get_preset(preset), max_turns=turns)


def without_clock(result: TournamentResult) -> list[GameOutcome]:
    """The games with the times taken out: the only figures that depend on the clock."""
    return [
        dataclasses.replace(
            game,
            rounds=tuple(dataclasses.replace(r, seconds=(), times=()) for r in game.rounds),
        )
        for game in result.games
    ]


# --- the Wilson interval ---


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 1, 0.2065, 1.0),
        (81, 263, 0.2553, 0.3662),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_known_values(wins: int, trials: int, low: float, high: float) -> None:
    got = wilson(wins, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_is_symmetric_and_holds_the_rate() -> None:
    for trials in (1, 7, 40):
        for wins in range(trials + 1):
            low, high = wilson(wins, trials)
            assert 0.0 <= low <= wins / trials <= high <= 1.0
            mirror = wilson(trials - wins, trials)
            assert (low, high) == pytest.approx((1 - mirror[1], 1 - mirror[0]))
    assert wilson(0, 0) == (0.0, 1.0)


# --- the registry ---


@pytest.mark.parametrize("name", list(BOTS))
def test_every_registered_bot_is_made_from_a_seed(name: str) -> None:
    bot = make_bot(name, seed=b"x")
    assert isinstance(bot, Bot)
    observation = Round(get_preset("classico"), 2, seed=1).observation(1)
    assert bot.act(observation) in observation.legal_actions


def test_the_levels_and_the_plain_bots_are_registered() -> None:
    assert {"random", "greedy", "principiante", "intermedio", "esperto"} <= set(BOTS)
    with pytest.raises(BotError) as raised:
        make_bot("clever")
    # One hierarchy: a bot that does not exist is a RaminoError, and still a ValueError.
    assert isinstance(raised.value, ValueError) and raised.value.reason is BotReason.UNKNOWN_BOT
    assert raised.value.message("en").startswith("Unknown bot 'clever': choose one of random,")
    # The levels by their English names too; "expert" is the expert bot, as esperto is.
    assert make_bot("beginner").name == "beginner"
    assert make_bot("Intermediate").name == "intermediate"


# --- the schedule ---


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rotation_puts_every_bot_in_every_seat(players: int) -> None:
    lineup = FOUR[:players]
    result = run_tournament(short(6), lineup, 2 * players, seed=5)
    seats: dict[str, list[int]] = defaultdict(list)
    for game in result.games:
        assert game.bots == seat_lineup(lineup, game.game.rotation)
        for seat, name in enumerate(game.bots):
            seats[name].append(seat)
    # Twice round the table: each bot twice in each seat, and the order around it kept.
    for name in lineup:
        assert sorted(seats[name]) == sorted([*range(players)] * 2)
    first, second = result.games[0].bots, result.games[1].bots
    assert second == (first[-1], *first[:-1])
    # New cards every game, and seat 0 always deals.
    seeds = [r.seed for r in result.rounds]
    assert len(set(seeds)) == len(seeds)


def test_duplicate_deals_replay_each_deal_once_per_seat() -> None:
    players = 3
    lineup = FOUR[:players]
    rules = short(8)
    result = run_tournament(rules, lineup, 2, seed="dup", duplicate=True)
    assert [(g.game.deal, g.game.rotation) for g in result.games] == [
        (d, k) for d in (1, 2) for k in range(players)
    ]
    rounds = result.rounds
    assert len(rounds) == 2 * players
    for deal in range(2):
        group = rounds[deal * players : (deal + 1) * players]
        assert len({r.seed for r in group}) == 1  # the same cards every time
        dealt = [Round(rules, players, seed=r.seed, dealer=0) for r in group]
        assert all(d.hands == dealt[0].hands for d in dealt)
        # Each bot holds each seat's hand of the deal once.
        for name in lineup:
            assert sorted(r.bots.index(name) for r in group) == list(range(players))
    assert rounds[0].seed != rounds[players].seed


def test_schedule_counts() -> None:
    assert len(list(schedule(5, 4))) == 5
    assert len(list(schedule(5, 4, duplicate=True))) == 20
    assert [g.index for g in schedule(3, 2, duplicate=True)] == list(range(6))


def test_the_schedule_is_made_as_it_goes() -> None:
    # A googol of deals costs nothing up front; game i is the same however far one goes.
    games = schedule(10**100, 3, duplicate=True)
    first = list(itertools.islice(games, 7))
    assert [(g.index, g.deal, g.rotation) for g in first[5:]] == [(5, 2, 2), (6, 3, 0)]
    assert first == list(schedule(3, 3, duplicate=True))[:7]


# --- who wins ---


def test_a_round_is_won_by_going_out_or_by_the_lowest_count_alone() -> None:
    assert round_winner(1, ()) == 1
    assert round_winner(None, (2,)) == 2
    assert round_winner(None, (0, 2)) is None  # a tie: nobody's win
    assert round_winner(None, ()) is None  # the rules give a capped round to nobody


def test_capped_rounds_follow_the_rules() -> None:
    rules = short(2)  # two turns: every round is stopped by the cap
    result = run_tournament(rules, ["random", "greedy", "random"], 12, seed=3)
    for r in result.rounds:
        assert r.out is None
        low = min(r.counts)
        lowest = [s for s, c in enumerate(r.counts) if c == low]
        if len(lowest) == 1:
            assert (r.winner, r.tied) == (lowest[0], ())
        else:
            assert (r.winner, r.tied) == (None, tuple(lowest))
    nobody = dataclasses.replace(rules, on_round_cap=RoundCap.ALL_SCORE)
    result = run_tournament(nobody, ["random", "greedy"], 4, seed=3)
    assert all(r.winner is None and r.tied == () for r in result.rounds)
    assert sum(s.wins for s in result.bot_stats().values()) == 0


def test_a_tie_counts_a_draw_for_each_tied_seat_and_no_win() -> None:
    outcome = RoundOutcome(
        seed=b"s",
        bots=("greedy", "greedy", "random"),
        table_seats=(0, 1, 2),
        out=None,
        winner=None,
        tied=(0, 2),
        counts=(5, 9, 5),
        turns=10,
        decisions=(4, 3, 3),
        seconds=(0.004, 0.002, 0.001),
    )
    game = GameOutcome(next(schedule(1, 3)), outcome.bots, (outcome,))
    result = TournamentResult(("greedy", "random"), (game,), 0.0)
    stats = result.bot_stats()
    assert (stats["greedy"].rounds, stats["greedy"].wins, stats["greedy"].draws) == (2, 0, 1)
    assert (stats["random"].rounds, stats["random"].wins, stats["random"].draws) == (1, 0, 1)
    assert stats["greedy"].mean_penalty == 7.0
    assert stats["greedy"].mean_decision_ms == pytest.approx(6 / 7)


# --- the figures per bot ---


def test_a_bot_in_two_seats_counts_both() -> None:
    result = run_tournament(short(10), ["greedy", "random", "greedy"], 4, seed=9)
    stats = result.bot_stats()
    assert list(stats) == ["greedy", "random"]
    assert (stats["greedy"].rounds, stats["random"].rounds) == (8, 4)
    wins = sum(s.wins for s in stats.values())
    assert wins == sum(r.winner is not None for r in result.rounds)
    assert stats["greedy"].decisions + stats["random"].decisions == sum(
        sum(r.decisions) for r in result.rounds
    )


def test_bot_figures_as_json() -> None:
    stats = BotStats(rounds=10, wins=5, penalty=123, decisions=4, seconds=0.01)
    assert stats.to_dict() == {
        "win_rate": 0.5,
        "ci95": [0.2366, 0.7634],
        "mean_penalty": 12.3,
        "mean_decision_ms": 2.5,
        "rounds": 10,
        "wins": 5,
    }
    assert BotStats().to_dict()["ci95"] == [0.0, 1.0]


def test_matches_are_counted_per_bot_whatever_its_seat() -> None:
    rules = dataclasses.replace(get_preset("classico-2"), target=40)
    result = run_tournament(
        rules, ["intermedio", "random"], 6, seed=4, duplicate=True, matches=True
    )
    stats = result.bot_stats()
    assert [stats[name].matches for name in ("intermedio", "random")] == [12, 12]
    # Every match has one winner here, and the bot that won it is the one at its seat.
    winners = [game.bots[game.winner] for game in result.games if game.winner is not None]
    assert stats["intermedio"].match_wins == winners.count("intermedio")
    assert stats["random"].match_wins == winners.count("random")
    assert stats["intermedio"].match_wins > stats["random"].match_wins
    for game in result.games:
        # Played to 40: the winner ends under it, the other at or over it.
        assert game.winner is not None and game.chips == ()
        assert game.totals[game.winner] < 40 <= game.totals[1 - game.winner]
    finals = [game.totals[game.bots.index("random")] for game in result.games]
    assert stats["random"].mean_final == pytest.approx(sum(finals) / len(finals))
    low, high = stats["intermedio"].match_ci95
    assert 0.5 < low <= stats["intermedio"].match_rate <= high


def test_match_figures_as_json() -> None:
    stats = BotStats(matches=10, match_wins=7, finals=[10, 20, 120])
    data = stats.to_dict()["matches"]
    assert data == {
        "played": 10,
        "won": 7,
        "win_rate": 0.7,
        "ci95": [0.3968, 0.8922],
        "mean_final_total": 50.0,
    }
    assert "matches" not in BotStats(rounds=3).to_dict()


def test_a_match_for_chips_counts_the_chips_won() -> None:
    rules = get_preset("pokerato-immaginario")
    result = run_tournament(rules, ["intermedio", "principiante"], 2, seed=3, matches=True)
    stats = result.bot_stats()
    for game in result.games:
        # Chips are only won from the others: what one seat gains, the other loses.
        assert len(game.chips) == 2 and sum(game.chips) <= 0
    assert len(stats["intermedio"].match_chips) == 2
    assert "mean_final_chips" in stats["intermedio"].to_dict()["matches"]


def test_times_are_kept_only_when_asked() -> None:
    rules = short(6)
    assert all(r.times == () for r in run_tournament(rules, ["greedy", "random"], 2).rounds)
    kept = run_tournament(rules, ["greedy", "random"], 2, keep_times=True)
    stats = kept.bot_stats()["greedy"]
    assert len(stats.times) == stats.decisions > 0
    assert sum(stats.times) == pytest.approx(stats.seconds)


def test_a_tournament_may_bring_its_own_bots() -> None:
    # Another setting of a registered bot under a new name, beside the registry's own.
    sloppy = functools.partial(GreedyBot, style=Style(random_discard=0.5))
    result = run_tournament(short(8), ["sloppy", "greedy"], 3, seed=4, bots={"Sloppy": sloppy})
    assert list(result.bot_stats()) == ["sloppy", "greedy"]
    with pytest.raises(ValueError, match=r"choose one of random, .*, sloppy$"):
        run_tournament(short(), ["sloppy", "clever"], 1, bots={"sloppy": sloppy})


# --- several processes ---


@pytest.mark.parametrize("matches", [False, True])
def test_two_workers_give_exactly_what_one_gives(matches: bool) -> None:
    rules = dataclasses.replace(short(10), target=60) if matches else short(16)
    lineup = ["greedy", "random", "principiante"]
    count = 2 if matches else 5

    def play(workers: int) -> TournamentResult:
        # A bot of the tournament's own travels to the workers too.
        own = {"principiante": functools.partial(GreedyBot, style=Style(random_discard=0.5))}
        return run_tournament(
            rules,
            lineup,
            count,
            seed=11,
            duplicate=True,
            matches=matches,
            workers=workers,
            bots=own,
        )

    one, two = play(1), play(2)
    assert without_clock(two) == without_clock(one)
    strip = ("mean_decision_ms",)
    figures = [
        {name: {k: v for k, v in s.to_dict().items() if k not in strip} for name, s in r.items()}
        for r in (one.bot_stats(), two.bot_stats())
    ]
    assert figures[0] == figures[1]
    assert len(one.games) == 3 * count


def test_games_stream_from_a_tournament_without_end() -> None:
    # A googol of deals starts at once; closing the games stops the worker processes.
    lineup = ["greedy", "random"]
    games = play_tournament(short(8), lineup, 10**100, seed=4, workers=2)
    with contextlib.closing(games):
        first = list(itertools.islice(games, 5))
        assert len(multiprocessing.active_children()) >= 2
    assert multiprocessing.active_children() == []
    expected = run_tournament(short(8), lineup, 5, seed=4)
    assert without_clock(TournamentResult(expected.lineup, tuple(first), 0)) == without_clock(
        expected
    )


@pytest.mark.parametrize(("count", "workers", "started"), [(1, 2, 0), (3, 8, 3), (40, 2, 2)])
def test_never_more_workers_than_games(
    count: int, workers: int, started: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts: list[int] = []
    start = tournament._Workers.start

    def counted(self: tournament._Workers) -> None:
        starts.append(self.workers)
        start(self)

    monkeypatch.setattr(tournament._Workers, "start", counted)
    result = run_tournament(short(6), ["random", "random"], count, workers=workers)
    assert len(result.games) == count
    assert sum(starts) == started  # a single game is played here, without a worker


@pytest.mark.parametrize("workers", [1, 2])
def test_an_error_in_a_game_is_raised_by_the_tournament(workers: int) -> None:
    # A factory that fails in the middle of the tournament, in a worker or here alike.
    bots = {"broken": functools.partial(make_bot, "missing")}
    with pytest.raises(BotError, match="sconosciuto 'missing'") as raised:
        run_tournament(short(6), ["random", "broken"], 4, workers=workers, bots=bots)
    assert raised.value.reason is BotReason.UNKNOWN_BOT
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_is_reported_not_waited_for() -> None:
    # sys.exit as a bot factory ends the worker process in the middle of its games.
    bots = {"quitter": sys.exit}
    with pytest.raises(RuntimeError, match="worker process stopped"):
        run_tournament(short(6), ["random", "quitter"], 4, workers=2, bots=bots)
    assert multiprocessing.active_children() == []


def test_progress_is_told_of_every_game() -> None:
    told: list[int] = []
    run_tournament(short(6), ["random", "greedy"], 3, duplicate=True, on_progress=told.append)
    assert told == [1] * 6


@pytest.mark.parametrize(
    ("lineup", "count", "workers", "message"),
    [
        (["random", "clever"], 1, 1, "unknown bot 'clever'"),
        (["random", "random"], 0, 1, "at least 1 deal"),
        (["random", "random"], 1, 0, "at least 1 worker"),
    ],
)
def test_bad_tournaments_are_refused(
    lineup: list[str], count: int, workers: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        run_tournament(short(), lineup, count, workers=workers)


@pytest.mark.parametrize("reentry", [False, True])
def test_matches_end_when_too_few_are_left_to_deal(reentry: bool) -> None:
    # Rules that need three at the table: an elimination among three or four ends the match
    # (the bots never re-enter), where the next deal used to be refused.
    rules = dataclasses.replace(short(20), min_players=3, target=60, reentry=reentry)
    for lineup in (["random"] * 3, ["random", "greedy", "random", "greedy"]):
        result = run_tournament(rules, lineup, 4, seed=5, matches=True)
        for game in result.games:
            assert all(len(r.table_seats) >= 3 for r in game.rounds)
            last = game.rounds[-1]
            assert game.winner is None or game.winner in last.table_seats
