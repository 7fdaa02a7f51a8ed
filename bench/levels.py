"""The three levels of the computer player, measured on matches: every preset two players
can play, each level against the one below (and principiante against the random bot), on
duplicate deals.

Run: ``.venv/bin/python bench/levels.py [--matches 200] [--rules classico,scala-40]
[--seed 0] [--workers 2] [--json]`` (also ``make levels``).

A match is won on the score sheet (RULES.md §2.14): the last player under the target, or
the richer in chips where the match is played for them. Each deal of a match is played twice,
the two bots swapping seats with the same cards in the same places (``--duplicate``), so
``--matches 200`` is 100 deals. The goal each row is checked against: the stronger bot wins
at least 60% of the matches with the lower end of the 95% Wilson interval above 50%
(principiante against random: at least 90%); esperto decides in under 200 ms at the median
and 1 s at the 99th percentile.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from ramino.ai.tournament import run_tournament
from ramino.engine.errors import RaminoError
from ramino.engine.presets import PRESETS, get_preset
from ramino.engine.round import Round

#: Each pair, the stronger first, and the share of matches it must win.
PAIRS = (
    ("esperto", "intermedio", 0.6),
    ("intermedio", "principiante", 0.6),
    ("principiante", "random", 0.9),
)
PLAYERS = 2
#: Esperto's thinking time must stay under these (seconds).
MEDIAN_LIMIT = 0.2
P99_LIMIT = 1.0


@dataclass(frozen=True)
class Row:
    rules: str
    strong: str
    weak: str
    goal: float
    matches: int
    wins: int
    low: float
    high: float
    finals: tuple[float, float]
    """The mean final total of each bot (its chips won, in a match played for chips)."""
    chips: bool
    rounds_won: float
    """The stronger bot's share of the rounds."""
    times: tuple[float, ...]
    """The stronger bot's decision times, when it is esperto."""
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.matches

    @property
    def holds(self) -> bool:
        return self.rate >= self.goal and self.low > 0.5

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules,
            "bots": [self.strong, self.weak],
            "matches": self.matches,
            "won": self.wins,
            "win_rate": round(self.rate, 4),
            "ci95": [round(self.low, 4), round(self.high, 4)],
            "goal": self.goal,
            "holds": self.holds,
            "mean_final_chips" if self.chips else "mean_final_total": [
                round(f, 1) for f in self.finals
            ],
            "rounds_won": round(self.rounds_won, 4),
            "seconds": round(self.seconds, 1),
        }
        if self.times:
            data["decision_ms"] = {
                "median": round(_ms(self.times, 50), 2),
                "p99": round(_ms(self.times, 99), 2),
            }
        return data


def _ms(times: tuple[float, ...], percent: int) -> float:
    if percent == 50:
        return statistics.median(times) * 1e3
    return statistics.quantiles(times, n=100)[percent - 1] * 1e3


def playable(names: list[str]) -> list[str]:
    """The presets of ``names`` a table of two can play."""
    found = []
    for name in names:
        try:
            Round(get_preset(name), PLAYERS, seed=0)
        except RaminoError:
            continue
        found.append(name)
    return found


def measure(rules_name: str, strong: str, weak: str, goal: float, args: argparse.Namespace) -> Row:
    start = time.perf_counter()
    timed = strong == "esperto"
    result = run_tournament(
        get_preset(rules_name),
        [strong, weak],
        max(1, args.matches // PLAYERS),
        seed=f"levels/{args.seed}/{rules_name}",
        duplicate=True,
        matches=True,
        workers=args.workers,
        keep_times=timed,
    )
    stats = result.bot_stats()
    mine, theirs = stats[strong], stats[weak]
    low, high = mine.match_ci95
    chips = bool(mine.match_chips)
    if chips:
        finals = (mine.mean_final_chips, theirs.mean_final_chips)
    else:
        finals = (mine.mean_final, theirs.mean_final)
    return Row(
        rules_name,
        strong,
        weak,
        goal,
        mine.matches,
        mine.match_wins,
        low,
        high,
        finals,
        chips,
        mine.win_rate,
        tuple(mine.times) if timed else (),
        time.perf_counter() - start,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches a pair (even)")
    parser.add_argument("--rules", default=",".join(PRESETS), help="presets, comma separated")
    parser.add_argument(
        "--pairs",
        default="all",
        help="the stronger bot of each pair to play, comma separated (default: all three)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    presets = playable([name.strip() for name in args.rules.split(",")])
    pairs = [p for p in PAIRS if args.pairs == "all" or p[0] in args.pairs.split(",")]
    rows: list[Row] = []
    if not args.json:
        print("# The computer's levels, measured on matches\n")
        print(
            "Made by `make levels` (`bench/levels.py`): each level against the one below, and"
            " principiante against the random bot, on every preset two can play."
            f" {args.matches} matches a pair, {PLAYERS} players, duplicate deals,"
            f" seed {args.seed}, {args.workers} workers.\n"
        )
        print(
            "| preset | bots | won | 95% CI | goal | mean final total (chips ±) |"
            " rounds won | esperto ms, median / p99 | s |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
    for name in presets:
        for strong, weak, goal in pairs:
            row = measure(name, strong, weak, goal, args)
            rows.append(row)
            if not args.json:
                _print_row(row)
    times = tuple(t for row in rows for t in row.times)
    speed = None
    if len(times) > 1:
        speed = {"median_ms": round(_ms(times, 50), 2), "p99_ms": round(_ms(times, 99), 2)}
    fast = speed is None or (
        speed["median_ms"] < MEDIAN_LIMIT * 1e3 and speed["p99_ms"] < P99_LIMIT * 1e3
    )
    holds = fast and all(row.holds for row in rows)
    if args.json:
        data = {"rows": [row.to_dict() for row in rows], "esperto_decisions": speed, "holds": holds}
        json.dump(data, sys.stdout, indent=2)
        print()
        return
    if speed:
        print(
            f"\nesperto's decisions over every table: median {speed['median_ms']} ms,"
            f" p99 {speed['p99_ms']} ms (goal: under {MEDIAN_LIMIT * 1e3:.0f} ms"
            f" and {P99_LIMIT * 1e3:.0f} ms)"
        )
    failed = [f"{row.rules} {row.strong} v {row.weak}" for row in rows if not row.holds]
    print("\nEvery goal holds." if holds else f"\nGoals missed: {', '.join(failed) or 'time'}.")


def _print_row(row: Row) -> None:
    ms = f"{_ms(row.times, 50):.1f} / {_ms(row.times, 99):.1f}" if row.times else ""
    mark = "yes" if row.holds else "**no**"
    if row.chips:
        finals = f"{row.finals[0]:+.1f} v {row.finals[1]:+.1f}"
    else:
        finals = f"{row.finals[0]:.1f} v {row.finals[1]:.1f}"
    print(
        f"| {row.rules} | {row.strong} v {row.weak} | {row.wins}/{row.matches} {row.rate:.1%} |"
        f" {row.low:.1%}–{row.high:.1%} | ≥{row.goal:.0%}: {mark} | {finals} |"
        f" {row.rounds_won:.1%} | {ms} | {row.seconds:.0f} |",
        flush=True,
    )


if __name__ == "__main__":
    main()
