"""The multi-agent environment: PettingZoo's AEC API over one round or one match of any rules.

One agent a seat (``player_0`` …); the agent to move is the round's player to move. A step
takes an id of the fixed action space (:mod:`ramino.env.space`); each agent observes a dict of
``observation`` (its own view as numbers, :mod:`ramino.env.encode`) and ``action_mask`` (the
ids legal for it now; all zero when it is not its turn). ``env.unwrapped.engine_observation(
agent)`` gives the engine's :class:`~ramino.engine.Observation` of the same view, and
``env.unwrapped.round`` the round itself, for those who want them.

Rewards are paid when a round ends (``episode="round"``, the default) or when each round and
the match end (``episode="match"``), as the constructor says:

- ``"count"``: minus the points each hand is counted at the end of the round (the one who
  went out 0), as the score sheet adds them; in gin rummy, the points the hand wins less those
  the other player wins;
- ``"result"``: the round (or, in a match, the match) won: +1 to the winner (in gin rummy the
  player who scores, the defender when he undercuts), −1/(n − 1) to each other player, so that
  they sum to zero; 0 to all when nobody wins (a round stopped by a cap, a void hand, a match
  drawn). In a match a player out is paid his −1/(n − 1) as he goes out;
- ``"chips"``: pokerato's chips each player won or lost in the hand.

``reset(seed=…)`` deals the same round again for the same seed, under the same rewards: the
rewards, like every argument of the constructor, belong to the environment, not to a reset.
A reset without a seed deals the next round of the series; before any seed, a series drawn
from the system's entropy.

A step tells the agent that moved the move its id stood for (``infos[agent]["move"]``, as a
player writes it: ``lay 7H 8H 9H``); ``env.unwrapped.listing.text(id)`` says it before. The
step that ends a round tells each of its agents how (``infos[agent]["round_end"]``, an
:class:`~ramino.engine.EndReason` value). A round the rules' turn cap stops (``max_turns``)
is a termination, not a truncation: the cap is a rule of the game, and the round is counted.
"""

from __future__ import annotations

import secrets
from contextlib import suppress
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ..engine.actions import Action
from ..engine.errors import RaminoError
from ..engine.observation import Observation
from ..engine.play import MatchPlay, round_seed
from ..engine.presets import get_preset
from ..engine.round import Round
from ..engine.rules import Betting, Rules
from .encode import BOUND, MOVE_COLUMNS, Encoder, move_rows
from .errors import EnvError, EnvReason
from .space import SLOTS, Listing, space_size

__all__ = ["EPISODES", "REWARDS", "raw_env"]

REWARDS = ("count", "result", "chips")
EPISODES = ("round", "match")

Obs = dict[str, npt.NDArray[Any]]


class raw_env(AECEnv[str, Obs, int], EzPickle):
    """Ramino for ``players`` seats under ``rules`` (a preset's name or a
    :class:`~ramino.engine.Rules` value), unwrapped: :func:`ramino.env.env` wraps it as
    PettingZoo's classic environments are wrapped."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "ramino_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | Rules = "classico",
        players: int = 2,
        *,
        reward: str = "count",
        episode: str = "round",
        slots: int = SLOTS,
        move_features: int = 0,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(
            self, rules, players, reward=reward, episode=episode, slots=slots,
            move_features=move_features, render_mode=render_mode,
        )  # fmt: skip
        super().__init__()
        chosen = get_preset(rules) if isinstance(rules, str) else rules
        if reward not in REWARDS:
            raise EnvError(EnvReason.UNKNOWN_REWARD, reward=reward, known=", ".join(REWARDS))
        if episode not in EPISODES:
            raise EnvError(EnvReason.UNKNOWN_EPISODE, episode=episode, known=", ".join(EPISODES))
        if reward == "chips" and chosen.betting is Betting.NONE:
            raise EnvError(EnvReason.NO_CHIPS, rules=chosen.name)
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
            raise EnvError(EnvReason.BAD_SLOTS, slots=slots)
        if (
            isinstance(move_features, bool)
            or not isinstance(move_features, int)
            or not 0 <= move_features <= slots
        ):
            raise EnvError(EnvReason.BAD_MOVE_FEATURES, value=move_features, slots=slots)
        # The rules refuse a count of players they do not take, with their own words.
        Round(chosen, players)
        self.rules = chosen
        self.reward_kind = reward
        self.episode = episode
        self.slots = slots
        self.move_features = move_features
        self.render_mode = render_mode
        self.encoder = Encoder(chosen, players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        size = space_size(slots)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        encoder = self.encoder
        observation = spaces.Box(encoder.low, encoder.high, dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(size,), dtype=np.int8)
        parts: dict[str, spaces.Space[Any]] = {"observation": observation, "action_mask": mask}
        if move_features:
            # The first ids from 60 on, described row by row (ramino.env.encode.move_rows).
            parts["moves"] = spaces.Box(
                0, BOUND, shape=(move_features, MOVE_COLUMNS), dtype=np.float32
            )
        self.observation_spaces = {agent: spaces.Dict(parts) for agent in self.possible_agents}
        # None until a reset is seeded, or draws a series of its own (see reset).
        self._base_seed: int | None = None
        self._resets = 0
        self._play: MatchPlay | None = None
        self._round: Round | None = None
        self._seats: tuple[int, ...] = ()
        self._listing: Listing | None = None

    # --- the spaces ---

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- what the engine holds ---

    @property
    def round(self) -> Round:
        """The round being played (or the last one, once the episode is over)."""
        if self._round is None:
            raise gymnasium.error.ResetNeeded("reset() the environment first")
        return self._round

    @property
    def match(self) -> MatchPlay | None:
        """The match being played, in match episodes."""
        return self._play

    def engine_observation(self, agent: str) -> Observation:
        """The engine's observation of ``agent``'s view, the one its array encodes."""
        round_ = self.round
        index = self.possible_agents.index(agent)
        if index not in self._seats:
            raise EnvError(EnvReason.BAD_SEAT, seat=index, last=len(self.possible_agents) - 1)
        scores = self._play.seat_totals() if self._play is not None else None
        return round_.observation(self._seats.index(index), scores=scores)

    @property
    def listing(self) -> Listing:
        """The legal moves of the agent to move, numbered."""
        if self._listing is None:
            self._listing = Listing(tuple(self.round.legal_actions), self.slots)
        return self._listing

    # --- the AEC API ---

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._base_seed = int(seed)
            self._resets = 0
        elif self._base_seed is None:
            # Never seeded: a series of its own from the system's entropy, as Gymnasium's
            # environments draw one, so that workers that seed nothing play different deals.
            self._base_seed = secrets.randbits(63)
            self._resets = 0
        else:
            self._resets += 1
        # A reset without a seed deals the next round of the same series: the series is the
        # seed's, so a run is repeated by seeding its first reset.
        base = self._base_seed
        key = f"env/{base}/{self._resets}"
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if self.episode == "match":
            self._play = MatchPlay(self.agents, self.rules, seed=key)
            self._start_round()
        else:
            self._play = None
            players = len(self.agents)
            dealer = (base + self._resets) % players
            self._round = Round(self.rules, players, seed=round_seed(key, 1), dealer=dealer)
            self._seats = tuple(range(len(self.agents)))
        self._listing = None
        self.agent_selection = self._agent_to_move()

    def observe(self, agent: str) -> Obs:
        index = self.possible_agents.index(agent)
        mask = np.zeros(space_size(self.slots), dtype=np.int8)
        if index not in self._seats:
            # A player out of the match sees nothing more.
            return self._observed(np.zeros(self.encoder.size, np.float32), mask, None)
        seen = self.engine_observation(agent)
        observation = self.encoder.encode(seen, self._seats)
        round_ = self.round
        if not round_.is_over and self._seats[round_.to_play] == index:
            if self._listing is None:
                # The mover's observation lists his legal moves: numbered once a step.
                self._listing = Listing(seen.legal_actions, self.slots)
            mask = self._listing.mask.copy()
            return self._observed(observation, mask, self._listing)
        return self._observed(observation, mask, None)

    def _observed(
        self,
        observation: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        mover: Listing | None,
    ) -> Obs:
        """The observation's dict: its moves described where the environment says so, for the
        agent to move (``mover``, his listing); zero rows for the others."""
        seen: Obs = {"observation": observation, "action_mask": mask}
        if self.move_features:
            moves = mover.melding() if mover is not None else []
            seen["moves"] = move_rows(moves, self.move_features)
        return seen

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.play(self.listing.action(int(action)))

    def play(self, move: Action) -> None:
        """Step with the engine's action ``move`` rather than its id (a computer player's
        choice, say); refused as the round refuses it."""
        agent = self.agent_selection
        round_ = self.round
        round_.check(move)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {a: {} for a in self.agents}
        # What the id meant, kept with the step: the ids of cards laid are renumbered at each.
        self.infos[agent]["move"] = str(move)
        round_.apply(move)
        self._listing = None
        if round_.is_over:
            self._round_over(round_)
        if not all(self.terminations[a] for a in self.agents):
            self.agent_selection = self._agent_to_move()
            # A player out of the match steps once more, to be paid and removed.
            self._deads_step_first()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        round_ = self.round
        lines = [f"{self.rules.name}: turn {round_.turn}, {round_.phase.value}"]
        for seat in range(round_.players):
            hand = " ".join(str(card) for card in round_.hand(seat))
            lines.append(f"{self.possible_agents[self._seats[seat]]}: {hand}")
        for number, placed in enumerate(round_.table):
            lines.append(f"[{number}] {placed.meld}")
        top = round_.top_discard
        lines.append(f"pozzo: {top if top is not None else '-'}; tallone: {round_.stock_count}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # --- the rounds ---

    def _agent_to_move(self) -> str:
        round_ = self.round
        if round_.is_over:
            return self.agent_selection
        return self.possible_agents[self._seats[round_.to_play]]

    def _start_round(self) -> None:
        assert self._play is not None
        round_ = self._play.start_round()
        players = self._play.players
        self._seats = tuple(players.index(name) for name in self._play.names)
        self._round = round_

    def _round_over(self, round_: Round) -> None:
        end = round_.end
        assert end is not None
        agents = [self.possible_agents[index] for index in self._seats]
        # How the round ended, told with the step that ends it: a round the rules' turn cap
        # stops ends as any other (the count is the game's), but a learner may tell it.
        for agent in agents:
            self.infos[agent]["round_end"] = end.reason.value
        kind = self.reward_kind
        points = end.points
        if kind == "count" and points is not None:
            # Gin rummy: the points the hand wins, less those the other wins (the knocker may
            # be undercut).
            for seat, agent in enumerate(agents):
                self.rewards[agent] = float(2 * points[seat] - sum(points))
        elif kind == "count":
            for seat, agent in enumerate(agents):
                self.rewards[agent] = -float(end.counts[seat]) if seat != end.out else 0.0
        elif kind == "chips":
            if end.chips is not None:
                for seat, agent in enumerate(agents):
                    self.rewards[agent] = float(end.chips.net[seat])
        elif self._play is None:
            # Who won the hand: who went out, or in gin rummy who scored (none in a void
            # hand or a tie).
            won = end.out if points is None else next((s for s, p in enumerate(points) if p), None)
            if won is not None:
                self._share(agents[won], agents)
        play = self._play
        if play is None:
            for agent in self.agents:
                self.terminations[agent] = True
            return
        play.finish_round()
        # Nobody re-enters: a player out stays out (nothing to close where nobody is out).
        with suppress(RaminoError):
            play.close_reentries()
        others = len(self.possible_agents) - 1
        if play.is_over:
            if kind == "result" and play.winner is not None:
                for agent in self.agents:
                    self.rewards[agent] = 1.0 if agent == play.winner else -1.0 / others
            for agent in self.agents:
                self.terminations[agent] = True
            return
        self._start_round()
        # A player out of the match is done: his last reward is paid with this step.
        for index, agent in enumerate(self.possible_agents):
            if index not in self._seats and agent in self.terminations:
                self.terminations[agent] = True
                if kind == "result":
                    self.rewards[agent] = -1.0 / others

    def _share(self, winner: str, among: list[str]) -> None:
        others = len(among) - 1
        for agent in among:
            self.rewards[agent] = 1.0 if agent == winner else -1.0 / others
