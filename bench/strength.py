"""How strong the greedy bot is: duplicate rounds against the random bot.

Run: ``.venv/bin/python bench/strength.py [--rounds 200] [--players 2] [--rules classico]
[--seed 0] [--bot greedy|principiante|intermedio|esperto] [--against random|...]
[--workers 1]``.

Duplicate play takes the luck of the deal out: every deal (one seed) is played once per seat
of the bot under test, the same cards in the same places, so each bot plays each hand. A
round is won by the player who went out; a round stopped by a cap (``max_turns``, restocks)
is won by the lowest count, as the rules score it (``on_round_cap``), and a tie for lowest is
a draw. Figures: rounds won by each side with a 95% Wilson interval, mean penalty per round
(the count left in hand, 0 for whoever went out) and the median time of one decision.
"""

from __future__ import annotations

import argparse
import statistics

from ramino.ai.tournament import BOTS, BotStats, TournamentResult, run_tournament, wilson
from ramino.engine.presets import get_preset


def play(args: argparse.Namespace) -> tuple[TournamentResult, BotStats, BotStats]:
    """The duplicate tournament (``ramino.ai.tournament``): the bot under test in one seat,
    ``--against`` in the others; the figures of each side."""
    lineup = [args.bot, *[args.against] * (args.players - 1)]
    result = run_tournament(
        get_preset(args.rules),
        lineup,
        args.rounds,
        seed=f"strength/{args.seed}",
        duplicate=True,
        workers=args.workers,
        keep_times=True,
    )
    stats = result.bot_stats()
    return result, stats[args.bot], stats[args.against]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="deals (each played per seat)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="classico")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--against", default="random")
    parser.add_argument("--workers", type=int, default=1, help="processes to play on")
    args = parser.parse_args()
    args.bot, args.against = args.bot.strip().lower(), args.against.strip().lower()
    for name in (args.bot, args.against):
        if name not in BOTS:
            parser.error(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    if args.bot == args.against:
        parser.error("--bot and --against must differ: a bot's figures cover all its seats")
    result, mine, theirs = play(args)
    elapsed = result.seconds
    rounds = result.rounds
    n = len(rounds)
    # The opponents' wins are counted per round, not per seat: how often the tested bot lost
    # to one of them.
    losses = theirs.wins
    capped = sum(r.out is None for r in rounds)
    low, high = wilson(mine.wins, n)
    o_low, o_high = wilson(losses, n)
    print(
        f"{args.bot} vs {args.against}, {args.rules}, {args.players} players:"
        f" {args.rounds} deals x {args.players} seats = {n} rounds ({elapsed:.1f} s)"
    )
    print(
        "A round is won by who went out; a round stopped by a cap by the lowest count"
        " (a tie for lowest is a draw)."
    )
    print(
        f"  {args.bot:>12} won {mine.wins:4d} ({mine.wins / n:6.1%}),"
        f" 95% CI [{low:.1%}, {high:.1%}]"
    )
    print(
        f"  {args.against:>12} won {losses:4d} ({losses / n:6.1%}),"
        f" 95% CI [{o_low:.1%}, {o_high:.1%}]"
    )
    print(f"  draws {mine.draws}, rounds stopped by a cap {capped}")
    print(
        f"  mean penalty per round: {args.bot} {mine.mean_penalty:.1f},"
        f" {args.against} {theirs.mean_penalty:.1f}"
    )
    for label, times in ((args.bot, mine.times), (args.against, theirs.times)):
        if times:
            ordered = sorted(times)
            p90 = ordered[int(0.9 * (len(ordered) - 1))]
            print(
                f"  {label} decision time: median {statistics.median(times) * 1e3:.2f} ms,"
                f" p90 {p90 * 1e3:.2f} ms, max {ordered[-1] * 1e3:.1f} ms"
                f" ({len(times)} decisions)"
            )


if __name__ == "__main__":
    main()
