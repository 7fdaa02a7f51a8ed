"""What one move costs ``ramino serve``'s own code, without the network or the store: a table of
a person and a computer (as bench/server_load.py plays them) makes the person's move and the
computer's turn (``act``), writes the person's state (``state``) and its JSON (``json``).

Run: ``.venv/bin/python bench/server_table.py [--tables 50] [--played 0 200] [--moves 2000]``.
``--tables`` tables are played alike, the person drawing then throwing a random card, until
each person has made ``--played`` moves (a round is about 45 of them: the round's history and
the score sheet grow, and every state carries both); then ``--moves`` more moves are timed,
in processor µs a move (``time.process_time``: other work on the machine moves it little).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict

from ramino.engine.rules_file import rules_from_mapping
from ramino.server.store import StoredSeat
from ramino.server.tables import Table, TableSpec

#: Moves each table plays, untimed, before those timed.
WARM = 5
SEATS = (
    StoredSeat(0, "human", "Anna", None, "token"),
    StoredSeat(1, "computer", "(2)", "principiante", None),
)


def new_table(number: int) -> Table:
    rules = rules_from_mapping({"name": "classico", "target": 10000})
    table = Table(f"t{number}", TableSpec(rules, SEATS, f"tavolo {number}".encode()))
    table.deal(0)
    table.computers_play()
    return table


def move(table: Table, rng: random.Random, timed: defaultdict[str, float] | None = None) -> None:
    """One move of the person, as the load bench chooses it, timed into ``timed``."""
    clock = time.process_time
    start = clock()
    state = table.state(0)
    written = clock()
    state.model_dump_json()
    dumped = clock()
    assert state.observation is not None
    legal = state.observation.legal_actions
    discards = [action for action in legal if action.startswith("discard ")]
    chosen = "draw" if "draw" in legal else rng.choice(discards or legal)
    acting = clock()
    table.act(0, chosen)
    done = clock()
    if timed is not None:
        timed["state"] += written - start
        timed["json"] += dumped - written
        timed["act"] += done - acting


def measure(tables: int, before: int, moves: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    played = [new_table(n) for n in range(tables)]
    for table in played:
        # A few moves more, untimed: the first ones of a process pay for its warming up.
        for _ in range(before + WARM):
            move(table, rng)
    rounds = sum(t.play.rounds for t in played if t.play is not None) / tables
    timed: defaultdict[str, float] = defaultdict(float)
    for number in range(moves):
        move(played[number % tables], rng, timed)
    figures = {name: round(1e6 * seconds / moves, 1) for name, seconds in timed.items()}
    figures["total"] = round(sum(figures.values()), 1)
    figures["state_bytes"] = len(played[0].state(0).model_dump_json())
    figures["rounds"] = rounds
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--played", type=int, nargs="+", default=[0, 200])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {
        before: measure(args.tables, before, args.moves, args.seed) for before in args.played
    }
    if args.json:
        print(json.dumps(results))
        return
    print("ramino serve's own work for one move of a person (and the computer's turn), µs")
    print(f"{'moves before':>12} {'rounds':>6} {'act':>6} {'state':>6} {'json':>6} {'total':>6}")
    for before, figures in results.items():
        print(
            f"{before:>12} {figures['rounds']:>6.1f} {figures['act']:>6.1f}"
            f" {figures['state']:>6.1f} {figures['json']:>6.1f} {figures['total']:>6.1f}"
        )


if __name__ == "__main__":
    main()
