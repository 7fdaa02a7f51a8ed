"""The three levels against the baseline of gin rummy: principiante, intermedio and esperto
each play games to 100 against ``baseline`` (the EAAI challenge's simple player,
:class:`ramino.ai.baseline.SimpleGinBot`) under the ``gin`` preset, on duplicate deals.

Run: ``.venv/bin/python bench/gin_levels.py [--matches 400] [--rules gin] [--seed 0]
[--workers 2] [--json]``; the table goes in docs/gin-levels.md.

Each deal of a game is played twice, the two bots swapping seats with the same cards, so
``--matches 400`` is 200 deals. A game tied on the sheet, and a hand that dies at the wall or
scores nothing, count as draws. The goal: esperto wins at least 60% of the games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from typing import Any

from ramino.ai.levels import LEVELS
from ramino.ai.tournament import run_tournament, wilson
from ramino.engine.presets import get_preset

BASELINE = "baseline"
#: The share of games each level must win against the baseline (None: no goal).
GOALS = {"principiante": None, "intermedio": None, "esperto": 0.6}


@dataclass(frozen=True)
class Row:
    rules: str
    level: str
    games: int
    won: int
    drawn: int
    hands: int
    hands_won: int
    hands_drawn: int
    finals: tuple[float, float]
    """The mean final total of the level and of the baseline."""
    seconds: float

    @property
    def rate(self) -> float:
        return self.won / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.won, self.games)

    @property
    def goal(self) -> float | None:
        return GOALS.get(self.level)

    @property
    def holds(self) -> bool | None:
        return None if self.goal is None else self.rate >= self.goal

    def to_dict(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "rules": self.rules,
            "bots": [self.level, BASELINE],
            "games": self.games,
            "won": self.won,
            "drawn": self.drawn,
            "win_rate": round(self.rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "goal": self.goal,
            "holds": self.holds,
            "hands": [
                self.hands_won,
                self.hands_drawn,
                self.hands - self.hands_won - self.hands_drawn,
            ],
            "mean_final_total": [round(f, 1) for f in self.finals],
            "seconds": round(self.seconds, 1),
        }


def measure(rules_name: str, level: str, args: argparse.Namespace) -> Row:
    start = time.perf_counter()
    result = run_tournament(
        get_preset(rules_name),
        [level, BASELINE],
        max(1, args.matches // 2),
        seed=f"gin-levels/{args.seed}/{rules_name}",
        duplicate=True,
        matches=True,
        workers=args.workers,
    )
    stats = result.bot_stats()
    mine, theirs = stats[level], stats[BASELINE]
    return Row(
        rules_name,
        level,
        mine.matches,
        mine.match_wins,
        mine.matches - mine.match_wins - theirs.match_wins,
        mine.rounds,
        mine.wins,
        mine.draws,
        (mine.mean_final, theirs.mean_final),
        time.perf_counter() - start,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="games a level (even)")
    parser.add_argument("--rules", default="gin", help="presets, comma separated")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    rows = []
    if not args.json:
        print(
            "| preset | level v baseline | games won | drawn | 95% CI | goal |"
            " hands won / drawn / lost | mean final total | s |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
    for name in args.rules.split(","):
        for level in args.levels.split(","):
            row = measure(name.strip(), level.strip(), args)
            rows.append(row)
            if not args.json:
                _print_row(row)
    if args.json:
        json.dump({"rows": [row.to_dict() for row in rows]}, sys.stdout, indent=2)
        print()


def _print_row(row: Row) -> None:
    low, high = row.ci95
    goal = "" if row.goal is None else f"≥{row.goal:.0%}: {'yes' if row.holds else '**no**'}"
    lost = row.hands - row.hands_won - row.hands_drawn
    print(
        f"| {row.rules} | {row.level} | {row.won}/{row.games} {row.rate:.1%} | {row.drawn} |"
        f" {low:.1%}–{high:.1%} | {goal} | {row.hands_won} / {row.hands_drawn} / {lost} |"
        f" {row.finals[0]:.1f} v {row.finals[1]:.1f} | {row.seconds:.0f} |",
        flush=True,
    )


if __name__ == "__main__":
    main()
