"""One seat against the computer players, as a Gymnasium environment.

>>> from ramino.env import SingleSeat
>>> seat = SingleSeat(rules="classico", players=2, opponents="principiante")
>>> observation, info = seat.reset(seed=3)
>>> observation["action_mask"].shape == (seat.action_space.n,)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from ..ai.bot import Bot
from ..ai.levels import bot_for_level
from ..engine.rules import Rules
from .aec import raw_env
from .errors import EnvError, EnvReason
from .space import SLOTS

__all__ = ["SingleSeat"]

Obs = dict[str, npt.NDArray[Any]]


class SingleSeat(gymnasium.Env[Obs, np.int64]):
    """Seat ``seat`` at a table of ``players`` under ``rules``, the others played by the
    computer: ``opponents`` is a level (``principiante``, ``intermedio``, ``esperto`` or their
    English names) for all of them, or one level or :class:`~ramino.ai.Bot` a seat, in seat
    order, the learner's left out. The observations, actions and rewards are those of
    :class:`~ramino.env.raw_env` for that seat; a step plays the learner's move, then the
    others' until it is his turn again or the episode ends. An id the mask leaves out ends the
    episode with ``illegal_reward``, as PettingZoo's wrapped environments do."""

    # Gymnasium declares it on each environment, not on the class.
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: str | Rules = "classico",
        players: int = 2,
        *,
        seat: int = 0,
        opponents: str | Sequence[str | Bot] = "intermedio",
        reward: str = "count",
        episode: str = "round",
        slots: int = SLOTS,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.illegal_reward = illegal_reward
        self._over = True
        self.table = raw_env(
            rules, players, reward=reward, episode=episode, slots=slots, render_mode=render_mode
        )
        if not 0 <= seat < players:
            raise EnvError(EnvReason.BAD_SEAT, seat=seat, last=players - 1)
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise EnvError(EnvReason.BAD_SEAT, seat=len(others), last=players - 2)
        self._opponents = others
        self._bots: dict[str, Bot] = {}
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=seed)
        # The computer players are dealt their seeds with the round's, so that a seeded
        # reset plays the same game for the same moves.
        key = f"{self.table._base_seed}/{self.table._resets}"
        agents = [a for a in self.table.possible_agents if a != self.agent]
        self._bots = {
            agent: (
                bot_for_level(chosen, seed=f"{key}/{agent}") if isinstance(chosen, str) else chosen
            )
            for agent, chosen in zip(agents, self._opponents, strict=True)
        }
        reward = self._others_play()
        self._over = self.table.terminations.get(self.agent, True)
        return self.table.observe(self.agent), {"reward_before": reward}

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: reset() the environment")
        if int(action) not in table.listing:
            self._over = True
            observation = table.observe(self.agent)
            return observation, self.illegal_reward, True, False, {"illegal": int(action)}
        table.step(int(action))
        reward = table.rewards.get(self.agent, 0.0)
        reward += self._others_play()
        done = self._over = table.terminations.get(self.agent, True)
        observation = table.observe(self.agent)
        if self.render_mode == "human":
            table.render()
        return observation, reward, done, False, {}

    def render(self) -> str | None:
        return self.table.render()

    def _others_play(self) -> float:
        """Let the computer players move until the learner's turn or the end; the
        learner's reward meanwhile."""
        table = self.table
        earned = 0.0
        while table.agents and table.agent_selection != self.agent:
            agent = table.agent_selection
            if table.terminations[agent]:
                table.step(None)  # type: ignore[arg-type]  # PettingZoo's step of a player out
                continue
            seen = table.engine_observation(agent)
            table.play(self._bots[agent].act(seen))
            earned += table.rewards.get(self.agent, 0.0)
        return earned
