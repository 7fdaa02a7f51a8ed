"""How many steps a second the environment plays, preset by preset, beside the peers' gin rummy.

Run: ``.venv/bin/python bench/env.py [--episodes 10] [--batches 5] [--presets classico]``.
A step is what a learner pays for one move: the observation of the agent to move (its array
and its action mask) and the step itself, the action drawn at random from the mask. RLCard's
gin rummy environment pays the same (its step returns the next player's encoded state and
legal actions); OpenSpiel's gin rummy is asked, at each step, for the observation tensor and
the legal actions of the player to move, each game from a copy of one initial state. Timed
batch for batch as bench/round.py times the engine: each batch of ramino is followed at once
by the same batch of each peer, and the ratio is the median of those pairs (peers where they
are installed, ``ramino[bench]``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

import numpy as np
from round import engine_build, measure_paired, playable, rlcard_batch

from ramino.engine.presets import PRESETS, get_preset
from ramino.env import raw_env


def ramino_batch(
    preset: str, players: int, episodes: int, seed: int
) -> Callable[[int], tuple[int, int]]:
    table = raw_env(preset, players)

    def batch(k: int) -> tuple[int, int]:
        chooser = np.random.default_rng([seed, k])
        table.reset(seed=seed * 1000 + k)
        steps = done = 0
        while done < episodes:
            if all(table.terminations.values()):
                done += 1
                table.reset()
                continue
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(int(chooser.choice(np.flatnonzero(mask))))
            steps += 1
        return steps, episodes

    return batch


def open_spiel_batch(episodes: int, seed: int) -> Callable[[int], tuple[int, int]]:
    import pyspiel

    initial = pyspiel.load_game("gin_rummy").new_initial_state()

    def batch(k: int) -> tuple[int, int]:
        rnd = random.Random(f"{seed}/{k}")
        steps = 0
        for _ in range(episodes):
            state = initial.clone()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rnd.choices(outcomes, weights)[0])
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                legal = state.legal_actions(player)
                state.apply_action(legal[rnd.randrange(len(legal))])
                steps += 1
        return steps, episodes

    return batch


# RLCard's batch of bench/round.py steps its environment: the same work as a step here.
def peers(episodes: int, seed: int) -> dict[str, Callable[[int], tuple[int, int]]]:
    found: dict[str, Callable[[int], tuple[int, int]]] = {}
    for label, make in (
        ("rlcard gin-rummy", rlcard_batch),
        ("open_spiel gin_rummy", open_spiel_batch),
    ):
        try:
            found[label] = make(episodes, seed)
        except ImportError:
            continue
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=10, help="episodes per batch (default 10)")
    parser.add_argument("--batches", type=int, default=5, help="batches per figure (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, help="players (clamped to each preset)")
    parser.add_argument("--presets", nargs="*", default=None, help="only these presets")
    args = parser.parse_args()
    others = peers(args.episodes, args.seed)
    print(
        f"random masked steps, {args.batches} batches of {args.episodes} episodes;"
        f" ramino engine: {engine_build()}"
    )
    print(
        f"{'preset':24} {'pl':>2} {'steps':>8} {'steps/s':>9}"
        + "".join(f" {'÷ ' + label.split()[0]:>12}" for label in others)
    )
    for preset in args.presets or sorted(PRESETS):
        rules = get_preset(preset)
        players = min(max(args.players, rules.min_players), rules.max_players)
        if not playable(preset, players):
            continue
        figures, ratios = measure_paired(
            ramino_batch(preset, players, args.episodes, args.seed), others, args.batches
        )
        per_second = 1e6 / figures.per_decision_us
        # A ratio above 1: ramino plays more steps a second than the peer.
        faster = "".join(f" {1 / ratio:11.2f}×" for ratio in ratios.values())
        print(f"{preset:24} {players:2} {figures.decisions:8} {per_second:9.0f}{faster}")
    for label, batch in others.items():
        figures, _ = measure_paired(batch, {}, args.batches)
        print(f"{label:24} {2:2} {figures.decisions:8} {1e6 / figures.per_decision_us:9.0f}")
    print(
        "steps/s: the median over batches, in processor time; ÷ peer: ramino's steps a second"
        " over the peer's, the median of batches timed in pairs. Goal: faster than both peers,"
        " and above 20,000 steps a second on classico compiled."
    )


if __name__ == "__main__":
    main()
