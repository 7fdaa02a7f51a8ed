"""How fast and how right the meld solver is, side by side with the peers that do the same work.

Run: ``.venv/bin/python bench/solver.py [--hands 2000] [--seed 1] [--reference 300]``
(``--quick`` for a short look).

1. The peers' own task (gin rummy's deadwood): one 52-card deck, no jokers, ace low only,
   A = 1, 2–10 their number, J Q K = 10, melds of 3+ cards. Least deadwood of 10-card hands,
   and of 11-card hands after the best discard. Random hands, and dense hands dealt from the 20
   cards of ranks 4–8 (many overlapping melds). Ours under a ``Rules`` value set to that task:
   ``ramino.ai.solver.least_penalty``, the number alone as the peers give it, and beside it
   ``best_arrangement``, the whole way with validated melds. Against RLCard
   (``rlcard.games.gin_rummy.utils.melding``) and OpenSpiel
   (``pyspiel.gin_rummy.GinRummyUtils.min_deadwood``), when installed. Every disagreement is
   settled by a brute force over every set of disjoint melds.
2. Ramino's own task: 13- and 14-card hands from 108 cards with 4 jokers, classico and
   scala-40, with and without the discard; checked against the engine's own exact search
   (``ramino.engine.going_out.min_deadwood``) on the first ``--reference`` hands.

Figures are CPU µs per hand (median and p99, ``time.process_time``) on one core, after
``--warm`` hands have filled the meld tables (the solver builds them as hands ask, once per
set of meld rules).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ramino.ai import best_arrangement
from ramino.ai.solver import least_penalty
from ramino.engine import JOKER, NATURAL_CARDS, Card, Rules, get_preset
from ramino.engine.going_out import min_deadwood
from ramino.engine.rules import AceInRuns

#: Gin's deadwood task as ramino rules: every knob it needs exists (ace low only, ace worth 1,
#: faces 10 by default, sets of distinct suits, one deck without jokers).
GIN = Rules(
    name="gin-task",
    decks=1,
    jokers=0,
    max_players=4,
    ace_in_runs=AceInRuns.LOW_ONLY,
    ace_penalty=1,
)

Hand = list[Card]


def value(card: Card) -> int:
    assert card.rank is not None
    return min(int(card.rank), 10)


# --- an independent brute force for the gin task (to settle disagreements) ---


def gin_melds(hand: Sequence[Card]) -> list[frozenset[Card]]:
    """Every gin meld within the hand: runs of 3+ (ace low), sets of 3 or 4."""
    cards = set(hand)
    found: list[frozenset[Card]] = []
    for suit in range(4):
        for start in range(13):
            run = []
            for rank in range(start, 13):
                card = NATURAL_CARDS[suit * 13 + rank]
                if card not in cards:
                    break
                run.append(card)
                if len(run) >= 3:
                    found.append(frozenset(run))
    for rank in range(13):
        same = [c for c in cards if c.rank is not None and int(c.rank) == rank + 1]
        for size in (3, 4):
            found.extend(frozenset(c) for c in itertools.combinations(same, size))
    return found


def gin_brute(hand: Sequence[Card]) -> int:
    melds = gin_melds(hand)
    best = sum(value(c) for c in hand)

    def walk(left: frozenset[Card], start: int) -> None:
        nonlocal best
        best = min(best, sum(value(c) for c in left))
        for i in range(start, len(melds)):
            if melds[i] <= left:
                walk(left - melds[i], i + 1)

    walk(frozenset(hand), 0)
    return best


def gin_brute_discard(hand: Sequence[Card]) -> int:
    return min(gin_brute([c for c in hand if c is not thrown]) for thrown in hand)


# --- the contestants ---


def ours(hand: Hand) -> int:
    """The number alone, as the peers give it (``least_penalty``)."""
    return least_penalty(hand, GIN, discard=len(hand) == 11)


def ours_full(hand: Hand) -> int:
    """The whole :class:`Arrangement` (validated melds, deadwood, discard), its penalty read."""
    return best_arrangement(hand, GIN, discard=len(hand) == 11).penalty


def rlcard_solver() -> Callable[[Hand], int] | str:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return "not installed"

    def ten(cards: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(cards)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in cards)
        return int(utils.get_deadwood_count(cards, clusters[0]))

    def solve(hand: Hand) -> int:
        # Card ids are rank + 13 * suit, as ours (the suits' order does not matter here).
        cards = [utils.card_from_card_id(c.code) for c in hand]
        if len(cards) == 10:
            return ten(cards)
        return min(ten(cards[:i] + cards[i + 1 :]) for i in range(len(cards)))

    return solve


def openspiel_solver() -> Callable[[Hand], int] | str:
    try:
        import pyspiel
    except ImportError:
        return "not installed"
    gin_utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

    def solve(hand: Hand) -> int:
        # Card ints are suit * 13 + rank, ace 0: as our codes. With 11 cards OpenSpiel
        # counts the deadwood after the best discard itself.
        return int(gin_utils.min_deadwood([c.code for c in hand]))

    return solve


# --- measuring ---


def timed(solve: Callable[[Hand], int], hands: list[Hand]) -> tuple[list[int], float, float]:
    results = []
    times = []
    for hand in hands:
        # CPU time of this process: the machine may be shared, and waiting is not work.
        start = time.process_time()
        results.append(solve(hand))
        times.append(time.process_time() - start)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return results, statistics.median(times) * 1e6, p99 * 1e6


def gin_hands(rnd: random.Random, n: int, size: int, dense: bool) -> list[Hand]:
    pool = [c for c in NATURAL_CARDS if not dense or 4 <= value(c) <= 8]
    return [rnd.sample(pool, size) for _ in range(n)]


def gin_task(n: int, seed: int, warm: int) -> None:
    print("Gin deadwood task: 52 cards, no jokers, ace low, A=1, faces 10 (all ramino knobs)")
    peers: dict[str, Callable[[Hand], int] | str] = {
        "ramino": ours,
        "ramino (full way)": ours_full,
        "rlcard": rlcard_solver(),
        "openspiel": openspiel_solver(),
    }
    header = f"{'hands':<22}" + "".join(f"{name:>28}" for name in peers)
    print(header)
    disagreements: list[str] = []
    for label, size, dense in (
        ("10 cards, random", 10, False),
        ("10 cards, dense 4-8", 10, True),
        ("11 cards, random", 11, False),
        ("11 cards, dense 4-8", 11, True),
    ):
        hands = gin_hands(random.Random(f"{seed}-{label}"), n, size, dense)
        # Warm the meld tables (made once per rules, as hands ask) on other hands.
        for hand in gin_hands(random.Random(f"warm-{seed}-{label}"), warm, size, dense):
            ours_full(hand)
        row = f"{label:<22}"
        answers: dict[str, list[int]] = {}
        for name, solve in peers.items():
            if isinstance(solve, str):
                row += f"{solve:>28}"
                continue
            results, median, p99 = timed(solve, hands)
            answers[name] = results
            row += f"{median:>9.1f} µs p99 {p99:>8.1f} µs"
        print(row)
        mine = answers["ramino"]
        for name, results in answers.items():
            if name == "ramino":
                continue
            differ = [i for i in range(len(hands)) if results[i] != mine[i]]
            line = f"{'':<22}{name}: agrees on {len(hands) - len(differ)}/{len(hands)}"
            if differ:
                right = {"ramino": 0, name: 0, "neither": 0}
                for i in differ:
                    hand = hands[i]
                    truth = gin_brute_discard(hand) if size == 11 else gin_brute(hand)
                    who = (
                        "ramino" if mine[i] == truth else name if results[i] == truth else "neither"
                    )
                    right[who] += 1
                    if len(disagreements) < 6:
                        cards = " ".join(str(c) for c in sorted(hand))
                        disagreements.append(
                            f"  {name} {label}: {cards} -> ramino {mine[i]}, {name} "
                            f"{results[i]}, brute force {truth}"
                        )
                line += f"; of the {len(differ)} disagreements, right: {right}"
            print(line)
    if disagreements:
        print("Examples of disagreements (brute force = every set of disjoint melds):")
        print("\n".join(disagreements))


def ramino_task(n: int, seed: int, reference: int, warm: int) -> None:
    print()
    print("Ramino task: 108 cards (2 decks + 4 jokers), exact least penalty in hand")
    print("(full way: best_arrangement, melds built; number only: least_penalty)")
    print(
        f"{'rules, hand':<34}{'full way median':>18}{'p99':>12}{'number only':>14}{'p99':>12}"
        f"{'agree with engine':>20}"
    )
    for preset in ("classico", "scala-40"):
        rules = get_preset(preset)
        deck = list(NATURAL_CARDS) * 2 + [JOKER] * 4
        for size, discard in ((13, False), (14, False), (14, True)):
            rnd = random.Random(f"{seed}-{preset}-{size}-{discard}")
            hands = [rnd.sample(deck, size) for _ in range(n)]
            for _ in range(warm):
                best_arrangement(rnd.sample(deck, size), rules, discard=discard)

            def solve(hand: Hand, rules: Rules = rules, discard: bool = discard) -> int:
                return best_arrangement(hand, rules, discard=discard).deadwood_points

            def number(hand: Hand, rules: Rules = rules, discard: bool = discard) -> int:
                return least_penalty(hand, rules, discard=discard)

            # The number first: what it leaves in the memos favours the full way, not it.
            _, fast, fast_p99 = timed(number, hands)
            results, median, p99 = timed(solve, hands)
            checked = min(reference, n)
            agree = 0
            for hand, got in zip(hands[:checked], results, strict=False):
                if discard:
                    truth = min(
                        min_deadwood([c for j, c in enumerate(hand) if j != i], rules)
                        for i in range(len(hand))
                    )
                else:
                    truth = min_deadwood(hand, rules)
                agree += truth == got
            label = f"{preset}, {size} cards" + (" + discard" if discard else "")
            print(
                f"{label:<34}{median:>15.1f} µs{p99:>9.1f} µs{fast:>11.1f} µs{fast_p99:>9.1f} µs"
                f"{f'{agree}/{checked}':>20}"
            )
    # The knobs that shape melds, one at a time, on 13-card classico hands.
    print()
    print("Classico with one meld knob changed, 13 cards (µs median)")
    variants = {
        "jolly unlimited per meld": replace(get_preset("classico"), max_jokers_per_meld=None),
        "runs wrap (K-A-2)": replace(get_preset("classico"), run_wrap=True),
        "sets of any suits, any size": get_preset("casertano"),
    }
    for label, rules in variants.items():
        deck = list(NATURAL_CARDS) * rules.decks + [JOKER] * rules.jokers
        rnd = random.Random(f"{seed}-{label}")
        hands = [rnd.sample(deck, 13) for _ in range(max(1, n // 4))]
        for _ in range(warm):
            best_arrangement(rnd.sample(deck, 13), rules)

        def penalty(hand: Hand, rules: Rules = rules) -> int:
            return best_arrangement(hand, rules).penalty

        _, median, p99 = timed(penalty, hands)
        print(f"{label:<34}{median:>9.1f} µs{p99:>9.1f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="hands per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--reference", type=int, default=100, help="hands checked against the engine's search"
    )
    parser.add_argument(
        "--warm", type=int, default=1000, help="hands solved before timing (warm meld tables)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a quick look: 300 hands, 200 warm, 20 checked"
    )
    args = parser.parse_args()
    if args.quick:
        args.hands, args.warm, args.reference = 300, 200, 20
    gin_task(args.hands, args.seed, args.warm)
    ramino_task(args.hands, args.seed, args.reference, args.warm)


if __name__ == "__main__":
    main()
