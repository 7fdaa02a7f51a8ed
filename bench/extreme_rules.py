"""How long one decision takes under the most extreme rules the engine accepts.

Run: ``.venv/bin/python bench/extreme_rules.py [--seeds 5] [--budget 40] [--timeout 120]``.
Random play: each decision computes ``legal_actions`` (timed, wall clock) and applies one of
them at random. Each table of rules plays in a process of its own, stopped after ``--timeout``
seconds, since one decision alone may take minutes; the figures are per decision: mean, 99th
percentile and the slowest, in milliseconds. The knobs' ranges are ``rules.KNOB_RANGES``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from dataclasses import replace
from typing import Any

from ramino.engine.presets import get_preset
from ramino.engine.round import Round
from ramino.engine.rules import SetSuits

#: The ends of the ranges, with everything the deck can deal: four packs, twelve jollies,
#: hands of 20, no limit of jollies per meld nor of cards per set.
FAR = {
    "decks": 4,
    "jokers": 12,
    "hand_size": 20,
    "max_players": 10,
    "max_jokers_per_meld": None,
    "set_suits": SetSuits.ANY,
    "set_max": None,
}

#: (label, preset, players, knobs changed)
TABLES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("classico", "classico", 2, {}),
    ("scala-40", "scala-40", 2, {}),
    ("rami-51", "rami-51", 2, {}),
    ("casertano", "casertano", 2, {}),
    ("far ends, free opening, 2 players", "classico", 2, FAR),
    ("far ends, free opening, 10 players", "classico", 10, FAR),
    ("casertano at the far ends", "casertano", 2, FAR),
    ("rami-51, 12 jollies, opening 100", "rami-51", 2, {"jokers": 12, "opening_threshold": 100}),
    ("classico, 13 cards, opening 51", "classico", 2, {"hand_size": 13, "opening_threshold": 51}),
    ("classico, 13 cards, opening 80", "classico", 2, {"hand_size": 13, "opening_threshold": 80}),
    ("far ends, opening 100", "classico", 2, {**FAR, "opening_threshold": 100}),
]


def play(preset: str, players: int, changes: dict[str, Any], seeds: int, budget: float) -> Any:
    """Random play under the rules; the time of every decision, in seconds."""
    rules = replace(get_preset(preset), **changes)
    times: list[float] = []
    start = time.perf_counter()
    for seed in range(seeds):
        round_ = Round(rules, players, seed=seed)
        chooser = random.Random(seed)
        while not round_.is_over and time.perf_counter() - start < budget:
            began = time.perf_counter()
            actions = round_.legal_actions
            times.append(time.perf_counter() - began)
            round_.apply(chooser.choice(actions))
    return times


def _child(queue: Any, *args: Any) -> None:
    queue.put(play(*args))


def measured(
    preset: str, players: int, changes: dict[str, Any], seeds: int, budget: float, timeout: float
) -> list[float] | None:
    """The decisions' times, or ``None`` if the process ran out of ``timeout``."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    child = context.Process(
        target=_child, args=(queue, preset, players, changes, seeds, budget), daemon=True
    )
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    found: list[float] = queue.get()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="rounds per table of rules")
    parser.add_argument("--budget", type=float, default=40.0, help="seconds of play per table")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before giving up")
    args = parser.parse_args()
    print(f"{'rules':40} {'players':>7} {'decisions':>9} {'mean':>8} {'p99':>8} {'max':>9}")
    for label, preset, players, changes in TABLES:
        times = measured(preset, players, changes, args.seeds, args.budget, args.timeout)
        if times is None:
            print(f"{label:40} {players:7} {'':>9} one decision took over {args.timeout:.0f} s")
            continue
        times.sort()
        mean = 1000 * sum(times) / len(times)
        p99 = 1000 * times[int(0.99 * (len(times) - 1))]
        print(
            f"{label:40} {players:7} {len(times):9} {mean:8.2f} {p99:8.1f} {1000 * times[-1]:9.1f}"
        )


if __name__ == "__main__":
    main()
