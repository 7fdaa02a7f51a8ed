"""How fast the rules core checks melds and counts hands, on one core.

Run: ``.venv/bin/python bench/melds.py [--n 20000] [--seed 1]``. Prints µs per call (median
and p99 over batches) for meld validation of random near-melds under classico and rami-40,
attaching a card, and counting a 13-card hand. No peer does this exact work, so there is no
side-by-side column here; the solver and round benchmarks of later issues have one.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time
from collections.abc import Callable

from ramino.engine import JOKER, NATURAL_CARDS, Card, MeldError, Rules, get_preset
from ramino.engine._rules_memo import forget_all
from ramino.engine.melds import attach, validate_meld


def near_melds(rnd: random.Random, n: int) -> list[list[Card]]:
    """Runs and sets of 3-5 cards, a third of them with a joker, a quarter broken."""
    out = []
    for _ in range(n):
        size = rnd.randint(3, 5)
        if rnd.random() < 0.5:
            suit, start = rnd.randrange(4), rnd.randint(1, 14 - size)
            cards = [NATURAL_CARDS[suit * 13 + start - 1 + i] for i in range(size)]
        else:
            rank = rnd.randrange(13)
            cards = [NATURAL_CARDS[s * 13 + rank] for s in rnd.sample(range(4), min(size, 4))]
        if rnd.random() < 0.33:
            cards[rnd.randrange(len(cards))] = JOKER
        if rnd.random() < 0.25:
            cards[rnd.randrange(len(cards))] = rnd.choice(NATURAL_CARDS)
        rnd.shuffle(cards)
        out.append(cards)
    return out


def timed(label: str, calls: Callable[[], int], batches: int = 20) -> None:
    per_call = []
    for _ in range(batches):
        # Cold every batch: the engine remembers meld checks, and a batch repeats its hands.
        forget_all()
        start = time.perf_counter()
        count = calls()
        per_call.append((time.perf_counter() - start) / count * 1e6)
    per_call.sort()
    p99 = per_call[min(len(per_call) - 1, int(len(per_call) * 0.99))]
    print(f"{label:<44} {statistics.median(per_call):8.2f} µs   p99 {p99:8.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=5000, help="calls per batch")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    melds = near_melds(rnd, args.n)

    for preset in ("classico", "rami-40"):
        rules = get_preset(preset)

        def validate_all(rules: Rules = rules) -> int:
            for cards in melds:
                with contextlib.suppress(MeldError):
                    validate_meld(cards, rules)
            return len(melds)

        timed(f"validate_meld, {preset}", validate_all)

    rules = get_preset("classico")
    run = validate_meld([NATURAL_CARDS[13 * 2 + i] for i in range(4, 7)], rules)
    extra = [NATURAL_CARDS[13 * 2 + 7]]

    def attach_all() -> int:
        for _ in range(args.n):
            attach(run, extra, rules)
        return int(args.n)

    timed("attach one card to a 3-card run", attach_all)

    from ramino.engine.scoring import hand_penalty

    hands = [rnd.sample([*NATURAL_CARDS, JOKER], 13) for _ in range(args.n)]

    def count_all() -> int:
        for hand in hands:
            hand_penalty(hand, rules)
        return len(hands)

    timed("hand_penalty, 13 cards", count_all)


if __name__ == "__main__":
    main()
