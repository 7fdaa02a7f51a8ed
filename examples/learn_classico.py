"""A policy that learns ramino classico for two from the environment, on the CPU, in minutes.

Run: ``.venv/bin/python examples/learn_classico.py [--episodes 400] [--games 200]``.

The learner holds one seat of :class:`ramino.env.SingleSeat` against the random bot. At each
step it scores every move the action mask lets in by a few features of the move (its kind,
the cards and points it puts down, the card it throws) with a linear function, and plays
from the softmax of those scores. After each round it moves the weights along the policy
gradient of the round's count (REINFORCE, with the mean of the last rounds as baseline).
Then it plays ``--games`` rounds against the random bot, greedily, and against the random
policy it started from, and prints how often each comes out ahead: the one who went out, or
the lower count when a cap stops the round.

NumPy only: 400 rounds to learn and 400 to measure take about 5 s of processor time with the
compiled engine; the learned policy comes out ahead in 97% of its rounds, the random one in 52%.
"""

from __future__ import annotations

import argparse
from collections import deque

import numpy as np
import numpy.typing as npt

from ramino.ai import RandomBot
from ramino.engine import Rules, get_preset
from ramino.engine.actions import Action, Attach, Discard, Draw, Lay, Show, Swap, TakeDiscard
from ramino.engine.scoring import card_penalty
from ramino.env import SingleSeat

#: The features of a move, in order.
FEATURES = (
    "bias",
    "draw",
    "take",
    "lay",
    "attach",
    "swap",
    "show",
    "discard",
    "cards put down",
    "points put down",
    "points thrown",
    "jolly thrown",
)

Vector = npt.NDArray[np.float64]


def features(move: Action, rules: Rules) -> Vector:
    """What the learner sees of one legal move."""
    found = np.zeros(len(FEATURES))
    found[0] = 1.0
    if isinstance(move, Draw):
        found[1] = 1.0
    elif isinstance(move, TakeDiscard):
        found[2] = 1.0
    elif isinstance(move, Discard):
        found[7] = 1.0
        found[10] = card_penalty(move.card, rules) / 10
        found[11] = float(move.card.is_joker)
    elif isinstance(move, Lay | Attach | Swap | Show):
        kind = {Lay: 3, Attach: 4, Swap: 5, Show: 6}[type(move)]
        found[kind] = 1.0
        cards = getattr(move, "cards", ())
        found[8] = len(cards) / 10
        found[9] = sum(card_penalty(card, rules) for card in cards) / 50
    return found


class Policy:
    """A softmax over the masked-in moves of a linear score of their features."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.weights = np.zeros(len(FEATURES))
        self.random = np.random.default_rng(seed)

    def choose(self, seat: SingleSeat, greedy: bool = False) -> tuple[int, Vector]:
        """The id to play at ``seat``'s step, and the gradient of its log-probability."""
        listing = seat.table.listing
        ids = np.flatnonzero(listing.mask)
        table = np.stack([features(listing.action(int(i)), self.rules) for i in ids])
        scores = table @ self.weights
        if greedy:
            pick = int(np.argmax(scores))
        else:
            odds = np.exp(scores - scores.max())
            odds /= odds.sum()
            pick = int(self.random.choice(len(ids), p=odds))
            return int(ids[pick]), table[pick] - odds @ table
        return int(ids[pick]), np.zeros(len(FEATURES))


def play_round(
    seat: SingleSeat, policy: Policy | None, seed: int, greedy: bool
) -> tuple[float, list[Vector], bool]:
    """One round: the learner's reward (minus his count), the gradients of his choices, and
    whether he came out ahead. Without a policy, the learner plays at random."""
    observation, _ = seat.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    gradients: list[Vector] = []
    total = 0.0
    done = False
    while not done:
        if policy is None:
            action = int(chooser.choice(np.flatnonzero(observation["action_mask"])))
        else:
            action, gradient = policy.choose(seat, greedy=greedy)
            gradients.append(gradient)
        observation, reward, done, _, _ = seat.step(action)
        total += float(reward)
    end = seat.table.round.end
    assert end is not None
    if end.out is not None:
        ahead = end.out == seat.seat
    else:
        ahead = end.counts[seat.seat] < min(c for s, c in enumerate(end.counts) if s != seat.seat)
    return total, gradients, ahead


def train(episodes: int, seed: int, rate: float = 0.1) -> Policy:
    """REINFORCE on ``episodes`` rounds against the random bot."""
    rules = get_preset("classico")
    policy = Policy(rules, seed)
    seat = SingleSeat(rules=rules, players=2, opponents=[RandomBot(seed)], reward="count")
    recent: deque[float] = deque(maxlen=50)
    for episode in range(episodes):
        reward, gradients, _ = play_round(seat, policy, seed * 100_000 + episode, greedy=False)
        baseline = float(np.mean(recent)) if recent else reward
        recent.append(reward)
        # The round's count is in points (tens to a hundred): scaled to about one.
        advantage = (reward - baseline) / 50
        for gradient in gradients:
            policy.weights += rate * advantage * gradient
    return policy


def ahead_rate(policy: Policy | None, games: int, seed: int) -> float:
    """How often the learner (greedy with ``policy``, else at random) comes out ahead of the
    random bot in ``games`` rounds."""
    seat = SingleSeat(rules="classico", players=2, opponents=[RandomBot(seed + 1)])
    won = sum(play_round(seat, policy, seed * 10_000 + g, greedy=True)[2] for g in range(games))
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=400, help="rounds to learn from")
    parser.add_argument("--games", type=int, default=200, help="rounds to measure on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    policy = train(args.episodes, args.seed)
    for name, weight in zip(FEATURES, policy.weights, strict=True):
        print(f"{name:16} {weight:+.2f}")
    learned = ahead_rate(policy, args.games, args.seed)
    start = ahead_rate(None, args.games, args.seed)
    print(
        f"ahead of the random bot: learned {learned:.0%}, random {start:.0%} ({args.games} rounds)"
    )


if __name__ == "__main__":
    main()
