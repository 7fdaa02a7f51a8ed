"""The match as the terminal game plays it, without any screen: one human seat, bots in the
others, rounds one after the other, the table talk and the records of the rounds played.

The user interface only reads this object and calls its methods; tests drive it directly.
Bots come from a factory (the strength levels by default) and see only their observations.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from ..ai.bot import Bot
from ..engine.actions import Action
from ..engine.match import RoundSheet
from ..engine.observation import Observation
from ..engine.play import MatchPlay
from ..engine.record import Record, record_round
from ..engine.round import Event, Phase, Round
from ..engine.rules import Rules
from .narrate import LogLine, clause, ending_line

__all__ = [
    "LEVELS",
    "OPPONENTS",
    "BotFactory",
    "HintLike",
    "MatchController",
    "NotYourTurn",
    "default_bot_factory",
    "seat_names",
]

#: The strengths of the computer, weakest first.
LEVELS = ("principiante", "intermedio", "esperto")
#: The computer players' names, given in this order to the seats after the human's.
OPPONENTS = ("Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Anna")


class BotFactory(Protocol):
    """Makes the bot of one computer player: ``factory(level, seed=..., name=...)``."""

    def __call__(self, level: str, *, seed: int = 0, name: str | None = None) -> Bot: ...


def default_bot_factory(level: str, *, seed: int = 0, name: str | None = None) -> Bot:
    """A bot of the given strength from :func:`ramino.ai.levels.bot_for_level`.

    Imported when first needed, so the game (and its tests, which pass their own factory)
    does not depend on the levels module at import time.
    """
    module = importlib.import_module("ramino.ai.levels")
    return cast(Bot, module.bot_for_level(level, seed=seed, name=name))


class HintLike(Protocol):
    """What a hint gives: the suggested actions and the sentences that explain them."""

    @property
    def actions(self) -> tuple[Action, ...]: ...

    @property
    def lines(self) -> tuple[str, ...]: ...


class NotYourTurn(Exception):
    """The human tried to move while another player is to move (or the round is over)."""

    def __init__(self, who: str | None) -> None:
        super().__init__(who)
        self.who = who

    def message(self, lang: str = "it") -> str:
        """The sentence the game shows."""
        if self.who is None:
            return "Fine della smazzata." if lang != "en" else "The round is over."
        if lang == "en":
            return f"It is not your turn: {self.who} is playing."
        return f"Non è il tuo turno: tocca a {self.who}."


def seat_names(human: str, players: int) -> tuple[str, ...]:
    """The human first, then the computer's players (never his own name twice).

    >>> seat_names("Bruno", 3)
    ('Bruno', 'Carla', 'Dario')
    """
    return (human, *[n for n in OPPONENTS if n != human][: players - 1])


def _bot_seed(match_seed: bytes, name: str, number: int) -> int:
    """Each bot of each round gets its own seed from the match's, so a round replays alike."""
    digest = hashlib.sha256(match_seed + f"/bot/{name}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class MatchController:
    """A match between the human ``name`` and ``players - 1`` bots of strength ``level``.

    >>> from dataclasses import replace
    >>> from ramino.ai import RandomBot
    >>> from ramino.engine.presets import get_preset
    >>> game = MatchController(
    ...     get_preset("classico"), players=2, name="Anna", seed=1,
    ...     bot_factory=lambda level, *, seed=0, name=None: RandomBot(seed, name=name or "bot"),
    ... )
    >>> r = game.start_round()
    >>> game.names, game.human_to_move, r.to_play
    (('Anna', 'Bruno'), False, 1)
    >>> _ = game.bot_step()
    >>> game.log[-1].text("it")
    'Bruno prende 7♥ dal pozzo.'
    """

    def __init__(
        self,
        rules: Rules,
        *,
        players: int = 3,
        name: str = "Tu",
        level: str = "intermedio",
        seed: int | str | bytes = 0,
        bot_factory: BotFactory | None = None,
        names: Sequence[str] | None = None,
        dealer: int = 0,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: {', '.join(LEVELS)}")
        self.human = name
        self.level = level
        self.bot_factory: BotFactory = bot_factory or default_bot_factory
        every = tuple(names) if names is not None else seat_names(name, players)
        self.play = MatchPlay(every, rules, seed=seed, dealer=dealer)
        self.first_dealer = dealer
        self.log: list[LogLine] = []
        self.records: list[Record] = []
        """The record of every finished round, in order."""
        self.last_round: Round | None = None
        """The round being played, or the last one once it has ended."""
        self._bots: dict[str, Bot] = {}
        self._line: LogLine | None = None
        self._line_turn = 0

    # --- the state ---

    @property
    def rules(self) -> Rules:
        """The rules of the match."""
        return self.play.rules

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the match, the human first."""
        return self.play.players

    @property
    def names(self) -> tuple[str, ...]:
        """The player at each seat of the current (or last) round."""
        return self.play.names

    @property
    def round(self) -> Round | None:
        """The round being played, ``None`` between rounds."""
        return self.play.round

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.play.is_over

    @property
    def sheets(self) -> tuple[RoundSheet, ...]:
        """The score sheet's lines so far."""
        return self.play.match.rounds

    @property
    def human_seat(self) -> int | None:
        """The human's seat in the current round; ``None`` once he is out of the match."""
        return self.names.index(self.human) if self.human in self.names else None

    @property
    def human_out(self) -> bool:
        """Whether the human is out of the match (eliminated)."""
        return self.human not in self.play.match.active

    @property
    def to_play(self) -> str | None:
        """The name of the player to move, ``None`` when no round is being played."""
        r = self.round
        if r is None or r.is_over:
            return None
        return self.names[r.to_play]

    @property
    def human_to_move(self) -> bool:
        """Whether the human is to move now."""
        return self.to_play == self.human

    @property
    def bot_to_move(self) -> bool:
        """Whether a computer player is to move now."""
        who = self.to_play
        return who is not None and who != self.human

    def observation(self) -> Observation | None:
        """What the human may know of the current round (``None`` when he has no seat)."""
        r, seat = self.round or self.last_round, self.human_seat
        if r is None or seat is None:
            return None
        return r.observation(seat, scores=self.play.seat_totals())

    def can(self, action: Action) -> bool:
        """Whether the human may play ``action`` now."""
        r = self.round
        return self.human_to_move and r is not None and r.can(action)

    # --- playing ---

    def start_round(self) -> Round:
        """Deal the next round, with fresh bots for the computer's seats."""
        r = self.play.start_round()
        number = self.play.rounds + 1
        self._bots = {
            name: self.bot_factory(
                self.level, seed=_bot_seed(self.play.seed, name, number), name=name
            )
            for name in self.names
            if name != self.human
        }
        self.last_round = r
        self._line = None
        dealer = self.play.dealer
        self.log.append(
            LogLine(
                None,
                words=[
                    (
                        f"— Smazzata {number}: distribuisce {dealer}. —",
                        f"— Round {number}: {dealer} deals. —",
                    )
                ],
            )
        )
        return r

    def play_human(self, action: Action) -> Event:
        """Play the human's ``action``; a refusal raises the engine's error (or
        :class:`NotYourTurn`) and changes nothing."""
        if not self.human_to_move:
            raise NotYourTurn(self.to_play)
        return self._apply(action)

    def bot_step(self) -> Event:
        """Let the computer player to move choose and play one action."""
        r = self.round
        if r is None or not self.bot_to_move:
            raise NotYourTurn(self.to_play)
        name = self.names[r.to_play]
        observation = r.observation(r.to_play, scores=self.play.seat_totals())
        action = self._bots[name].act(observation)
        if not r.can(action):
            # A bot's slip must not stop the player's game: the first legal move stands in.
            action = observation.legal_actions[0]
        return self._apply(action)

    def replay_action(self, action: Action) -> Event:
        """Apply a recorded action for whoever is to move (resuming a saved match)."""
        if self.round is None:
            raise NotYourTurn(None)
        return self._apply(action)

    def _apply(self, action: Action) -> Event:
        r = self.round
        assert r is not None
        seat = r.to_play
        before = list(r.table)
        turn = r.turn
        event = r.apply(action)
        name = self.names[seat]
        you = name == self.human
        if self._line is None or self._line_turn != turn:
            self._line = LogLine(name, you=you)
            self._line_turn = turn
            self.log.append(self._line)
        self._line.add(clause(event, r, before, you=you))
        if r.end is not None:
            self.log.append(ending_line(r.end, self.names, r.rules.melding_during_play))
        return event

    def finish_round(self) -> RoundSheet:
        """Record the ended round on the score sheet (and keep its record)."""
        r = self.round
        if r is None or r.end is None:
            raise NotYourTurn(self.to_play)
        record = record_round(r, self.names)
        sheet = self.play.finish_round()
        self.records.append(record)
        if self.is_over:
            winner = self.play.winner
            self.log.append(
                LogLine(
                    None,
                    words=[
                        (f"Vince la partita {winner}.", f"{winner} wins the match.")
                        if winner is not None
                        else ("Partita finita pari.", "The match ended in a draw.")
                    ],
                )
            )
        return sheet

    def current_record(self) -> Record | None:
        """The record of the round being played, so far."""
        r = self.round
        return None if r is None else record_round(r, self.names)

    @property
    def phase(self) -> Phase | None:
        """Where the player to move stands in his turn."""
        r = self.round
        return None if r is None else r.phase

    def hint(self, lang: str = "it") -> HintLike:
        """The computer's suggestion for the human's move, with its reason.

        Raises :class:`ImportError` when the hint module is not installed, and
        :class:`NotYourTurn` when the human is not to move.
        """
        observation = self.observation()
        if observation is None or not self.human_to_move:
            raise NotYourTurn(self.to_play)
        module = importlib.import_module("ramino.ai.hint")
        find: Callable[..., Any] = module.hint
        return cast(HintLike, find(observation, lang=lang))

    def again(self) -> MatchController:
        """A new match with the same table, dealt from a new seed."""
        return MatchController(
            self.rules,
            name=self.human,
            level=self.level,
            seed=self.play.seed + b"/again",
            bot_factory=self.bot_factory,
            names=self.players,
            dealer=self.first_dealer,
        )
