"""One seat against the computer players, as a Gymnasium environment.

>>> from ramino.env import SingleSeat
>>> seat = SingleSeat(rules="classico", players=2, opponents="principiante")
>>> observation, info = seat.reset(seed=3)
>>> observation["action_mask"].shape == (seat.action_space.n,)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    English names) for all of them, or one a seat, in seat order, the learner's left out: a
    level, a :class:`~ramino.ai.Bot` class or any callable that makes one from a seed (made
    again at each reset, seeded with the deal, as the levels are), or a bot itself (used as
    it is: its own generator runs on from one episode to the next). The observations,
    actions and rewards are those of :class:`~ramino.env.raw_env` for that seat; a step plays
    the learner's move, then the others' until it is his turn again or the episode ends. A
    reset always leaves the learner a move: a round the others end before his first one is
    dealt again, the next of the series. An id the mask leaves out ends the episode with
    ``illegal_reward``, as PettingZoo's wrapped environments do."""

    # Gymnasium declares it on each environment, not on the class.
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: str | Rules = "classico",
        players: int = 2,
        *,
        seat: int = 0,
        opponents: str | Sequence[str | Bot | Callable[[str], Bot]] = "intermedio",
        reward: str = "count",
        episode: str = "round",
        slots: int = SLOTS,
        move_features: int = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.illegal_reward = illegal_reward
        self._over = True
        self.table = raw_env(
            rules,
            players,
            reward=reward,
            episode=episode,
            slots=slots,
            move_features=move_features,
            render_mode=render_mode,
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
        self._seat_bots()
        self._others_play()
        while self.table.terminations.get(self.agent, True):
            # The others ended the episode before the learner's first move (one went out
            # at once): it is nobody's to learn from; the next deal of the series instead.
            self.table.reset()
            self._seat_bots()
            self._others_play()
        self._over = False
        return self.table.observe(self.agent), {}

    def _seat_bots(self) -> None:
        # The computer players are dealt their seeds with the round's, so that a seeded
        # reset plays the same game for the same moves.
        key = f"{self.table._base_seed}/{self.table._resets}"
        agents = [a for a in self.table.possible_agents if a != self.agent]
        self._bots = {
            agent: _opponent(chosen, f"{key}/{agent}")
            for agent, chosen in zip(agents, self._opponents, strict=True)
        }

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


def _opponent(chosen: str | Bot | Callable[[str], Bot], seed: str) -> Bot:
    """The computer player ``chosen`` names for an episode whose deal is ``seed``."""
    if isinstance(chosen, str):
        return bot_for_level(chosen, seed=seed)
    # A class passes for a bot (it has the methods): it is a maker of bots.
    if isinstance(chosen, type) or not isinstance(chosen, Bot):
        return chosen(seed)
    return chosen
