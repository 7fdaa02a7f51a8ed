"""What a decision of random play costs before any listed move is confirmed, beside RLCard.

Run: ``.venv/bin/python bench/floors.py [--batches 5] [--presets scala-40 enciclopedia]``.
Seeded games of four random players are recorded, then replayed three ways, each from cold
caches: the chosen moves alone (each decided by the round's one check, then made); the same
with every candidate of the player to move listed but none confirmed (what the hand and the
table offer, and the discards); and as ``bench/round.py`` times the engine (the complete legal
actions at every decision, then the move). The first two are floors: an engine that confirms
each move it lists (``Round.refusal``) pays them before its first confirmation. RLCard's gin
rummy (its game alone, and its environment) is timed batch by batch in the same process.
Figures in µs a decision of processor time, the median of the batches.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

# The peers and the build's name as bench/round.py, beside this script, has them.
from round import engine_build, rlcard_batch, rlcard_game_batch

from ramino.engine._moves import play_candidates
from ramino.engine._rules_memo import forget_all
from ramino.engine.actions import Action
from ramino.engine.play import round_seed
from ramino.engine.presets import get_preset
from ramino.engine.round import Phase, Round

#: A recorded game: its key, its number and the moves played.
Game = tuple[str, int, list[Action]]
#: The ways of replaying the games, by label.
MODES = ("moves alone", "listed", "engine")


def record(preset: str, players: int, rounds: int, k: int) -> list[Game]:
    """The games of batch ``k`` as bench/round.py plays them (its seeds, its generators)."""
    rules = get_preset(preset)
    games = []
    for number in range(1, rounds + 1):
        key = f"1/{k}/{number}"
        round_ = Round(rules, players, seed=round_seed(key, number), dealer=number % players)
        rnds = [random.Random(f"{key}/{seat}") for seat in range(players)]
        while not round_.is_over:
            actions = round_.legal_actions
            round_.apply(actions[rnds[round_.to_play].randrange(len(actions))])
        games.append((key, number, [event.action for event in round_.history]))
    return games


def replay(preset: str, players: int, games: list[Game], mode: str) -> float:
    """µs a decision of replaying ``games`` in one of the MODES, from cold caches."""
    rules = get_preset(preset)
    forget_all()
    decisions = 0
    start = time.process_time()
    for key, number, moves in games:
        round_ = Round(rules, players, seed=round_seed(key, number), dealer=number % players)
        for move in moves:
            if mode == "engine":
                round_.legal_actions  # noqa: B018 (the listing is what is timed)
            elif mode == "listed" and round_.phase is Phase.PLAY:
                play_candidates(round_.decision())
                round_.discard_options()
            round_.apply(move)
            decisions += 1
    return (time.process_time() - start) / decisions * 1e6


def peer_us(batch: Callable[[int], tuple[int, int]], k: int) -> float:
    start = time.process_time()
    decisions, _ = batch(k)
    return (time.process_time() - start) / max(decisions, 1) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4, help="rounds per batch (default 4)")
    parser.add_argument("--batches", type=int, default=5, help="batches (default 5)")
    parser.add_argument(
        "--presets",
        nargs="*",
        default=["scala-40", "enciclopedia", "apertura-50", "rami-40"],
        help="presets (default: the four slowest for the pure build)",
    )
    args = parser.parse_args()
    peers = {"rlcard game": rlcard_game_batch, "rlcard env": rlcard_batch}
    print(f"ramino engine: {engine_build()}, 4 players; µs a decision, median of {args.batches}")
    print(f"{'preset':<14}" + "".join(f" {label:>12}" for label in (*MODES, *peers)))
    for preset in args.presets:
        made = {label: make(args.rounds, 1) for label, make in peers.items()}
        figures: dict[str, list[float]] = {label: [] for label in (*MODES, *peers)}
        for k in range(args.batches):
            games = record(preset, 4, args.rounds, k)
            for mode in MODES:
                figures[mode].append(replay(preset, 4, games, mode))
            for label, batch in made.items():
                figures[label].append(peer_us(batch, k))
        medians = [statistics.median(found) for found in figures.values()]
        print(f"{preset:<14}" + "".join(f" {us:12.1f}" for us in medians), flush=True)


if __name__ == "__main__":
    main()
