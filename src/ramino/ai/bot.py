"""The bot interface (an observation in, an action out), the random bot, and the loops that
play a round or a whole match with bots. The loops hand each bot its own observation only:
a bot never holds the round, the stock or another player's cards.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from ..engine.actions import Action
from ..engine.match import Match, RoundSheet
from ..engine.observation import Observation
from ..engine.play import MatchPlay
from ..engine.round import Round, RoundEnd
from ..interrupts import checkpoint, deferred

__all__ = ["Bot", "RandomBot", "bot_seed", "play_match", "play_round"]


def bot_seed(match_seed: bytes, name: str, number: int) -> int:
    """The seed of the bot ``name`` in round ``number`` of a match seeded with ``match_seed``:
    each bot of each round its own, so that a round replays alike.

    >>> bot_seed(b"x", "Bruno", 1) == bot_seed(b"x", "Bruno", 1) != bot_seed(b"x", "Bruno", 2)
    True
    """
    digest = hashlib.sha256(match_seed + f"/bot/{name}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses an action from what one player may know.

    ``act`` is called only on the bot's turn, with ``observation.legal_actions`` filled in;
    it returns one of those actions (or any action: the round refuses illegal ones).
    """

    @property
    def name(self) -> str:
        """A short name for tables and logs (``random``)."""
        ...

    def act(self, observation: Observation) -> Action:
        """The action to play now."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator.

    >>> from ramino.engine.presets import get_preset
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> str(RandomBot(seed=5).act(obs)) in {"draw", "take"}
    True
    """

    def __init__(self, seed: int | str | bytes = 0, *, name: str = "random") -> None:
        self._random = random.Random(seed)
        self._name = name

    def __repr__(self) -> str:
        return f"RandomBot(name={self._name!r})"

    @property
    def name(self) -> str:
        """The bot's name (``random`` unless given)."""
        return self._name

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``, uniformly at random."""
        actions = observation.legal_actions
        if not actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        return actions[self._random.randrange(len(actions))]


def play_round(
    round_: Round, bots: Sequence[Bot], *, scores: tuple[int, ...] | None = None
) -> RoundEnd:
    """Play ``round_`` to its end, ``bots[seat]`` choosing for each seat; return how it ended.

    Each decision hands the bot to move his observation (with the match ``scores`` by seat,
    if given) and applies the action it returns; an illegal one raises the round's error.

    >>> from dataclasses import replace
    >>> from ramino.engine.presets import get_preset
    >>> r = Round(replace(get_preset("classico"), max_turns=6), 3, seed=2)
    >>> end = play_round(r, [RandomBot(seed=s) for s in range(3)])
    >>> end is r.end, r.is_over
    (True, True)
    """
    if len(bots) != round_.players:
        raise ValueError(f"{len(bots)} bots for {round_.players} seats")
    # Ctrl-C stops the round between two decisions, never inside the engine (see interrupts).
    with deferred():
        while round_.end is None:
            checkpoint()
            seat = round_.to_play
            observation = round_.observation(seat, scores=scores)
            if not observation.legal_actions:
                # legal_actions must never be empty in a live round; say where, so the
                # engine's dead end can be reproduced from the seed and the history.
                raise RuntimeError(
                    f"seat {seat} has no legal action at turn {round_.turn} of a round that is"
                    f" not over (after: {'; '.join(str(e.action) for e in round_.history[-4:])})"
                )
            round_.apply(bots[seat].act(observation))
    return round_.end


def play_match(
    match_play: MatchPlay,
    bots: Mapping[str, Bot],
    *,
    on_round: Callable[[Round, RoundSheet], None] | None = None,
) -> Match:
    """Play rounds until the match is over, ``bots[name]`` choosing for each player; return
    the score sheet. ``on_round`` is told of each ended round and its line of the sheet.

    A round already started is played on. Eliminated players do not come back on their own:
    call :meth:`MatchPlay.reenter` from ``on_round`` to let them. Before each deal the
    re-entries are closed, so a match left with fewer players than the rules need ends there.

    >>> from dataclasses import replace
    >>> from ramino.engine.presets import get_preset
    >>> rules = replace(get_preset("classico-2"), max_turns=4, target=30)
    >>> game = MatchPlay(["Anna", "Bruno"], rules, seed=3)
    >>> sheet = play_match(game, {"Anna": RandomBot(1), "Bruno": RandomBot(2)})
    >>> sheet.is_over, sheet.winner in ("Anna", "Bruno", None)
    (True, True)
    """
    missing = [name for name in match_play.players if name not in bots]
    if missing:
        raise ValueError(f"no bot for {', '.join(missing)}")
    while not match_play.is_over:
        round_ = match_play.round
        if round_ is None:
            # Re-entries are taken before the deal (in on_round) or not at all: a table left
            # with too few players ends the match here.
            match_play.close_reentries()
            if match_play.is_over:
                break
            round_ = match_play.start_round()
        seated = [bots[name] for name in match_play.names]
        play_round(round_, seated, scores=match_play.seat_totals())
        sheet = match_play.finish_round()
        if on_round is not None:
            on_round(round_, sheet)
    return match_play.match
