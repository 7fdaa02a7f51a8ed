"""How strong the expert bot is: duplicate rounds of the expert against the greedy bot.

Run: ``.venv/bin/python bench/expert.py [--deals 200] [--rules classico] [--players 2]
[--judge none|rollout|static] [--budget-ms 150 | --rollouts 8] [--policy quick|greedy]
[--horizon 8] [--strategy hold|greedy] [--hold-threat 3] [--hold-max N] [--hold-near 2]
[--seed 0] [--workers 2]``.

``--strategy hold`` keeps melds in hand until the whole hand goes down in one turn (*in
mano*), unless an opponent holds ``--hold-threat`` cards or fewer or the melds held back
are worth more than ``--hold-max`` points, and holds anyway with ``--hold-near`` loose cards or
fewer (:mod:`ramino.ai._expert_hold`); ``--judge none`` plays the greedy move wherever the
strategy does not decide (no search at all).

Every deal (one seed) is played once per seat of the expert, the same cards in the same
places, so each bot plays each hand: the luck of the deal mostly cancels out. A round is won
by the player who went out; a round stopped by a cap by the one lowest count (a tie is a draw).
Figures: rounds won by each side with a 95% Wilson interval, mean penalty per round (the count
left in hand, doubled for a close in one turn where the rules say so; 0 for whoever went out),
and the processor time of the expert's decisions (median, p90, max). Processor time, not wall
time: the machine may be shared, and the expert's budget is in processor time too.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time
from dataclasses import dataclass

from ramino.ai._expert_hold import Hold
from ramino.ai.bot import Bot
from ramino.ai.expert import ExpertBot
from ramino.ai.greedy import GreedyBot
from ramino.ai.tournament import wilson
from ramino.engine.actions import Action
from ramino.engine.observation import Observation
from ramino.engine.presets import get_preset
from ramino.engine.round import Round
from ramino.engine.scoring import loser_score


class Timed:
    """A bot wrapper that keeps the processor time of each decision."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.times: list[float] = []

    @property
    def name(self) -> str:
        return self.inner.name

    def act(self, observation: Observation) -> Action:
        start = time.process_time()
        action = self.inner.act(observation)
        self.times.append(time.process_time() - start)
        return action


@dataclass(frozen=True)
class Outcome:
    deal: int
    expert_seat: int
    winner: int | None
    penalties: tuple[int, ...]
    expert_times: tuple[float, ...]
    held_out: bool
    """The expert went out in one turn (in mano)."""


@dataclass(frozen=True)
class Job:
    rules_name: str
    players: int
    deal: int
    seed: int
    budget_ms: float
    rollouts: int | None
    policy: str
    horizon: int
    judge: str = "rollout"
    strategy: str = "greedy"
    hold_threat: int = 3
    hold_max: int | None = None
    hold_near: int | None = 2


def play_deal(job: Job) -> list[Outcome]:
    """The deal played once per seat of the expert; the greedy bot in every other seat."""
    rules = get_preset(job.rules_name)
    outcomes = []
    for seat in range(job.players):
        r = Round(rules, job.players, seed=f"expert/{job.seed}/{job.deal}", dealer=0)
        expert = Timed(
            ExpertBot(
                seed=f"{job.seed}/{job.deal}/{seat}",
                budget_ms=job.budget_ms,
                rollouts=job.rollouts,
                policy=job.policy,
                horizon=job.horizon,
                judge=job.judge,
                strategy=job.strategy,
                hold=Hold(job.hold_threat, job.hold_max, job.hold_near),
            )
        )
        bots: list[Bot] = [
            expert if s == seat else GreedyBot(seed=f"{job.seed}/{job.deal}/{s}")
            for s in range(job.players)
        ]
        while r.end is None:
            r.apply(bots[r.to_play].act(r.observation(r.to_play)))
        end = r.end
        penalties = tuple(
            0 if s == end.out else loser_score(end.counts[s], rules, in_one_turn=end.in_one_turn)
            for s in range(job.players)
        )
        if end.out is not None:
            winner: int | None = end.out
        else:
            lowest = r.winner_by_cap()
            winner = lowest[0] if len(lowest) == 1 else None
        outcomes.append(
            Outcome(
                job.deal,
                seat,
                winner,
                penalties,
                tuple(expert.times),
                end.out == seat and end.in_one_turn,
            )
        )
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals (each played per seat)")
    parser.add_argument("--rules", default="classico")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget-ms", type=float, default=150.0)
    parser.add_argument("--rollouts", type=int, default=None, help="fixed guesses per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--policy", default="quick", choices=["quick", "greedy"])
    parser.add_argument("--horizon", type=int, default=8, help="turns each look-ahead plays")
    parser.add_argument("--judge", default="none", choices=["static", "rollout", "none"])
    parser.add_argument("--strategy", default="hold", choices=["greedy", "hold"])
    parser.add_argument("--hold-threat", type=int, default=3, help="lay at this many cards")
    parser.add_argument(
        "--hold-max", type=int, default=None, help="lay above these points (default: no limit)"
    )
    parser.add_argument(
        "--hold-near", type=int, default=2, help="hold anyway at this many loose cards (-1: no)"
    )
    args = parser.parse_args()
    jobs = [
        Job(
            args.rules,
            args.players,
            d,
            args.seed,
            args.budget_ms,
            args.rollouts,
            args.policy,
            args.horizon,
            args.judge,
            args.strategy,
            args.hold_threat,
            args.hold_max,
            None if args.hold_near < 0 else args.hold_near,
        )
        for d in range(args.deals)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=1)
    else:
        results = [play_deal(job) for job in jobs]
    elapsed = time.perf_counter() - start
    outcomes = [o for deal in results for o in deal]
    n = len(outcomes)
    wins = sum(o.winner == o.expert_seat for o in outcomes)
    losses = sum(o.winner is not None and o.winner != o.expert_seat for o in outcomes)
    draws = n - wins - losses
    mine = [o.penalties[o.expert_seat] for o in outcomes]
    theirs = [
        sum(p for s, p in enumerate(o.penalties) if s != o.expert_seat) / (args.players - 1)
        for o in outcomes
    ]
    times = sorted(t for o in outcomes for t in o.expert_times)
    low, high = wilson(wins, n)
    if args.judge == "static":
        mode = "static judge"
    elif args.judge == "none":
        mode = "no search"
    else:
        mode = f"{args.rollouts} guesses" if args.rollouts else f"budget {args.budget_ms:g} ms"
        mode += f", {args.policy} look-aheads of {args.horizon} turns"
    mode += f", strategy {args.strategy}"
    if args.strategy == "hold":
        valve = f"lay at {args.hold_threat} cards"
        if args.hold_max is not None:
            valve += f" or above {args.hold_max} points"
        if args.hold_near >= 0:
            valve += f", unless {args.hold_near} loose"
        mode += f" ({valve})"

    print(
        f"expert ({mode}) vs greedy, {args.rules}, {args.players} players: {args.deals} deals"
        f" x {args.players} seats = {n} rounds ({elapsed:.0f} s)"
    )
    print(f"  expert won {wins} ({wins / n:.1%}), 95% CI [{low:.1%}, {high:.1%}]")
    g_low, g_high = wilson(losses, n)
    print(f"  greedy won {losses} ({losses / n:.1%}), 95% CI [{g_low:.1%}, {g_high:.1%}]")
    in_mano = sum(o.held_out for o in outcomes)
    print(f"  draws {draws}; expert went out in one turn (in mano) {in_mano}")
    mean_mine, mean_theirs = statistics.fmean(mine), statistics.fmean(theirs)
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(n) if n > 1 else 0.0
    print(
        f"  mean penalty per round: expert {mean_mine:.1f}, greedy {mean_theirs:.1f}"
        f" (difference {mean_mine - mean_theirs:+.1f} ± {half:.1f})"
    )
    if times:
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"  expert decision (processor time): median {statistics.median(times) * 1e3:.1f} ms,"
            f" p90 {p90 * 1e3:.1f} ms, max {times[-1] * 1e3:.0f} ms ({len(times)} decisions)"
        )


if __name__ == "__main__":
    main()
