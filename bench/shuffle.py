"""How long a deal's shuffle takes: the portable shuffle beside ``random.Random(seed).shuffle``.

Run: ``.venv/bin/python bench/shuffle.py [--n 2000] [--batches 20]``. Prints µs per shuffle
(median and p99 over batches) of 108 and 160 card ids, both generators seeded afresh for each
shuffle as a deal does. The portable one pays for SHA-256 and for being reproducible anywhere;
``random.Random`` is the peer doing the same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from ramino.engine.shuffle import portable_shuffle, seed_from_int


def per_shuffle(run: Callable[[], int], batches: int) -> tuple[float, float]:
    """Median and p99 of µs per shuffle over ``batches`` timed runs."""
    times = []
    for _ in range(batches):
        start = time.perf_counter()
        count = run()
        times.append((time.perf_counter() - start) / count * 1e6)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=2000, help="shuffles per batch")
    parser.add_argument("--batches", type=int, default=20)
    args = parser.parse_args()
    count: int = args.n
    # Seeds made outside the timed loops: the bench measures shuffling, not seed derivation.
    byte_seeds = [seed_from_int(i) for i in range(count)]

    print(f"{'cards':>5}  {'portable_shuffle':>22}  {'random.Random.shuffle':>22}  {'ratio':>6}")
    for size in (108, 160):
        ids = range(size)

        def portable(ids: range = ids) -> int:
            for seed in byte_seeds:
                portable_shuffle(ids, seed)
            return len(byte_seeds)

        def mersenne(ids: range = ids) -> int:
            for seed in range(count):
                # Seeding is part of the work here too: a deal starts a fresh generator.
                cards = list(ids)  # portable_shuffle copies its input too
                random.Random(seed).shuffle(cards)
            return count

        ours, ours_p99 = per_shuffle(portable, args.batches)
        peer, peer_p99 = per_shuffle(mersenne, args.batches)
        print(
            f"{size:>5}  {ours:8.1f} µs (p99 {ours_p99:6.1f})  "
            f"{peer:8.1f} µs (p99 {peer_p99:6.1f})  {ours / peer:5.1f}×"
        )


if __name__ == "__main__":
    main()
