"""How well the computer bets in pokerato: chips won over duplicate deals.

Run: ``.venv/bin/python bench/betting.py [--deals 400] [--rules pokerato] [--players 3]
[--bots esperto,intermedio,caller] [--seed 0] [--workers 2]``.

Every deal is played once per rotation of the bots (``ramino simulate --duplicate``), so each
bot gets each hand and each place at the table; a round is one hand, its betting and its play.
Figures: each bot's chips won per hand with a 95% interval, and, for each bot against the next
one in the list, the difference of their chips deal by deal (the same cards for both), with
its 95% interval: above zero, the first bot wins more chips. ``caller`` plays its cards as
intermedio and calls every bet: the baseline a betting policy must beat.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
from collections import defaultdict

from ramino.ai.tournament import TournamentResult, run_tournament
from ramino.engine.presets import get_preset


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - 1.96 * spread, mean + 1.96 * spread


def by_deal(result: TournamentResult) -> dict[int, dict[str, int]]:
    """The chips each bot won over the games of each deal."""
    deals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game in result.games:
        for outcome in game.rounds:
            for seat, name in enumerate(outcome.bots):
                deals[game.game.deal][name] += outcome.chips[seat]
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--rules", default="pokerato")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="esperto,intermedio,caller")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    names = args.bots.split(",")
    lineup = (names * args.players)[: args.players]
    rules = get_preset(args.rules)
    result = run_tournament(
        rules,
        lineup,
        args.deals,
        seed=f"betting/{args.seed}",
        duplicate=True,
        workers=args.workers,
    )
    print(
        f"{rules.name}, {args.players} players, {args.deals} deals × {args.players} rotations"
        f" = {len(result.rounds)} hands, {result.seconds:.0f} s"
    )
    print(f"{'bot':<14}{'hands':>7}{'chips won':>11}   per hand, 95% interval")
    for name, stats in result.bot_stats().items():
        mean, low, high = interval([float(c) for c in stats.chips])
        print(
            f"{name:<14}{len(stats.chips):>7}{stats.chips_won:>+11d}"
            f"   {mean:+.3f} ({low:+.3f} … {high:+.3f})"
        )
    deals = by_deal(result)
    order = list(dict.fromkeys(names))
    print("\nchips a deal, bot against the next one, 95% interval")
    for better, worse in itertools.pairwise(order):
        differences = [float(d[better] - d[worse]) for d in deals.values()]
        mean, low, high = interval(differences)
        verdict = "wins more" if low > 0 else "loses more" if high < 0 else "not told apart"
        print(f"{better} − {worse}: {mean:+.3f} ({low:+.3f} … {high:+.3f}) → {better} {verdict}")


if __name__ == "__main__":
    main()
