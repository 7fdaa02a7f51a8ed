"""Chips (*fiches*) of pokerato: what each seat put in a hand, the pots it makes, and who takes
them (RULES.md §6.1, §6.2).

At table stakes a player who goes all-in for less than the others can win from each of them
only what he matched: the chips of a hand split into a main pot and side pots, as in poker.
Chips are never made nor lost here: the pots hold exactly what the seats put in, and what a
settlement pays out is exactly what the pots (and the chips carried over) hold.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .betting import BettingRound
from .errors import Detail, Phrase


def chips_words(count: int, lang: str = "it") -> str:
    """A number of chips in words: *fiche* in Italian (plural *fiches*), chips in English, as
    the catalogue words them.

    >>> chips_words(1), chips_words(3), chips_words(1, "en"), chips_words(0, "en")
    ('una fiche', '3 fiches', 'one chip', '0 chips')
    """
    return Phrase(Detail.CHIPS, count=count).message(lang)


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips in the middle, and the seats that may win them (those still in the hand that
    put in at least its level), in seat order."""

    amount: int
    seats: tuple[int, ...]


def make_pots(put_in: Sequence[int], folded: Collection[int] = ()) -> tuple[Pot, ...]:
    """The main pot and the side pots of a hand in which seat ``s`` put in ``put_in[s]``
    chips, the seats ``folded`` out of it; the main pot first.

    There is one pot for each amount that a seat still in put in, lowest first: it holds,
    from every seat, what that seat put in between the level below and this one, and the
    seats still in that reached it may win it. A seat that folded leaves its chips in the
    pots they reach (above the highest level, in the last one).

    >>> make_pots([10, 10, 10])
    (Pot(amount=30, seats=(0, 1, 2)),)
    >>> make_pots([4, 10, 10])  # seat 0 all-in for 4
    (Pot(amount=12, seats=(0, 1, 2)), Pot(amount=12, seats=(1, 2)))
    >>> make_pots([4, 10, 6], folded=[2])
    (Pot(amount=12, seats=(0, 1)), Pot(amount=8, seats=(1,)))
    """
    levels = sorted({put_in[s] for s in range(len(put_in)) if s not in folded})
    found: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in put_in)
        seats = tuple(s for s in range(len(put_in)) if s not in folded and put_in[s] >= level)
        if amount:
            found.append(Pot(amount, seats))
        below = level
    # Chips a folded seat put in above every seat still in: the last pot holds them.
    above = sum(c - below for c in put_in if c > below)
    if above and found:
        last = found[-1]
        found[-1] = Pot(last.amount + above, last.seats)
    return tuple(found)


def award(pots: Sequence[Pot], winner: int, order: Sequence[int]) -> dict[int, int]:
    """The chips each seat takes from ``pots`` when ``winner`` goes out (or is the last seat
    in): every pot he is in; a pot he is not in goes back, in equal shares, to the seats in
    it, the odd chips one each to the first of them in ``order`` (the seats from the one after
    the dealer). Seats that take nothing are not listed.

    >>> pots = make_pots([4, 10, 10])
    >>> award(pots, 0, order=[1, 2, 0])  # the all-in seat wins the main pot only
    {0: 12, 1: 6, 2: 6}
    >>> award(make_pots([3, 10, 10, 10]), 0, order=[1, 2, 3, 0])
    {0: 12, 1: 7, 2: 7, 3: 7}
    """
    taken: dict[int, int] = {}
    for pot in pots:
        if winner in pot.seats:
            taken[winner] = taken.get(winner, 0) + pot.amount
            continue
        share, odd = divmod(pot.amount, len(pot.seats))
        for seat in pot.seats:
            taken[seat] = taken.get(seat, 0) + share
        for seat in [s for s in order if s in pot.seats][:odd]:
            taken[seat] += 1
    return taken


def multiplied_payments(
    put_in: Sequence[int],
    stacks: Sequence[int],
    still_in: Collection[int],
    winner: int,
    multiplier: int,
) -> dict[int, int]:
    """What each seat still in the hand pays ``winner`` besides the pots where his close
    multiplies the stake by ``multiplier`` (RULES.md §6.2): ``multiplier − 1`` times what it
    put in this hand, as far as its chips (``stacks``, what it holds behind) go.

    >>> multiplied_payments([5, 5, 5], [20, 3, 50], still_in=[0, 1, 2], winner=0, multiplier=4)
    {1: 3, 2: 15}
    """
    return {
        seat: min((multiplier - 1) * put_in[seat], stacks[seat])
        for seat in sorted(still_in)
        if seat != winner and multiplier > 1 and put_in[seat] and stacks[seat]
    }


@dataclass(frozen=True, slots=True)
class Settlement:
    """Where the chips of a hand went, by seat."""

    before: tuple[int, ...]
    """Chips each seat held as the hand started, before the blind."""
    put_in: tuple[int, ...]
    """Chips each seat put in the pots."""
    pots: tuple[Pot, ...]
    """The main pot and the side pots at the end of the betting, main first."""
    carried_in: int
    """Chips on the table from earlier hands that nobody won."""
    won: tuple[int, ...]
    """Chips each seat took from the pots (the winner: with the chips carried in)."""
    paid: tuple[int, ...]
    """What the multiplier of the close moved: received by the winner, paid by the others
    (negative)."""
    multiplier: int
    """The multiplier of the winner's close (1 for an ordinary close or no winner)."""
    carried_out: int
    """Chips left on the table for the next hand: every pot, when nobody went out."""
    chips: tuple[int, ...]
    """Chips each seat holds after the hand."""

    @property
    def net(self) -> tuple[int, ...]:
        """What each seat won (positive) or lost (negative) in the hand."""
        return tuple(after - before for after, before in zip(self.chips, self.before, strict=True))


def settle(
    betting: BettingRound, winner: int | None, order: Sequence[int], multiplier: int = 1
) -> Settlement:
    """Settle a hand whose betting ended as ``betting``: ``winner`` (the seat that went out,
    or the last one in) takes the pots he is in and the chips carried in, the others share
    back the pots he is not in (``order``: the seats from the one after the dealer), and a
    multiplied close makes the others pay (:func:`multiplied_payments`). With no winner
    (the round stopped by a cap) every chip stays on the table for the next hand.

    >>> from ramino.engine.betting import Bet
    >>> b = BettingRound.start([5, 20, 20], [1, 2, 0], blind=1, raise_unit=4, max_raises=3)
    >>> b = b.act(Bet.RAISE).act(Bet.CALL).act(Bet.CALL)  # seat 0 all-in for 5
    >>> s = settle(b, 0, order=[1, 2, 0])
    >>> s.pots, s.chips, s.net
    ((Pot(amount=15, seats=(0, 1, 2)),), (15, 15, 15), (10, -5, -5))
    >>> settle(b, None, order=[1, 2, 0]).carried_out
    15
    """
    stacks = betting.stacks
    put_in = betting.put_in
    before = tuple(s + p for s, p in zip(stacks, put_in, strict=True))
    pots = make_pots(put_in, betting.folded)
    seats = range(len(stacks))
    if winner is None:
        nothing = (0,) * len(stacks)
        return Settlement(
            before, put_in, pots, betting.carried, nothing, nothing, 1, betting.pot, stacks
        )
    taken = award(pots, winner, order)
    taken[winner] = taken.get(winner, 0) + betting.carried
    won = tuple(taken.get(s, 0) for s in seats)
    payments = multiplied_payments(put_in, stacks, betting.still_in, winner, multiplier)
    paid = [-payments.get(s, 0) for s in seats]
    paid[winner] = sum(payments.values())
    chips = tuple(stacks[s] + won[s] + paid[s] for s in seats)
    return Settlement(before, put_in, pots, betting.carried, won, tuple(paid), multiplier, 0, chips)
