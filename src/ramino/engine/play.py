"""A match played round after round: which players sit at each round, who deals, which seed
deals it, and the score sheet the rounds feed. :class:`Match` keeps the totals; this module
decides the next :class:`Round` from them. Pure: every deal comes from the match's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from .errors import Detail, IllegalAction, Phrase, Reason, ScoreError
from .match import Match, RoundSheet
from .round import EndReason, Round, seed_bytes
from .rules import Betting, Direction, MatchEnd, Rules

__all__ = ["MatchPlay", "round_seed", "turns_played"]


def round_seed(match_seed: int | str | bytes, number: int) -> bytes:
    """The seed of round ``number`` (from 1) of a match or a series seeded with ``match_seed``.

    >>> round_seed(7, 1) == round_seed(7, 1), round_seed(7, 1) == round_seed(7, 2)
    (True, False)
    >>> round_seed(b"abc", 3)
    b'abc/round/3'
    """
    return seed_bytes(match_seed) + b"/round/" + str(number).encode()


def turns_played(round_: Round) -> int:
    """How many turns an ended round lasted.

    ``Round.turn`` is the turn being played; when a cap ends the round it has already moved
    on to a turn that nobody plays, so that one is not counted.

    >>> from dataclasses import replace
    >>> from ramino.engine.actions import Discard, Draw
    >>> from ramino.engine.presets import get_preset
    >>> r = Round(replace(get_preset("classico"), max_turns=1), 2, seed=3)
    >>> _ = r.apply(Draw())
    >>> _ = r.apply(Discard(r.hand(r.to_play)[0]))
    >>> r.end.reason, r.turn, turns_played(r)
    (<EndReason.MAX_TURNS: 'max_turns'>, 2, 1)
    """
    end = round_.end
    if end is None:
        raise IllegalAction(Reason.ROUND_NOT_OVER)
    return round_.turn if end.reason is EndReason.WENT_OUT else round_.turn - 1


class MatchPlay:
    """A match (*partita*) between named ``players``, played one :class:`Round` at a time.

    Each round is dealt among the players still in (eliminated players are skipped), seated
    in the match's order; the dealer (*mazziere*) passes each round to the next player still
    in, in the direction of play (RULES.md §2.15), but deals a void hand (gin rummy) again;
    round ``k`` is dealt from
    ``round_seed(seed, k)``. ``dealer`` is the index in ``players`` of the first dealer.

    >>> from dataclasses import replace
    >>> from ramino.engine.presets import get_preset
    >>> rules = replace(get_preset("classico"), max_turns=2)
    >>> play = MatchPlay(["Anna", "Bruno", "Carla"], rules, seed=1)
    >>> r = play.start_round()
    >>> play.names, play.dealer, r.dealer, r.to_play
    (('Anna', 'Bruno', 'Carla'), 'Anna', 0, 1)
    >>> while not r.is_over:
    ...     _ = r.apply(r.legal_actions[0])
    >>> sheet = play.finish_round()
    >>> sheet.number, sheet.out, play.rounds, play.next_dealer
    (1, None, 1, 'Bruno')
    """

    match: Match
    """The score sheet (*foglio dei punti*)."""
    seed: bytes
    """The match's seed; every round's deal is derived from it."""

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules | str,
        *,
        seed: int | str | bytes = 0,
        dealer: int = 0,
    ) -> None:
        self.match = Match(players, rules)
        if not 0 <= dealer < len(self.match.players):
            raise IllegalAction(
                Reason.BAD_DEAL,
                detail=Phrase(Detail.DEALER_NOT_A_SEAT, dealer=dealer),
            )
        self.seed = seed_bytes(seed)
        self._first_dealer = self.match.players[dealer]
        self._dealers: list[str] = []
        self._round: Round | None = None
        self._names: tuple[str, ...] = ()
        # The last round was cancelled (gin rummy at the wall, or at the turn cap): the same
        # dealer deals again.
        self._redeal = False

    def __repr__(self) -> str:
        return f"<MatchPlay {list(self.players)} rounds={self.rounds} totals={self.match.totals}>"

    # --- the state ---

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the match, in seat order (the order of play when clockwise)."""
        return self.match.players

    @property
    def rules(self) -> Rules:
        """The rules of the match."""
        return self.match.rules

    @property
    def round(self) -> Round | None:
        """The round being played, or ``None`` between rounds."""
        return self._round

    @property
    def names(self) -> tuple[str, ...]:
        """The player at each seat of the current (or last) round."""
        return self._names

    @property
    def rounds(self) -> int:
        """Rounds recorded on the score sheet."""
        return len(self.match.rounds)

    @property
    def dealers(self) -> tuple[str, ...]:
        """The dealer of each round started, in order."""
        return tuple(self._dealers)

    @property
    def dealer(self) -> str | None:
        """The dealer of the current (or last) round; ``None`` before the first."""
        return self._dealers[-1] if self._dealers else None

    @property
    def next_dealer(self) -> str:
        """Who deals the next round: the next player still in after the last dealer; after
        a void hand (gin rummy), the same dealer."""
        if not self._dealers:
            return self._first_dealer
        players = self.players
        active = set(self.match.active)
        if self._redeal and self._dealers[-1] in active:
            # A void hand is cancelled: no score, and the same dealer deals again.
            return self._dealers[-1]
        step = 1 if self.rules.direction is Direction.CLOCKWISE else -1
        at = players.index(self._dealers[-1])
        for k in range(1, len(players) + 1):
            name = players[(at + k * step) % len(players)]
            if name in active:
                return name
        raise ScoreError(Reason.MATCH_OVER, detail=Phrase(Detail.NOBODY_IN))

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.match.is_over

    @property
    def winner(self) -> str | None:
        """The winner once the match is over (``None`` while it goes on, or after a draw)."""
        return self.match.winner

    def seat_totals(self) -> tuple[int, ...]:
        """The match totals of the current round's seats, for :meth:`Round.observation`."""
        totals = self.match.totals
        return tuple(totals[name] for name in self._names)

    # --- playing ---

    def start_round(self, seed: bytes | None = None) -> Round:
        """Deal the next round among the players still in and return it, from ``seed`` when
        given (a fair deal's, see docs/shuffle.md), else from the match's seed.

        Refused (:class:`ScoreError`) once the match is over, and while too few players are in
        to deal (``too_few_players``): then only re-entries, or :meth:`close_reentries`, which
        ends the match, can come next.
        """
        if self._round is not None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        if self.match.is_over:
            winner = self.match.winner
            raise ScoreError(
                Reason.MATCH_OVER,
                detail=(
                    Phrase(Detail.DRAWN) if winner is None else Phrase(Detail.WON_BY, winner=winner)
                ),
            )
        names = self.match.active
        if self.match.short_handed:
            raise ScoreError(Reason.TOO_FEW_PLAYERS, limit=self.rules.min_players, count=len(names))
        dealer = self.next_dealer
        rules = self.rules
        chips = self.match.chips if rules.betting is not Betting.NONE else None
        # Carioca: the contract of this round, in the order of the match.
        contract = rules.contracts[self.rounds % len(rules.contracts)] if rules.contracts else None
        round_ = Round(
            self.rules,
            len(names),
            seed=round_seed(self.seed, self.rounds + 1) if seed is None else seed,
            dealer=names.index(dealer),
            chips=None if chips is None else [chips[name] for name in names],
            carried=self.match.on_table if chips is not None else 0,
            contract=contract,
        )
        self._names = names
        self._dealers.append(dealer)
        self._round = round_
        return round_

    def finish_round(self) -> RoundSheet:
        """Record the ended round on the score sheet and return its line."""
        round_ = self._round
        if round_ is None or not round_.is_over:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        sheet = self.match.record(round_.round_result(self._names))
        # A hand void at the wall is cancelled; so is one the turn cap stopped where each
        # hand's points go to its winner (gin rummy): it has none, and scores nothing.
        end = round_.end.reason if round_.end is not None else None
        self._redeal = end is EndReason.VOID or (
            end is EndReason.MAX_TURNS and self.rules.match_end is MatchEnd.POINTS_TO_TARGET
        )
        self._round = None
        return sheet

    def reenter(self, name: str) -> int:
        """An eliminated player re-enters (*rientro*) before the next round; his new total."""
        if self._round is not None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        return self.match.reenter(name)

    def refuse_reentry(self, name: str) -> NoReturn:
        """Raise the engine's reason why ``name`` may not re-enter now: a round is being
        played, the rules or the match forbid it, or the moment has passed (one chooses right
        after the round one went out in)."""
        if self._round is not None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        self.match.refuse_reentry(name)

    def close_reentries(self) -> None:
        """No more re-entries before the next round: if too few players are still in to deal
        it, the match ends here (see :meth:`Match.close_reentries`).

        >>> from dataclasses import replace
        >>> from ramino.engine.presets import get_preset
        >>> rules = replace(get_preset("classico"), min_players=3, max_turns=1, reentry=True)
        >>> play = MatchPlay(["Anna", "Bruno", "Carla"], rules, seed=3)
        >>> r = play.start_round()
        >>> while not r.is_over:
        ...     _ = r.apply(r.legal_actions[0])
        >>> play.finish_round().totals, play.match.short_handed
        ({'Anna': 100, 'Bruno': 0, 'Carla': 105}, True)
        >>> play.close_reentries()
        >>> play.is_over, play.winner
        (True, 'Bruno')
        """
        if self._round is not None:
            raise IllegalAction(Reason.ROUND_NOT_OVER)
        self.match.close_reentries()
