"""Ramino for reinforcement learning: PettingZoo's AEC API for every preset and any house
rules, and a Gymnasium environment that plays one seat against the computer players.

>>> from ramino.env import env
>>> table = env(rules="classico", players=2)
>>> table.reset(seed=7)
>>> observation, reward, termination, truncation, info = table.last()
>>> int(observation["action_mask"].sum()) > 0, reward, termination
(True, 0.0, False)

The action space, the observations' layout and the rewards are described in docs/env.md and
in :mod:`ramino.env.space`, :mod:`ramino.env.encode` and :mod:`ramino.env.aec`. ``pettingzoo``,
``gymnasium`` and ``numpy`` are the extra ``ramino[env]``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECEnv

from .aec import EPISODES, REWARDS, raw_env
from .errors import EnvError, EnvReason
from .single import SingleSeat
from .space import SLOTS, Listing

__all__ = [
    "EPISODES",
    "REWARDS",
    "SINGLE_SEAT",
    "SLOTS",
    "EnvError",
    "EnvReason",
    "Listing",
    "SingleSeat",
    "env",
    "raw_env",
]


#: The Gymnasium id of :class:`SingleSeat`: ``gymnasium.make("ramino/SingleSeat-v0", ...)``.
SINGLE_SEAT = "ramino/SingleSeat-v0"
if SINGLE_SEAT not in gymnasium.registry:
    gymnasium.register(id=SINGLE_SEAT, entry_point="ramino.env.single:SingleSeat")


def env(**kwargs: Any) -> AECEnv[str, Any, int]:
    """The environment (arguments as :class:`raw_env`'s), wrapped as PettingZoo's classic
    environments are: an action outside the mask ends the game with -1 to the one who played
    it, an id outside the space is refused, and the API's order is enforced."""
    wrapped: AECEnv[str, Any, int] = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
