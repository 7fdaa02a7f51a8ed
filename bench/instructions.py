"""Instructions a decision of random play, counted by callgrind: figures that do not drift.

Run: ``.venv/bin/python bench/instructions.py [--rounds 8] [--presets scala-40 classico]``.
Needs valgrind (Debian's package). Each preset plays ``--rounds`` rounds of four players (the
engine alone: ``legal_actions`` then ``apply``, as the engine figure of ``bench/round.py``)
under callgrind, and once with no round; the difference over the decisions played is the
figure. Times on a shared machine drift by tens of percent from one run to the next, so
``bench/round.py`` compares with its peers batch by batch; this counts the engine's own work
exactly, for comparing one version of it with another. Instructions are not time (a branch
mispredicted or a cache missed costs more than one), so a change is judged by both.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys

from ramino.engine.play import round_seed
from ramino.engine.presets import PRESETS, get_preset
from ramino.engine.round import Round


def play(preset: str, rounds: int) -> int:
    """Play ``rounds`` rounds at random (the random bots' generators of bench/round.py) and
    return the decisions made."""
    rules = get_preset(preset)
    players = min(max(4, rules.min_players), rules.max_players)
    Round(rules, players)  # the imports and the deal's set-up, counted in both runs
    decisions = 0
    for number in range(1, rounds + 1):
        key = f"1/0/{number}"
        round_ = Round(rules, players, seed=round_seed(key, number), dealer=number % players)
        rnds = [random.Random(f"{key}/{seat}") for seat in range(players)]
        while not round_.is_over:
            actions = round_.legal_actions
            round_.apply(actions[rnds[round_.to_play].randrange(len(actions))])
        decisions += len(round_.history)
    return decisions


def counted(valgrind: str, preset: str, rounds: int) -> tuple[int, int]:
    """Instructions of a process playing ``rounds`` rounds, and its decisions."""
    done = subprocess.run(
        [
            valgrind,
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            preset,
            str(rounds),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind said no count:\n{done.stderr}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="rounds per preset (default 8)")
    parser.add_argument("--presets", nargs="*", help="only these presets (default: all playable)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(play(args.child[0], int(args.child[1])))
        return
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    import ramino.engine.round

    build = "pure Python" if (ramino.engine.round.__file__ or "").endswith(".py") else "compiled"
    print(f"ramino engine: {build}, {args.rounds} rounds a preset, random play")
    print(f"{'preset':<22} {'decisions':>9} {'instructions/decision':>22}")
    for preset in args.presets or list(PRESETS):
        try:
            base, _ = counted(valgrind, preset, 0)
        except subprocess.CalledProcessError:
            print(f"{preset:<22} not playable yet")
            continue
        total, decisions = counted(valgrind, preset, args.rounds)
        print(f"{preset:<22} {decisions:>9} {(total - base) // max(decisions, 1):>22,}", flush=True)


if __name__ == "__main__":
    main()
