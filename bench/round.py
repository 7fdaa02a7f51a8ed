"""How fast random bots play whole rounds, preset by preset, on one core.

Run: ``.venv/bin/python bench/round.py [--rounds 4] [--batches 3] [--seed 1] [--players 4]``.
Every decision computes the complete legal actions, as ``ramino simulate`` does. Two figures per
preset: through observations and a :class:`RandomBot` (what ``simulate`` and every client pay),
and the engine alone (``legal_actions`` then ``apply``). µs per decision is the median over
batches, in processor time. Gin rummy in RLCard and OpenSpiel is timed beside it when those
packages are installed, batch for batch: each batch of the engine is followed at once by the
same batch of each peer, and the engine's ratio to a peer is the median of those pairs.
OpenSpiel is timed twice: each game from ``new_initial_state()`` (about a millisecond a game,
which flatters us) and from a copy of one initial state (``open_spiel-clone``). The gin rummy
presets (``gin``, ``gin-classic``, ``gin-openspiel``) are the same game as the peers'.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from ramino.ai import RandomBot, play_round
from ramino.engine._rules_memo import forget_all
from ramino.engine.play import round_seed
from ramino.engine.presets import GIN_PRESETS, PRESETS, get_preset
from ramino.engine.round import Round


@dataclass
class Figures:
    """One line of the table."""

    decisions: int
    rounds: int
    seconds: float
    per_decision_us: float  # median over batches


def measure(batch: Callable[[int], tuple[int, int]], batches: int) -> Figures:
    """Run ``batch(k)`` (returning decisions and rounds) ``batches`` times and sum them up."""
    decisions = rounds = 0
    seconds = 0.0
    per_decision = []
    for k in range(batches):
        d, r, elapsed = timed(batch, k)
        decisions, rounds, seconds = decisions + d, rounds + r, seconds + elapsed
        per_decision.append(elapsed / max(d, 1) * 1e6)
    return Figures(decisions, rounds, seconds, statistics.median(per_decision))


def timed(batch: Callable[[int], tuple[int, int]], k: int) -> tuple[int, int, float]:
    """One batch from cold caches: its decisions, rounds and processor seconds."""
    # Start every batch cold: the engine remembers answers about hands it has seen, and
    # the second figure replays the very same games as the first.
    forget_all()
    # Processor time: on a shared machine, other processes' work is not counted.
    start = time.process_time()
    d, r = batch(k)
    return d, r, time.process_time() - start


def measure_paired(
    engine: Callable[[int], tuple[int, int]],
    peers: dict[str, Callable[[int], tuple[int, int]]],
    batches: int,
) -> tuple[Figures, dict[str, float]]:
    """The engine's figures, and its time per decision over each peer's: every batch of the
    engine is followed at once by the same batch of every peer, and the ratio is the median
    of these pairs. A shared machine's speed drifts by tens of percent within minutes, so
    figures taken apart compare the machine's moments as much as the programs."""
    decisions = rounds = 0
    seconds = 0.0
    per_decision = []
    ratios: dict[str, list[float]] = {label: [] for label in peers}
    for k in range(batches):
        d, r, elapsed = timed(engine, k)
        decisions, rounds, seconds = decisions + d, rounds + r, seconds + elapsed
        us = elapsed / max(d, 1) * 1e6
        per_decision.append(us)
        for label, peer in peers.items():
            peer_d, _, peer_elapsed = timed(peer, k)
            ratios[label].append(us / (peer_elapsed / max(peer_d, 1) * 1e6))
    figures = Figures(decisions, rounds, seconds, statistics.median(per_decision))
    return figures, {label: statistics.median(found) for label, found in ratios.items()}


def ramino_batch(
    preset: str, players: int, rounds: int, seed: int, *, bots: bool
) -> Callable[[int], tuple[int, int]]:
    rules = get_preset(preset)

    def batch(k: int) -> tuple[int, int]:
        decisions = 0
        for number in range(1, rounds + 1):
            key = f"{seed}/{k}/{number}"
            round_ = Round(rules, players, seed=round_seed(key, number), dealer=number % players)
            if bots:
                play_round(round_, [RandomBot(f"{key}/{seat}") for seat in range(players)])
            else:
                # The random bots' own generators, so both figures time the very same games.
                rnds = [random.Random(f"{key}/{seat}") for seat in range(players)]
                while not round_.is_over:
                    actions = round_.legal_actions
                    rnd = rnds[round_.to_play]
                    round_.apply(actions[rnd.randrange(len(actions))])
            decisions += len(round_.history)
        return decisions, rounds

    return batch


def playable(preset: str, players: int) -> bool:
    return get_preset(preset).seat_refusal(players) is None


def rlcard_batch(rounds: int, seed: int) -> Callable[[int], tuple[int, int]]:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": seed})

    def batch(k: int) -> tuple[int, int]:
        rnd = random.Random(f"{seed}/{k}")
        decisions = 0
        for _ in range(rounds):
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rnd.randrange(len(legal))])
                decisions += 1
        return decisions, rounds

    return batch


def rlcard_game_batch(rounds: int, seed: int) -> Callable[[int], tuple[int, int]]:
    """RLCard's gin rummy game alone (its legal actions and its step), without the
    environment's encoding of the state: the same work as ramino's engine figure."""
    import rlcard

    game = rlcard.make("gin-rummy", config={"seed": seed}).game

    def batch(k: int) -> tuple[int, int]:
        rnd = random.Random(f"{seed}/{k}")
        decisions = 0
        for _ in range(rounds):
            game.init_game()
            while not game.is_over():
                legal = game.judge.get_legal_actions()
                game.step(legal[rnd.randrange(len(legal))])
                decisions += 1
        return decisions, rounds

    return batch


def open_spiel_batch(
    rounds: int, seed: int, *, clone: bool = False
) -> Callable[[int], tuple[int, int]]:
    """OpenSpiel's gin rummy, each game from ``new_initial_state()``, or with ``clone`` from a
    copy of one initial state (``state.clone()``): the first costs about a millisecond a game,
    which the plain figure pays."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    initial = game.new_initial_state()
    start = initial.clone if clone else game.new_initial_state

    def batch(k: int) -> tuple[int, int]:
        rnd = random.Random(f"{seed}/{k}")
        decisions = 0
        for _ in range(rounds):
            state = start()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rnd.choices(outcomes, weights)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rnd.randrange(len(legal))])
                    decisions += 1
        return decisions, rounds

    return batch


def row(
    label: str,
    players: int | str,
    bot: Figures,
    engine: Figures | None,
    ratios_by_peer: dict[str, float],
) -> str:
    engine_us = f"{engine.per_decision_us:10.1f}" if engine is not None else f"{'':>10}"
    # The engine's time per decision over each peer's, from batches timed side by side.
    ratios = "".join(f" {ratio:12.2f}×" for ratio in ratios_by_peer.values())
    return (
        f"{label:<22} {players!s:>3} {bot.rounds:>6} {bot.decisions:>9}"
        f" {bot.per_decision_us:10.1f} {engine_us}"
        f" {bot.decisions / bot.seconds:11.0f} {bot.rounds / bot.seconds:9.2f}{ratios}"
    )


def engine_build() -> str:
    """Which build of the engine is timed: compiled with mypyc (setup.py) or plain Python."""
    import ramino.engine.round

    return "pure Python" if (ramino.engine.round.__file__ or "").endswith(".py") else "compiled"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4, help="rounds per batch (default 4)")
    parser.add_argument("--batches", type=int, default=3, help="batches per figure (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--players", type=int, default=4, help="players (clamped to what each preset allows)"
    )
    parser.add_argument("--presets", nargs="*", help="only these presets (default: all playable)")
    args = parser.parse_args()

    print(f"random play, {args.batches} batches of {args.rounds} rounds, seed {args.seed}")
    print(f"ramino engine: {engine_build()}")
    # The peers first, so every ramino line can say how it compares with them.
    makers: list[tuple[str, Callable[[int, int], Callable[[int], tuple[int, int]]]]] = [
        ("rlcard gin-rummy", rlcard_batch),
        ("rlcard-game gin-rummy", rlcard_game_batch),
        ("open_spiel gin_rummy", open_spiel_batch),
        ("open_spiel-clone gin_rummy", functools.partial(open_spiel_batch, clone=True)),
    ]
    peer_rows: list[str] = []
    peers: dict[str, Callable[[int], tuple[int, int]]] = {}
    for label, make in makers:
        try:
            batch = make(args.rounds, args.seed)
        except ImportError:
            peer_rows.append(f"{label:<22} peer not installed")
            continue
        peers[label] = batch
        peer_rows.append(row(label, 2, measure(batch, args.batches), None, {}))
    vs = "".join(f" {'÷ ' + label.split()[0]:>13}" for label in peers)
    print(
        f"{'preset':<22} {'pl':>3} {'rounds':>6} {'decisions':>9} {'µs/dec':>10}"
        f" {'engine µs':>10} {'decisions/s':>11} {'rounds/s':>9}{vs}"
    )
    # The gin rummy presets last, beside the peers' gin rummy they are the same game as.
    for preset in args.presets or [*PRESETS, *GIN_PRESETS]:
        rules = get_preset(preset)
        players = min(max(args.players, rules.min_players), rules.max_players)
        if not playable(preset, players):
            print(f"{preset:<22} {'':>3} not playable yet")
            continue
        bot = measure(
            ramino_batch(preset, players, args.rounds, args.seed, bots=True), args.batches
        )
        engine, ratios = measure_paired(
            ramino_batch(preset, players, args.rounds, args.seed, bots=False), peers, args.batches
        )
        if engine.decisions != bot.decisions:  # the same games, or the comparison is off
            print(f"{preset:<22} note: the two runs played different games")
        print(row(preset, players, bot, engine, ratios), flush=True)
    for line in peer_rows:
        print(line)
    print(
        "µs/dec: observation + RandomBot + apply (as `ramino simulate`); engine µs:"
        " legal_actions + apply alone; median of batches, processor time; ÷ peer: engine µs"
        " over the peer's µs/dec, the median of batches timed in pairs, each engine batch"
        " followed by the peer's (rlcard: its environment; rlcard-game: its game alone;"
        " open_spiel: its C++ game driven from Python). Goal: ≤ 10 µs per decision."
    )


if __name__ == "__main__":
    main()
