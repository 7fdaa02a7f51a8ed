"""How often a pokerato hand at a table of computer players reaches the draw: the share of
hands in which two players or more are still in when the betting round ends.

Run: ``.venv/bin/python bench/draws.py [--matches 20] [--rules pokerato,...] [--players 3,4]
[--seed 0] [--workers 2]``.

Each table plays whole matches (the match's chips and its last hands weigh on the bets):
principiante, intermedio or esperto at every seat, and a mixed table (the levels in turn).
A hand everyone else folds is won by the blind or the last raiser without a card played.
"""

from __future__ import annotations

import argparse

from ramino.ai.levels import LEVELS
from ramino.ai.tournament import TournamentResult, run_tournament
from ramino.engine.presets import get_preset

PRESETS = ("pokerato", "pokerato-immaginario", "pokerato-immaginario-10")


def tables(players: int) -> dict[str, list[str]]:
    """The tables measured at ``players`` seats: each level alone, and the levels mixed."""
    found = {level: [level] * players for level in LEVELS}
    found["mixed"] = [LEVELS[i % len(LEVELS)] for i in range(players)]
    return found


def draw_share(result: TournamentResult) -> tuple[int, int]:
    """The hands that reached the draw with two players or more in, and all the hands."""
    hands = [outcome for game in result.games for outcome in game.rounds]
    return sum(1 for h in hands if not h.all_folded), len(hands)


def measure(rules_name: str, lineup: list[str], matches: int, seed: str, workers: int) -> float:
    result = run_tournament(
        get_preset(rules_name),
        lineup,
        matches,
        seed=f"draws/{seed}/{rules_name}",
        matches=True,
        workers=workers,
    )
    reached, hands = draw_share(result)
    return reached / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches a table")
    parser.add_argument("--rules", default=",".join(PRESETS), help="presets, comma separated")
    parser.add_argument("--players", default="3,4", help="table sizes, comma separated")
    parser.add_argument("--tables", default="all", help="tables to play, comma separated")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    args = parser.parse_args()
    sizes = [int(n) for n in args.players.split(",")]
    names = [t for t in tables(sizes[0]) if args.tables == "all" or t in args.tables.split(",")]
    print("| preset | players | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for name in args.rules.split(","):
        for players in sizes:
            shares = [
                measure(name, lineup, args.matches, args.seed, args.workers)
                for table, lineup in tables(players).items()
                if table in names
            ]
            cells = " | ".join(f"{share:.0%}" for share in shares)
            print(f"| {name} | {players} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
