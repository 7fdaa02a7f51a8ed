"""Pokerato's betting round and its chips (RULES.md §6.1, §6.2): the blind, call, fold and raise
at table stakes, the raise cap, the main pot and the side pots, and who takes them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.engine.betting import Bet, BettingRound
from ramino.engine.chips import Pot, award, make_pots, multiplied_payments
from ramino.engine.errors import IllegalAction, Reason


def start(
    stacks: list[int],
    order: list[int] | None = None,
    *,
    blind: int = 1,
    raise_unit: int = 1,
    max_raises: int | None = 3,
) -> BettingRound:
    return BettingRound.start(
        stacks,
        order if order is not None else list(range(len(stacks))),
        blind=blind,
        raise_unit=raise_unit,
        max_raises=max_raises,
    )


def refused(betting: BettingRound, bet: Bet, reason: Reason) -> IllegalAction:
    """The bet is refused for ``reason``, not listed, and the round is as it was."""
    assert bet not in betting.legal_bets()
    with pytest.raises(IllegalAction) as info:
        betting.act(bet)
    assert info.value.reason is reason
    italian, english = info.value.message("it"), info.value.message("en")
    assert italian != english and "{" not in italian + english
    return info.value


# --- the blind and the turn of the bets ---


def test_the_seat_after_the_dealer_posts_the_blind_and_the_next_one_bets() -> None:
    # Dealer seat 0: seat 1 posts the blind, seat 2 bets first, then seat 0, then seat 1.
    r = start([50, 50, 50], [1, 2, 0], blind=2)
    assert r.put_in == (0, 2, 0) and r.stacks == (50, 48, 50)
    assert r.to_act == 2 and r.to_call(2) == 2
    r = r.act(Bet.CALL)
    assert r.to_act == 0
    r = r.act(Bet.CALL)
    # The blind's option: nothing to call, he may still raise.
    assert r.to_act == 1 and r.to_call(1) == 0
    assert r.legal_bets() == (Bet.CALL, Bet.FOLD, Bet.RAISE)
    r = r.act(Bet.CALL)
    assert r.is_over and r.put_in == (2, 2, 2)


def test_a_raise_makes_every_other_seat_answer() -> None:
    r = start([50, 50, 50], blind=2, raise_unit=5)
    r = r.act(Bet.CALL)  # seat 1 puts in 2
    r = r.act(Bet.RAISE)  # seat 2 puts in 2 + 5
    assert r.put_in == (2, 2, 7) and r.raises == 1
    r = r.act(Bet.CALL)  # the blind answers: 5 more
    assert r.to_act == 1
    r = r.act(Bet.RAISE)  # seat 1: 5 to call and 5 more
    assert r.put_in == (7, 12, 7) and r.to_act == 2
    r = r.act(Bet.FOLD).act(Bet.CALL)
    assert r.is_over and r.put_in == (12, 12, 7) and r.still_in == (0, 1)


def test_when_all_but_one_fold_the_betting_is_over() -> None:
    r = start([10, 10, 10], blind=1)
    r = r.act(Bet.FOLD).act(Bet.FOLD)
    assert r.is_over and r.still_in == (0,)
    refused(r, Bet.CALL, Reason.BETTING_OVER)
    assert make_pots(r.put_in, r.folded) == (Pot(1, (0,)),)


def test_a_blind_bigger_than_the_stack_puts_it_all_in() -> None:
    r = start([3, 10], blind=5)
    assert r.put_in == (3, 0) and r.stacks == (0, 10)
    # Seat 1 calls the 3 the blind could put in; nobody is left to answer a raise.
    refused(r, Bet.RAISE, Reason.RAISE_UNANSWERABLE)
    assert r.to_call(1) == 3
    r = r.act(Bet.CALL)
    assert r.is_over and r.put_in == (3, 3)


def test_a_call_for_less_goes_all_in() -> None:
    r = start([20, 4, 20], [0, 1, 2], blind=2, raise_unit=4)
    r = r.act(Bet.CALL).act(Bet.RAISE)  # seat 1 calls 2; seat 2 raises to 6
    r = r.act(Bet.CALL).act(Bet.CALL)  # the blind calls 4; seat 1 has 2 left
    assert r.put_in == (6, 4, 6) and r.stacks == (14, 0, 14)
    assert r.is_over
    assert make_pots(r.put_in, r.folded) == (Pot(12, (0, 1, 2)), Pot(4, (0, 2)))


# --- the raise cap and table stakes, each refusal a sentence ---


@pytest.mark.parametrize("cap", [0, 1, 3, None])
def test_the_raise_cap(cap: int | None) -> None:
    r = start([100] * 4, blind=1, raise_unit=1, max_raises=cap)
    made = 0
    while Bet.RAISE in r.legal_bets():
        r = r.act(Bet.RAISE)
        made += 1
        if cap is None and made == 12:
            break  # no cap: as many as the chips allow
    if cap is not None:
        assert made == cap
        error = refused(r, Bet.RAISE, Reason.RAISE_LIMIT)
        if cap == 0:
            assert "non ammettono rilanci" in error.message("it")
    else:
        assert r.raises == 12


def test_a_raise_needs_the_chips_to_cover_it() -> None:
    r = start([10, 3, 10], blind=2, raise_unit=2)
    # Seat 1: 2 to call and 2 more is 4, with 3 in hand.
    error = refused(r, Bet.RAISE, Reason.RAISE_NOT_COVERED)
    assert error.message("en") == "You do not have the chips to raise: it takes 4, you have 3."
    assert error.message("it") == (
        "Non hai abbastanza fiches per rilanciare: ne servono 4 e ne hai 3."
    )


def test_the_bets_are_values() -> None:
    r = start([10, 10])
    after = r.act(Bet.RAISE)
    assert r.put_in == (1, 0) and after.put_in == (1, 2)
    with pytest.raises(ValueError):
        start([10, 0])  # a seat without chips is not dealt in


# --- pots, side pots and who takes them ---


def test_side_pots_follow_what_each_seat_could_match() -> None:
    # Seat 0 all-in for 5, seat 1 for 12, seats 2 and 3 at 20; seat 3 then folded.
    pots = make_pots([5, 12, 20, 20], folded={3})
    assert pots == (Pot(20, (0, 1, 2)), Pot(21, (1, 2)), Pot(16, (2,)))
    assert sum(p.amount for p in pots) == 57


def test_the_winner_takes_the_pots_he_is_in_the_others_go_back() -> None:
    pots = make_pots([5, 12, 20, 20], folded={3})
    # Seat 0 goes out: the main pot is his; the side pot of seats 1 and 2 is shared; the
    # last, seat 2's alone, goes back to him.
    assert award(pots, 0, order=[1, 2, 3, 0]) == {0: 20, 1: 11, 2: 26}
    # The odd chip goes to the first of them after the dealer.
    assert award(pots, 0, order=[2, 3, 0, 1]) == {0: 20, 2: 27, 1: 10}
    assert award(pots, 2, order=[1, 2, 3, 0]) == {2: 57}


def test_a_multiplied_close_is_paid_as_far_as_the_chips_go() -> None:
    # RULES.md §6.2: ×4, so each other seat still in pays 3 times what it put in.
    assert multiplied_payments([6, 6, 6], [30, 10, 0], {0, 1, 2}, 0, 4) == {1: 10}
    assert multiplied_payments([6, 6, 6], [30, 30, 30], {0, 1}, 0, 2) == {1: 6}
    assert multiplied_payments([6, 6, 6], [30, 30, 30], {0, 1, 2}, 0, 1) == {}


# --- random rounds ---


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 40), min_size=2, max_size=6),
    blind=st.integers(1, 5),
    raise_unit=st.integers(1, 6),
    max_raises=st.none() | st.integers(0, 4),
    seed=st.integers(0, 10**6),
)
def test_random_betting_keeps_every_chip_and_ends_even(
    stacks: list[int], blind: int, raise_unit: int, max_raises: int | None, seed: int
) -> None:
    rnd = random.Random(seed)
    players = len(stacks)
    dealer = rnd.randrange(players)
    order = [(dealer + 1 + k) % players for k in range(players)]
    r = BettingRound.start(stacks, order, blind=blind, raise_unit=raise_unit, max_raises=max_raises)
    total = sum(stacks)
    for _ in range(10_000):
        if r.is_over:
            break
        legal = r.legal_bets()
        assert Bet.CALL in legal and Bet.FOLD in legal
        for bet in Bet:
            assert (bet in legal) == (r.refusal(bet) is None)
        r = r.act(rnd.choice(legal))
        assert sum(r.stacks) + sum(r.put_in) == total
        assert min(r.stacks) >= 0
    assert r.is_over
    # Everyone still in has matched the highest stake, or put in all he had.
    still_in = r.still_in
    assert still_in
    for seat in still_in:
        assert r.put_in[seat] == r.highest or r.stacks[seat] == 0
    # The pots hold every chip put in, and whoever wins pays them all out.
    pots = make_pots(r.put_in, r.folded)
    assert sum(pot.amount for pot in pots) == sum(r.put_in)
    winner = rnd.choice(still_in)
    assert sum(award(pots, winner, order).values()) == sum(r.put_in)
