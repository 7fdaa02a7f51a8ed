"""The betting round of pokerato (RULES.md §6.1): the blind (*buio*), then each player in turn
calls (*vedo*), folds (*lascio*) or raises (*rilancio*), at table stakes.

:class:`BettingRound` is an immutable value: :meth:`~BettingRound.act` returns the round after
a bet and leaves the one it was asked of as it was, and :meth:`~BettingRound.refusal` is the
one place that says whether a bet is legal. Chips only move between a seat's stack and what it
put in this hand: their sum never changes. The pots the chips put in make, and who takes them,
are :mod:`ramino.engine.chips`. :class:`BetMade` is a bet as the table saw it made: what it
put in, and where it left the seat and the pot.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .errors import Detail, IllegalAction, Phrase, Reason


class Bet(enum.StrEnum):
    """A player's choice in the betting round."""

    CALL = "call"
    """*Vedo*: put in what it takes to match the highest stake (nothing if he has matched
    it), or all he has if that is less."""
    FOLD = "fold"
    """*Lascio*: out of this hand; what he put in stays in the pot."""
    RAISE = "raise"
    """*Rilancio*: call, and add the raise unit."""


@dataclass(frozen=True, slots=True)
class BetMade:
    """A bet as everyone at the table saw it made (bets are public): what it put in and
    where it left the seat and the pot (see :meth:`BettingRound.made`)."""

    bet: Bet
    paid: int
    """Chips the bet put in: the call's, plus the raise unit for a raise; 0 for a fold."""
    stake: int
    """Chips the seat has put in this hand after it (the blind's included)."""
    behind: int
    """Chips the seat still holds behind after it."""
    pot: int
    """Every chip in the middle after it, those carried from earlier hands included."""
    raised: int = 0
    """For a raise, how far it took the highest stake up; 0 otherwise."""

    @property
    def all_in(self) -> bool:
        """Whether the bet put in all the seat had (*all-in*): he could not cover the call,
        or covered it, or raised, with his last chip."""
        return self.bet is not Bet.FOLD and self.paid > 0 and self.behind == 0


@dataclass(frozen=True, slots=True)
class BettingRound:
    """One betting round of a hand: who has put in what, who is still in, whose turn it is.

    Seats are those of the table (``stacks[s]`` and ``put_in[s]`` for seat ``s``); ``order``
    holds the seats dealt in, in the order they act, the blind first.
    """

    order: tuple[int, ...]
    """The seats in the hand, the one who posts the blind first."""
    stacks: tuple[int, ...]
    """Chips each seat holds behind, not yet put in."""
    put_in: tuple[int, ...]
    """Chips each seat has put in this hand."""
    folded: frozenset[int]
    """Seats out of this hand."""
    waiting: frozenset[int]
    """Seats that must still act before the round can end: every seat at first (the blind
    too: he may raise if nobody did), then, after a raise, every other seat that can."""
    to_act: int | None
    """The seat whose turn it is to bet, ``None`` once the round is over."""
    raises: int
    """Raises made so far this hand."""
    raise_unit: int
    """What a raise adds to the highest stake."""
    max_raises: int | None
    """Raises allowed in a hand, ``None`` for no limit."""
    carried: int = 0
    """Chips left on the table by earlier hands that nobody won: they go to this hand's
    winner (RULES.md §6.1)."""

    @classmethod
    def start(
        cls,
        stacks: Sequence[int],
        order: Sequence[int],
        *,
        blind: int,
        raise_unit: int,
        max_raises: int | None,
        carried: int = 0,
    ) -> BettingRound:
        """The round as the hand starts: the first seat of ``order`` (the one after the
        dealer) posts the ``blind`` before any card is seen (all he has, if less), and the
        seat after him bets first.

        >>> r = BettingRound.start([20, 20, 20], [1, 2, 0], blind=2, raise_unit=2, max_raises=3)
        >>> r.put_in, r.stacks, r.to_act, r.to_call(2)
        ((0, 2, 0), (20, 18, 20), 2, 2)
        """
        if len(order) < 2 or len(set(order)) != len(order):
            raise ValueError(f"a hand needs two different seats or more, not {list(order)}")
        if any(stacks[s] <= 0 for s in order):
            raise ValueError("every seat dealt in holds chips")
        if blind <= 0 or raise_unit <= 0 or (max_raises is not None and max_raises < 0):
            raise ValueError("the blind and the raise are chips, the cap is not negative")
        if carried < 0:
            raise ValueError("chips carried over are not negative")
        first = order[0]
        posted = min(blind, stacks[first])
        stacks = list(stacks)
        put_in = [0] * len(stacks)
        stacks[first] -= posted
        put_in[first] = posted
        waiting = frozenset(s for s in order if stacks[s] > 0)
        betting = cls(
            order=tuple(order),
            stacks=tuple(stacks),
            put_in=tuple(put_in),
            folded=frozenset(),
            waiting=waiting,
            to_act=None,
            raises=0,
            raise_unit=raise_unit,
            max_raises=max_raises,
            carried=carried,
        )
        return replace(betting, to_act=betting._next_after(first))

    # --- reading it ---

    @property
    def is_over(self) -> bool:
        """Whether the betting is done: every seat still in has matched the highest stake or
        put in all it had, or one seat alone is left."""
        return self.to_act is None

    @property
    def highest(self) -> int:
        """The highest stake put in this hand."""
        return max(self.put_in[s] for s in self.order)

    @property
    def pot(self) -> int:
        """Every chip in the middle: what the seats put in this hand and what was carried."""
        return sum(self.put_in) + self.carried

    @property
    def still_in(self) -> tuple[int, ...]:
        """The seats that have not folded, in the order they act."""
        return tuple(s for s in self.order if s not in self.folded)

    def to_call(self, seat: int) -> int:
        """What ``seat`` would put in by calling: the difference to the highest stake, or all
        it holds if that is less."""
        return min(self.highest - self.put_in[seat], self.stacks[seat])

    def legal_bets(self) -> tuple[Bet, ...]:
        """The bets the seat to act may make, in a stable order."""
        return tuple(bet for bet in Bet if self.refusal(bet) is None)

    def refusal(self, bet: Bet) -> IllegalAction | None:
        """Why the seat to act may not make ``bet``, or ``None`` if it may."""
        seat = self.to_act
        if seat is None:
            return IllegalAction(Reason.BETTING_OVER)
        if bet is not Bet.RAISE:
            return None
        limit = self.max_raises
        if limit is not None and self.raises >= limit:
            detail = Phrase(Detail.RAISES_MADE, limit=limit) if limit else Phrase(Detail.NO_RAISES)
            return IllegalAction(Reason.RAISE_LIMIT, limit=limit, detail=detail)
        needed = self.highest - self.put_in[seat] + self.raise_unit
        have = self.stacks[seat]
        if have < needed:
            detail = Phrase(Detail.RAISE_TAKES, needed=needed, have=have)
            return IllegalAction(Reason.RAISE_NOT_COVERED, needed=needed, have=have, detail=detail)
        if not any(self.stacks[s] > 0 for s in self.still_in if s != seat):
            # Everyone else is all-in: nobody could answer the raise.
            return IllegalAction(Reason.RAISE_UNANSWERABLE)
        return None

    # --- betting ---

    def act(self, bet: Bet) -> BettingRound:
        """The round after the seat to act makes ``bet``; a refused bet raises
        :class:`IllegalAction` and changes nothing.

        >>> r = BettingRound.start([20, 20, 20], [1, 2, 0], blind=2, raise_unit=2, max_raises=3)
        >>> r = r.act(Bet.RAISE).act(Bet.CALL).act(Bet.FOLD)
        >>> r.put_in, r.folded, r.is_over
        ((4, 2, 4), frozenset({1}), True)
        """
        refused = self.refusal(bet)
        if refused is not None:
            raise refused
        seat = self.to_act
        assert seat is not None
        stacks = list(self.stacks)
        put_in = list(self.put_in)
        folded = self.folded
        waiting = self.waiting - {seat}
        raises = self.raises
        if bet is Bet.FOLD:
            folded = folded | {seat}
        else:
            paid = self.to_call(seat)
            if bet is Bet.RAISE:
                paid += self.raise_unit
                raises += 1
                # Every other seat still in that holds chips must answer the raise.
                waiting = frozenset(
                    s for s in self.order if s != seat and s not in folded and stacks[s] > 0
                )
            stacks[seat] -= paid
            put_in[seat] += paid
        after = replace(
            self,
            stacks=tuple(stacks),
            put_in=tuple(put_in),
            folded=folded,
            waiting=waiting,
            raises=raises,
            to_act=None,
        )
        return replace(after, to_act=after._next_after(seat))

    def made(self, bet: Bet) -> tuple[BettingRound, BetMade]:
        """The round after the seat to act makes ``bet`` (as :meth:`act`), and the bet as the
        table saw it.

        >>> r = BettingRound.start([3, 20, 20], [1, 2, 0], blind=2, raise_unit=2, max_raises=3)
        >>> r, raised = r.made(Bet.RAISE)
        >>> raised
        BetMade(bet=<Bet.RAISE: 'raise'>, paid=4, stake=4, behind=16, pot=6, raised=2)
        >>> r, short = r.made(Bet.CALL)
        >>> short.paid, short.stake, short.all_in, short.pot
        (3, 3, True, 9)
        """
        seat = self.to_act
        after = self.act(bet)
        assert seat is not None
        stake = after.put_in[seat]
        made = BetMade(
            bet=bet,
            paid=stake - self.put_in[seat],
            stake=stake,
            behind=after.stacks[seat],
            pot=after.pot,
            raised=after.highest - self.highest,
        )
        return after, made

    def _next_after(self, seat: int) -> int | None:
        # The next seat in order after ``seat`` that must still act, or None: the round is
        # over when one seat alone is still in, or when nobody is waiting.
        if len(self.still_in) < 2:
            return None
        start = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            candidate = self.order[(start + step) % len(self.order)]
            if candidate in self.waiting and candidate not in self.folded:
                return candidate
        return None
