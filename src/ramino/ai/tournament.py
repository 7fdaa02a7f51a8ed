"""Tournaments between bots: the registry of bots by name, who sits where in which deal (seat
rotation, duplicate deals), playing the games on one process or several, and the figures per
bot (rounds won with a Wilson interval, mean penalty, decision time).

``bench/strength.py`` and ``bench/expert.py`` are thin shells around :func:`run_tournament`;
``ramino simulate`` around :func:`play_tournament`, which gives the games one by one as they
are played, so that a tournament of any length starts at once in little memory. Worker
processes never see Ctrl-C: the program that started them stops them (:mod:`ramino.interrupts`).

The schedule, precisely. The *line-up* names a bot for each seat (``lineup[s]`` at seat ``s``).
Game ``i`` (from 0) is played with the line-up *rotated* by ``k`` seats: seat ``s`` holds
``lineup[(s - k) % n]``, so every bot moves on one seat per rotation and, over ``n``
consecutive rotations, sits in every seat once; the order of the bots around the table stays
the same (a rotation, not every permutation). A round is always dealt by seat 0: a seat is then
a fixed place relative to the dealer (``next_seat(0)`` plays first, seat 0 deals), and rotating
the bots is what moves them through those places. (Passing the deal as well would cancel the
rotation out: each bot would keep its place relative to the dealer.)

- Plain play: game ``i`` is deal ``i + 1`` with rotation ``i % n``; every game has new cards.
- Duplicate play (``duplicate=True``): each deal is played ``n`` times in a row, rotations
  ``0 … n - 1``, the same cards going to the same seats: each bot gets each hand of the deal
  once, which takes most of the luck of the cards out of the comparison. ``count`` then counts
  deals, and ``count × n`` games are played.

A game is one round, or one whole match when ``matches=True`` (the match's rounds follow its own
dealer; the line-up rotates from match to match). Deal ``d`` of a series seeded ``seed`` is
dealt from ``round_seed(seed, d)``; a match from ``seed + b"/match/" + d`` (the seeds
``ramino simulate`` has always used); each bot is seeded from the game and its seat. Results
are therefore a function of the seed alone, and ``workers=K`` gives exactly what ``workers=1``
gives, apart from the clock.

Who *won* a round: the seat that went out; in a round stopped by a cap (``max_turns``,
restocks), the one seat with the lowest count when the rules give the round to the lowest hand
(``on_round_cap``, see :meth:`Round.winner_by_cap`). A tie for lowest, or a capped round the
rules give to nobody, is won by no one: each tied seat counts a *draw*, not a win.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import multiprocessing
import os
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NoReturn, TypeAlias, cast

from .. import interrupts
from ..engine.actions import Action
from ..engine.match import RoundSheet
from ..engine.observation import Observation
from ..engine.play import MatchPlay, round_seed, turns_played
from ..engine.round import EndReason, Round, seed_bytes
from ..engine.rules import Betting, Rules
from .betting import CALL_ALL
from .bot import Bot, RandomBot, play_match, play_round
from .errors import BotError, BotReason
from .expert import ExpertBot
from .greedy import GreedyBot, Style
from .levels import ENGLISH_LEVELS, LEVELS, bot_for_level

__all__ = [
    "BOTS",
    "BotFactory",
    "BotStats",
    "Game",
    "GameOutcome",
    "RoundOutcome",
    "TournamentResult",
    "add_game",
    "add_round",
    "make_bot",
    "play_tournament",
    "round_winner",
    "run_tournament",
    "schedule",
    "seat_lineup",
    "wilson",
]

Seed = int | str | bytes
#: Makes a bot from its seed.
BotFactory = Callable[[Seed], Bot]


def _level(level: str) -> BotFactory:
    def make(seed: Seed) -> Bot:
        return bot_for_level(level, seed=seed)

    return make


#: The bots a tournament may name, each made from a seed. Adding a bot is one line here.
#: Worker processes read this registry too, so a bot must be registered when its module is
#: imported, not later at run time.
def _caller(seed: Seed) -> Bot:
    # Plays its cards as intermedio and calls every bet: the baseline a betting policy beats.
    return GreedyBot(seed, name="caller", style=Style(betting=CALL_ALL))


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
    **{level: _level(level) for level in LEVELS},
    # The levels by their English names, but "expert", the expert bot itself.
    **{name: _level(name) for name in ENGLISH_LEVELS if name != "expert"},
    "caller": _caller,
}


def make_bot(name: str, seed: Seed = 0) -> Bot:
    """The bot registered as ``name`` (any case) in :data:`BOTS`, seeded with ``seed``.

    >>> make_bot("Greedy", seed=3)
    GreedyBot(name='greedy')
    >>> make_bot("clever")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.ai.errors.BotError: Giocatore al computer sconosciuto 'clever': scegli fra random, ...
    """
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise BotError(BotReason.UNKNOWN_BOT, name=name, known=", ".join(BOTS))
    return factory(seed)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``); ``(0, 1)``
    when there are no trials. Unlike the normal approximation it stays within [0, 1] and is
    sound for small counts and rates near 0 or 1.

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson(81, 263)]
    [0.2553, 0.3662]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the schedule: a round, or a match."""

    index: int
    """Its place in the schedule, from 0: results are merged in this order."""
    deal: int
    """The deal, from 1: which cards (the seed of the round, or of the match)."""
    rotation: int
    """How many seats the line-up has moved on (see :func:`seat_lineup`)."""


def schedule(count: int, players: int, *, duplicate: bool = False) -> Iterator[Game]:
    """The games of a tournament, made one by one as they are asked for (so that no count is
    too large to start): ``count`` deals, each played once with the line-up rotated game by
    game, or, ``duplicate``, each played ``players`` times, once per rotation.

    >>> [(g.deal, g.rotation) for g in schedule(4, 3)]
    [(1, 0), (2, 1), (3, 2), (4, 0)]
    >>> [(g.deal, g.rotation) for g in schedule(2, 3, duplicate=True)]
    [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
    >>> next(schedule(10**100, 4))
    Game(index=0, deal=1, rotation=0)
    """
    for index in range(count * players if duplicate else count):
        if duplicate:
            yield Game(index, index // players + 1, index % players)
        else:
            yield Game(index, index + 1, index % players)


def seat_lineup(lineup: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The bot at each seat once ``lineup`` has moved on ``rotation`` seats.

    >>> seat_lineup(("a", "b", "c"), 1)
    ('c', 'a', 'b')
    >>> seat_lineup(("a", "b", "c"), 3)
    ('a', 'b', 'c')
    """
    n = len(lineup)
    return tuple(lineup[(s - rotation) % n] for s in range(n))


def round_winner(out: int | None, lowest: Sequence[int]) -> int | None:
    """The seat that won a round: who went out (``out``), else the only seat among the
    ``lowest`` counts of a capped round (:meth:`Round.winner_by_cap`); a tie is no one's win.

    >>> round_winner(2, ()), round_winner(None, (1,)), round_winner(None, (0, 1))
    (2, 1, None)
    """
    if out is not None:
        return out
    return lowest[0] if len(lowest) == 1 else None


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One ended round as the tournament counts it; tuples are by seat of the round."""

    seed: bytes
    """The seed the round was dealt from."""
    bots: tuple[str, ...]
    """The bot at each seat."""
    table_seats: tuple[int, ...]
    """The seat at the table of each seat of the round (they differ only in a match, once
    somebody has been eliminated)."""
    out: int | None
    """The seat that went out, ``None`` when a cap ended the round."""
    winner: int | None
    """The seat that won (see :func:`round_winner`)."""
    tied: tuple[int, ...]
    """The seats sharing the lowest count of a capped round: each counts a draw."""
    counts: tuple[int, ...]
    """The penalty each hand is left with (0 for whoever went out)."""
    turns: int
    decisions: tuple[int, ...]
    """The decisions each seat took."""
    seconds: tuple[float, ...]
    """The time each seat thought, in seconds (the only figure that depends on the clock)."""
    times: tuple[tuple[float, ...], ...] = ()
    """Each decision's time by seat, when the tournament keeps them (``keep_times``)."""
    in_one_turn: bool = False
    """Whoever went out laid his whole hand in one turn (*in mano*): the rules may double
    the others' counts (:func:`ramino.engine.scoring.loser_score`)."""
    chips: tuple[int, ...] = ()
    """Under rules with betting (pokerato), the chips each seat won or lost."""
    all_folded: bool = False
    """Everyone else folded in the betting round: ``out`` won the pot without playing."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game played: its round, or the rounds of its match."""

    game: Game
    bots: tuple[str, ...]
    """The bot at each seat of the table."""
    rounds: tuple[RoundOutcome, ...]
    winner: int | None = None
    """The table seat that won the match (``None`` for a round, or a match without winner)."""
    totals: tuple[int, ...] = ()
    """A match's final total of each table seat (empty for a round)."""
    chips: tuple[int, ...] = ()
    """A match played for chips (pokerato, carioca's stakes): each table seat's chips at the
    end, less those it started with (empty otherwise)."""


@dataclass
class BotStats:
    """The figures of one bot, over every seat it held: a round counts once per seat, so two
    seats held by the same bot count two of its rounds."""

    rounds: int = 0
    wins: int = 0
    draws: int = 0
    penalty: int = 0
    """The sum of the counts left in hand."""
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    """Every decision's time, when the tournament keeps them."""
    chips: list[int] = field(default_factory=list)
    """Under rules with betting, the chips won (or lost) in each round."""
    matches: int = 0
    """Matches played (a match counts once per seat, as a round does)."""
    match_wins: int = 0
    finals: list[int] = field(default_factory=list)
    """Each match's final total."""
    match_chips: list[int] = field(default_factory=list)
    """Each match's chips at the end, less those at the start (matches played for chips)."""

    @property
    def win_rate(self) -> float:
        """Rounds won out of rounds played."""
        return self.wins / self.rounds if self.rounds else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson(self.wins, self.rounds)

    @property
    def match_rate(self) -> float:
        """Matches won out of matches played."""
        return self.match_wins / self.matches if self.matches else 0.0

    @property
    def match_ci95(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`match_rate`."""
        return wilson(self.match_wins, self.matches)

    @property
    def mean_final(self) -> float:
        """The mean final total of its matches (lower is better)."""
        return sum(self.finals) / len(self.finals) if self.finals else 0.0

    @property
    def mean_final_chips(self) -> float:
        """The mean chips won over a match played for chips (less those lost)."""
        return sum(self.match_chips) / len(self.match_chips) if self.match_chips else 0.0

    @property
    def mean_penalty(self) -> float:
        """The mean count left in hand per round (0 when the bot went out)."""
        return self.penalty / self.rounds if self.rounds else 0.0

    @property
    def chips_won(self) -> int:
        """The chips won over every round, less those lost."""
        return sum(self.chips)

    @property
    def mean_chips(self) -> float:
        """The mean chips won per round."""
        return self.chips_won / len(self.chips) if self.chips else 0.0

    @property
    def chips_ci95(self) -> tuple[float, float]:
        """The 95% interval of :attr:`mean_chips` (normal approximation).

        >>> stats = BotStats(chips=[3, -1, 2, -2])
        >>> stats.mean_chips, [round(x, 2) for x in stats.chips_ci95]
        (0.5, [-1.83, 2.83])
        """
        n = len(self.chips)
        if n < 2:
            return (self.mean_chips, self.mean_chips)
        mean = self.mean_chips
        spread = math.sqrt(sum((c - mean) ** 2 for c in self.chips) / (n - 1) / n)
        return (mean - 1.96 * spread, mean + 1.96 * spread)

    @property
    def mean_decision_ms(self) -> float:
        """The mean time of one decision, in milliseconds."""
        return self.seconds / self.decisions * 1e3 if self.decisions else 0.0

    def add(self, outcome: RoundOutcome, seat: int) -> None:
        """Count ``outcome`` for the bot at ``seat``."""
        self.rounds += 1
        self.wins += outcome.winner == seat
        self.draws += seat in outcome.tied
        self.penalty += outcome.counts[seat]
        self.decisions += outcome.decisions[seat]
        self.seconds += outcome.seconds[seat]
        if outcome.times:
            self.times.extend(outcome.times[seat])
        if outcome.chips:
            self.chips.append(outcome.chips[seat])

    def add_match(self, game: GameOutcome, seat: int) -> None:
        """Count the match ``game`` for the bot at table ``seat`` (its rounds are counted
        one by one with :meth:`add`)."""
        self.matches += 1
        self.match_wins += game.winner == seat
        if game.totals:
            self.finals.append(game.totals[seat])
        if game.chips:
            self.match_chips.append(game.chips[seat])

    def to_dict(self) -> dict[str, Any]:
        """The figures for JSON: rates to 4 decimals, the penalty to 2, times to 3."""
        low, high = self.ci95
        data: dict[str, Any] = {
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_penalty": round(self.mean_penalty, 2),
            "mean_decision_ms": round(self.mean_decision_ms, 3),
            "rounds": self.rounds,
            "wins": self.wins,
        }
        if self.matches:
            low, high = self.match_ci95
            data["matches"] = {
                "played": self.matches,
                "won": self.match_wins,
                "win_rate": round(self.match_rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "mean_final_total": round(self.mean_final, 2),
            }
            if self.match_chips:
                data["matches"]["mean_final_chips"] = round(self.mean_final_chips, 2)
        if self.chips:
            low, high = self.chips_ci95
            data["chips"] = {
                "won": self.chips_won,
                "mean": round(self.mean_chips, 4),
                "ci95": [round(low, 4), round(high, 4)],
            }
        return data


@dataclass(frozen=True)
class TournamentResult:
    """What a tournament played, game by game in schedule order, and how long it took."""

    lineup: tuple[str, ...]
    games: tuple[GameOutcome, ...]
    seconds: float
    """Wall-clock time of the whole tournament."""

    @property
    def rounds(self) -> tuple[RoundOutcome, ...]:
        """Every round played, in order."""
        return tuple(r for game in self.games for r in game.rounds)

    def bot_stats(self) -> dict[str, BotStats]:
        """The figures of each bot name, in line-up order.

        >>> from dataclasses import replace
        >>> from ramino.engine.presets import get_preset
        >>> rules = replace(get_preset("classico"), max_turns=4)
        >>> result = run_tournament(rules, ["greedy", "random"], 4, seed=1)
        >>> stats = result.bot_stats()
        >>> list(stats), stats["greedy"].rounds, stats["random"].rounds
        (['greedy', 'random'], 4, 4)
        """
        stats = {name: BotStats() for name in dict.fromkeys(self.lineup)}
        for game in self.games:
            add_game(stats, game)
        return stats


def add_game(stats: Mapping[str, BotStats], game: GameOutcome) -> None:
    """Count ``game`` in the figures of each bot that sat at it: its rounds, and the match
    itself when it is one (``stats`` by bot name)."""
    for outcome in game.rounds:
        add_round(stats, outcome)
    if game.totals:
        for seat, name in enumerate(game.bots):
            stats[name].add_match(game, seat)


def add_round(stats: Mapping[str, BotStats], outcome: RoundOutcome) -> None:
    """Count ``outcome`` in the figures of each bot that sat at it (``stats`` by bot name), as
    :meth:`TournamentResult.bot_stats` does for every round, for a tournament whose games are
    counted as they come (:func:`play_tournament`)."""
    for seat, name in enumerate(outcome.bots):
        stats[name].add(outcome, seat)


@dataclass(frozen=True)
class _Spec:
    """What every game of a tournament shares (sent once to each worker process)."""

    rules: Rules
    lineup: tuple[str, ...]
    seed: bytes
    matches: bool
    keep_times: bool
    bots: Mapping[str, BotFactory]
    """The tournament's own bots, beside :data:`BOTS`."""


class _Timed:
    """A bot wrapper that counts and times each decision."""

    def __init__(self, inner: Bot, keep_times: bool) -> None:
        self.inner = inner
        self.keep_times = keep_times
        self.decisions = 0
        self.seconds = 0.0
        self.times: list[float] = []

    @property
    def name(self) -> str:
        return self.inner.name

    def act(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.inner.act(observation)
        spent = time.perf_counter() - start
        self.decisions += 1
        self.seconds += spent
        if self.keep_times:
            self.times.append(spent)
        return action

    def take(self) -> tuple[int, float, tuple[float, ...]]:
        """The decisions, seconds and times since the last call (a match has many rounds)."""
        taken = self.decisions, self.seconds, tuple(self.times)
        self.decisions, self.seconds, self.times = 0, 0.0, []
        return taken


def _seat_bot(spec: _Spec, name: str, game: Game, seat: int) -> Bot:
    """The bot ``name`` for ``seat`` of ``game``, seeded from both."""
    seed = spec.seed + f"/game/{game.index}/seat/{seat}".encode()
    factory = spec.bots.get(name)
    return factory(seed) if factory is not None else make_bot(name, seed)


def _round_outcome(
    round_: Round, bots: Sequence[str], table_seats: Sequence[int], timers: Sequence[_Timed]
) -> RoundOutcome:
    end = round_.end
    assert end is not None
    lowest = round_.winner_by_cap()
    taken = [timer.take() for timer in timers]
    return RoundOutcome(
        seed=round_.seed,
        bots=tuple(bots),
        table_seats=tuple(table_seats),
        out=end.out,
        winner=round_winner(end.out, lowest),
        tied=lowest if len(lowest) > 1 else (),
        counts=end.counts,
        turns=turns_played(round_),
        decisions=tuple(t[0] for t in taken),
        seconds=tuple(t[1] for t in taken),
        times=tuple(t[2] for t in taken) if timers and timers[0].keep_times else (),
        in_one_turn=end.in_one_turn,
        chips=() if end.chips is None else end.chips.net,
        all_folded=end.reason is EndReason.ALL_FOLDED,
    )


def _play_game(spec: _Spec, game: Game) -> GameOutcome:
    bots = seat_lineup(spec.lineup, game.rotation)
    timers = [
        _Timed(_seat_bot(spec, name, game, s), spec.keep_times) for s, name in enumerate(bots)
    ]
    if not spec.matches:
        round_ = Round(spec.rules, len(bots), seed=round_seed(spec.seed, game.deal), dealer=0)
        play_round(round_, timers)
        return GameOutcome(game, bots, (_round_outcome(round_, bots, range(len(bots)), timers),))
    # Player str(s) sits at table seat s, as ``ramino simulate --matches`` has always named them.
    players = [str(s) for s in range(len(bots))]
    match_play = MatchPlay(
        players, spec.rules, seed=spec.seed + b"/match/" + str(game.deal).encode()
    )
    rounds: list[RoundOutcome] = []

    def count_round(round_: Round, sheet: RoundSheet) -> None:
        table = [int(name) for name in match_play.names]
        seated = [timers[t] for t in table]
        outcome = _round_outcome(round_, [bots[t] for t in table], table, seated)
        if not outcome.chips and sheet.chips is not None:
            # The round's stake (carioca): what each seat won or lost, from the sheet.
            outcome = replace(outcome, chips=tuple(sheet.chips[n] for n in match_play.names))
        rounds.append(outcome)

    play_match(match_play, dict(zip(players, timers, strict=True)), on_round=count_round)
    winner = None if match_play.winner is None else int(match_play.winner)
    totals = tuple(match_play.match.totals[name] for name in players)
    chips: tuple[int, ...] = ()
    if (ledger := match_play.match.chips) is not None:
        start = spec.rules.starting_chips if spec.rules.betting is not Betting.NONE else 0
        chips = tuple(ledger[name] - start for name in players)
    return GameOutcome(game, bots, tuple(rounds), winner, totals, chips)


def _batch_size(games: int, workers: int) -> int:
    # About four batches per worker keeps the cores busy to the end and the progress bar moving;
    # at most 16 games each so that a batch of slow games does not hide the progress.
    return max(1, min(16, -(-games // (workers * 4))))


def _batches(games: Iterator[Game], size: int) -> Iterator[tuple[Game, ...]]:
    while batch := tuple(itertools.islice(games, size)):
        yield batch


def _play_here(
    spec: _Spec, games: Iterator[Game], on_progress: Callable[[int], None]
) -> Generator[GameOutcome, None, None]:
    for game in games:
        outcome = _play_game(spec, game)
        on_progress(1)
        yield outcome


@dataclass(frozen=True)
class _Failure:
    """What a worker sends back when a game raised: the error, and where (its traceback)."""

    error: BaseException
    trace: str


#: The parent's end of a worker's pipe: batches (``None`` to stop) go out, outcomes come back.
_Pipe: TypeAlias = "Connection[tuple[Game, ...] | None, list[GameOutcome] | _Failure]"


def _work(
    spec: _Spec, pipe: Connection[list[GameOutcome] | _Failure, tuple[Game, ...] | None]
) -> None:
    """A worker process: plays each batch of games it receives and sends back the outcomes,
    until it is sent ``None`` or its parent is gone."""
    interrupts.ignore()
    try:
        while (batch := pipe.recv()) is not None:
            try:
                outcomes = [_play_game(spec, game) for game in batch]
            except Exception as error:
                failure = _Failure(error, traceback.format_exc())
                try:
                    pipe.send(failure)
                except Exception:  # an error that does not pickle still says what it was
                    pipe.send(_Failure(RuntimeError(repr(error)), failure.trace))
                return
            pipe.send(outcomes)
    except (EOFError, OSError):
        return  # the parent is gone: nobody is left to read the outcomes


#: How long the parent waits for outcomes before it looks for a Ctrl-C noted meanwhile.
_TICK = 0.1


class _Workers:
    """Worker processes, each with its own pipe, fed batch by batch from a lazy schedule: each
    worker holds two batches (the one it plays and the next), at most ``4 × workers`` are out
    at once, and the outcomes come back in schedule order however the batches finish."""

    def __init__(self, spec: _Spec, batches: Iterator[tuple[Game, ...]], workers: int) -> None:
        self.spec = spec
        self.batches = batches
        self.workers = workers
        self.processes: dict[_Pipe, BaseProcess] = {}
        self.queued: dict[_Pipe, deque[int]] = {}
        """The numbers of the batches sent to each worker's pipe, in the order sent."""
        self.sent = 0
        self.given = 0
        """The batches handed out, and those given back in schedule order."""
        self.ahead: dict[int, list[GameOutcome]] = {}
        """Batches back before an earlier one."""
        self.finished = False

    def start(self) -> None:
        # spawn, not fork: the parent may run threads (the progress bar refreshes from one), and
        # forking a threaded process can deadlock; spawn also behaves the same on every system.
        context = multiprocessing.get_context("spawn")
        if os.name == "posix":
            # Otherwise multiprocessing starts its resource tracker with the first worker, and
            # lets SIGINT through again once it has, undoing held() below.
            resource_tracker.ensure_running()
        with interrupts.held():
            for _ in range(self.workers):
                ours, theirs = context.Pipe()
                process = context.Process(target=_work, args=(self.spec, theirs), daemon=True)
                process.start()
                theirs.close()
                self.processes[ours] = process
                self.queued[ours] = deque()

    def step(self, on_progress: Callable[[int], None]) -> list[GameOutcome] | None:
        """Hand out batches, wait a moment for outcomes, and return those now in schedule
        order (perhaps none); ``None`` once every batch is back."""
        self._feed()
        busy = [pipe for pipe, numbers in self.queued.items() if numbers]
        if not busy:
            self.finished = True
            return None
        ready = wait(busy, timeout=_TICK)
        interrupts.checkpoint()
        for pipe in cast("list[_Pipe]", ready):
            reply = self._receive(pipe)
            if isinstance(reply, _Failure):
                raise reply.error from RuntimeError(f"in a worker process:\n{reply.trace}")
            self.ahead[self.queued[pipe].popleft()] = reply
            on_progress(len(reply))
        outcomes = []
        while self.given in self.ahead:
            outcomes.extend(self.ahead.pop(self.given))
            self.given += 1
        return outcomes

    def stop(self) -> None:
        """End every worker: told to when the work is done, else terminated at once (they
        never see Ctrl-C, see :mod:`ramino.interrupts`), killed if still there a second later."""
        for pipe, process in self.processes.items():
            if self.finished:
                with contextlib.suppress(OSError):
                    pipe.send(None)
            else:
                process.terminate()
        deadline = time.monotonic() + 1
        for process in self.processes.values():
            process.join(max(0.0, deadline - time.monotonic()))
        for pipe, process in self.processes.items():
            if process.exitcode is None:
                process.kill()
                process.join()
            process.close()
            pipe.close()

    def _feed(self) -> None:
        for pipe, numbers in self.queued.items():
            while len(numbers) < 2 and self.sent - self.given < 4 * self.workers:
                batch = next(self.batches, None)
                if batch is None:
                    return
                try:
                    pipe.send(batch)
                except OSError:
                    self._lost(pipe)
                numbers.append(self.sent)
                self.sent += 1

    def _receive(self, pipe: _Pipe) -> list[GameOutcome] | _Failure:
        try:
            return pipe.recv()
        except (EOFError, OSError):
            self._lost(pipe)

    def _lost(self, pipe: _Pipe) -> NoReturn:
        process = self.processes[pipe]
        process.join(1)
        raise RuntimeError(
            f"a worker process stopped in the middle of its games (exit code {process.exitcode})"
        )


def _play_on_workers(
    spec: _Spec,
    batches: Iterator[tuple[Game, ...]],
    workers: int,
    on_progress: Callable[[int], None],
) -> Generator[GameOutcome, None, None]:
    crew = _Workers(spec, batches, workers)
    try:
        # Ctrl-C is raised between two steps, never in the middle of starting a worker or of a
        # message; the workers ignore it, and are stopped here.
        with interrupts.deferred():
            crew.start()
        while True:
            with interrupts.deferred():
                outcomes = crew.step(on_progress)
            if outcomes is None:
                return
            yield from outcomes
    finally:
        with interrupts.deferred():
            crew.stop()


def _make_spec(
    rules: Rules,
    lineup: Sequence[str],
    count: int,
    seed: Seed,
    matches: bool,
    workers: int,
    keep_times: bool,
    bots: Mapping[str, BotFactory] | None,
    backend: str = "local",
) -> _Spec:
    names = tuple(name.strip().lower() for name in lineup)
    own = {name.strip().lower(): factory for name, factory in (bots or {}).items()}
    known = [*BOTS, *(name for name in own if name not in BOTS)]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}: choose one of {', '.join(known)}")
    if count < 1:
        raise ValueError(f"a tournament needs at least 1 deal, not {count}")
    if workers < 1:
        raise ValueError(f"a tournament needs at least 1 worker, not {workers}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    return _Spec(rules, names, seed_bytes(seed), matches, keep_times, own)


#: Where the games are played: here (one process, or ``workers`` processes of this machine),
#: or as tasks of a Ray cluster (:mod:`ramino.ai.on_ray`).
BACKENDS = ("local", "ray")


def _play(
    spec: _Spec,
    count: int,
    duplicate: bool,
    workers: int,
    on_progress: Callable[[int], None] | None,
    backend: str = "local",
    address: str | None = None,
) -> Generator[GameOutcome, None, None]:
    players = len(spec.lineup)
    games = count * players if duplicate else count
    played = schedule(count, players, duplicate=duplicate)
    if backend == "ray":
        from .on_ray import play_on_ray

        batches = _batches(played, _batch_size(games, workers))
        return play_on_ray(spec, batches, address, workers, on_progress or _ignore)
    # One game at least per worker: more would only start idle interpreters.
    workers = min(workers, games)
    if workers == 1:
        return _play_here(spec, played, on_progress or _ignore)
    batches = _batches(played, _batch_size(games, workers))
    return _play_on_workers(spec, batches, workers, on_progress or _ignore)


def play_tournament(
    rules: Rules,
    lineup: Sequence[str],
    count: int,
    *,
    seed: Seed = 0,
    duplicate: bool = False,
    matches: bool = False,
    workers: int = 1,
    keep_times: bool = False,
    bots: Mapping[str, BotFactory] | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Generator[GameOutcome, None, None]:
    """The games of :func:`run_tournament`, one by one in schedule order as they are played.

    Nothing is built up front: the schedule is made as it goes and handed to the workers a few
    batches at a time, so ``count`` may be as large as one likes and memory stays flat. The
    worker processes start at the first game asked for and end with the iterator: close it
    (:func:`contextlib.closing`) to stop early. Bad arguments are refused at the call.

    >>> from contextlib import closing
    >>> from dataclasses import replace
    >>> from ramino.engine.presets import get_preset
    >>> rules = replace(get_preset("classico"), max_turns=4)
    >>> with closing(play_tournament(rules, ["greedy", "random"], 10**100, seed=2)) as games:
    ...     [(g.game.deal, g.bots) for g in itertools.islice(games, 3)]
    [(1, ('greedy', 'random')), (2, ('random', 'greedy')), (3, ('greedy', 'random'))]
    """
    spec = _make_spec(rules, lineup, count, seed, matches, workers, keep_times, bots, backend)
    return _play(spec, count, duplicate, workers, on_progress, backend, address)


def run_tournament(
    rules: Rules,
    lineup: Sequence[str],
    count: int,
    *,
    seed: Seed = 0,
    duplicate: bool = False,
    matches: bool = False,
    workers: int = 1,
    keep_times: bool = False,
    bots: Mapping[str, BotFactory] | None = None,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> TournamentResult:
    """Let the bots of ``lineup`` (names of :data:`BOTS`, one per seat) play ``count`` deals
    of rounds, or of whole ``matches``, rotating their seats game by game; ``duplicate`` plays
    each deal once per rotation (see the module's docstring for the exact schedule).

    ``bots`` names more bots for this tournament alone, or other settings of registered
    ones, as a benchmark may (``{"expert": functools.partial(ExpertBot, hold=...)}``); with
    ``workers`` above 1 each factory must pickle (a class, a module's function, a partial of
    one). ``workers`` processes share the games (never more processes than games); the result
    is the same for any number of them, except the times. ``keep_times`` keeps every
    decision's time (for medians); ``on_progress`` is told how many games have just ended.
    ``backend="ray"`` plays the games as tasks of a Ray cluster instead: the one at
    ``address``, or a local one of ``workers`` processors started for them
    (:mod:`ramino.ai.on_ray`); the results are the same. Every game is kept:
    :func:`play_tournament` gives them one by one instead.

    >>> from dataclasses import replace
    >>> from ramino.engine.presets import get_preset
    >>> rules = replace(get_preset("classico"), max_turns=4)
    >>> result = run_tournament(rules, ["greedy", "random"], 3, seed=2, duplicate=True)
    >>> [(g.game.deal, g.bots) for g in result.games]  # doctest: +NORMALIZE_WHITESPACE
    [(1, ('greedy', 'random')), (1, ('random', 'greedy')), (2, ('greedy', 'random')),
     (2, ('random', 'greedy')), (3, ('greedy', 'random')), (3, ('random', 'greedy'))]
    """
    spec = _make_spec(rules, lineup, count, seed, matches, workers, keep_times, bots, backend)
    start = time.perf_counter()
    played = _play(spec, count, duplicate, workers, on_progress, backend, address)
    with contextlib.closing(played) as games:
        outcomes = tuple(games)
    return TournamentResult(spec.lineup, outcomes, time.perf_counter() - start)


def _ignore(_: int) -> None:
    pass
