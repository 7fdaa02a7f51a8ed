"""How strong the expert bot is: duplicate rounds of the expert against the greedy bot.

Run: ``.venv/bin/python bench/expert.py [--deals 200] [--rules classico] [--players 2]
[--hold-threat 3] [--hold-max N] [--hold-near 2] [--seed 0] [--workers 2]``.

The expert keeps its melds in hand until the whole hand goes down in one turn (*in mano*),
unless an opponent holds ``--hold-threat`` cards or fewer or the melds held back are worth
more than ``--hold-max`` points, and holds anyway with ``--hold-near`` loose cards or fewer
(:class:`ramino.ai._expert_hold.Hold`; the defaults are the bot's).

The duplicate tournament of :func:`ramino.ai.tournament.run_tournament`: every deal is played
once per seat of the expert, the same cards in the same places, so the luck of the deal
mostly cancels out. A round is won by the player who went out; a round stopped by a cap by
the one lowest count (a tie is a draw). Figures: rounds won by each side with a 95% Wilson
interval, mean penalty per round as the rules score it (the count left in hand, doubled for a
close in one turn where the rules say so; 0 for whoever went out), and the time of the
expert's decisions (median, p90, max).
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics

from ramino.ai._expert_hold import Hold
from ramino.ai.expert import ExpertBot
from ramino.ai.tournament import RoundOutcome, run_tournament, wilson
from ramino.engine.presets import get_preset
from ramino.engine.rules import Rules
from ramino.engine.scoring import loser_score


def penalties(outcome: RoundOutcome, rules: Rules) -> list[int]:
    """What each seat of ``outcome`` paid, as the rules score a round."""
    return [
        0 if seat == outcome.out else loser_score(count, rules, in_one_turn=outcome.in_one_turn)
        for seat, count in enumerate(outcome.counts)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals (each played per seat)")
    parser.add_argument("--rules", default="classico")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    default = Hold()
    parser.add_argument("--hold-threat", type=int, default=default.threat, help="lay at this many")
    parser.add_argument("--hold-max", type=int, default=default.max_held, help="lay above this")
    parser.add_argument(
        "--hold-near", type=int, default=default.near, help="hold at this many loose (-1: no)"
    )
    args = parser.parse_args()
    hold = Hold(args.hold_threat, args.hold_max, None if args.hold_near < 0 else args.hold_near)
    rules = get_preset(args.rules)
    result = run_tournament(
        rules,
        ["expert", *["greedy"] * (args.players - 1)],
        args.deals,
        seed=f"expert/{args.seed}",
        duplicate=True,
        workers=args.workers,
        keep_times=True,
        bots={"expert": functools.partial(ExpertBot, hold=hold)},
    )
    stats = result.bot_stats()
    expert, greedy = stats["expert"], stats["greedy"]
    rounds = result.rounds
    n = len(rounds)
    # Per round: the expert's penalty, and the mean of the others'.
    mine, theirs = [], []
    for outcome in rounds:
        paid = penalties(outcome, rules)
        me = outcome.bots.index("expert")
        mine.append(paid[me])
        theirs.append((sum(paid) - paid[me]) / (args.players - 1))
    in_mano = sum(r.in_one_turn and r.out is not None and r.bots[r.out] == "expert" for r in rounds)

    print(
        f"expert ({hold}) vs greedy, {args.rules}, {args.players} players: {args.deals} deals"
        f" x {args.players} seats = {n} rounds ({result.seconds:.0f} s)"
    )
    # Out of rounds, not seats: greedy bots in two seats win a round once.
    for name, wins in (("expert", expert.wins), ("greedy", greedy.wins)):
        low, high = wilson(wins, n)
        print(f"  {name} won {wins} ({wins / n:.1%}), 95% CI [{low:.1%}, {high:.1%}]")
    draws = n - expert.wins - greedy.wins
    print(f"  draws {draws}; expert went out in one turn (in mano) {in_mano}")
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(n) if n > 1 else 0.0
    print(
        f"  mean penalty per round: expert {statistics.fmean(mine):.1f},"
        f" greedy {statistics.fmean(theirs):.1f}"
        f" (difference {statistics.fmean(diff):+.1f} ± {half:.1f})"
    )
    times = sorted(expert.times)
    if times:
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"  expert decision: median {statistics.median(times) * 1e3:.1f} ms,"
            f" p90 {p90 * 1e3:.1f} ms, max {times[-1] * 1e3:.0f} ms ({len(times)} decisions)"
        )


if __name__ == "__main__":
    main()
