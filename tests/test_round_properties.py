"""Properties of the round state machine under random play, over every playable preset.

Random legal play from random seeds ends; every card is somewhere exactly once; every legal
action is accepted; actions outside ``legal_actions`` are refused with the engine's own
error and leave the round exactly as it was (and any action ``can`` accepts is listed);
``copy()`` is independent; an observation never tells a player another player's cards.

The engine costs a few milliseconds per decision, so examples are few and rounds are capped
(``max_turns``) where a property does not need whole rounds. For a deeper search of illegal
and missing moves, raise the candidates tried per state: ``RAMINO_CANDIDATES=40``.
"""

from __future__ import annotations

import contextlib
import enum
import os
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st

from ramino.engine import Card, RaminoError, get_preset
from ramino.engine import rules as rules_module
from ramino.engine.actions import (
    Action,
    Attach,
    Call,
    Discard,
    Draw,
    Fold,
    Lay,
    Raise,
    Show,
    Swap,
    TakeDiscard,
    parse_action,
)
from ramino.engine.cards import JOKER, NATURAL_CARDS, Rank, Suit
from ramino.engine.melds import Meld, MeldKind
from ramino.engine.observation import Observation
from ramino.engine.rebuild import round_from_view
from ramino.engine.round import EndReason, Phase, Round
from ramino.engine.rules import Betting, Rules, SetJokerSwap
from ramino.engine.scoring import Closing
from scripted import PLAYABLE, attributes


def _tables() -> list[tuple[str, int]]:
    """Every (preset, players) pair with 2–6 players inside the preset's range."""
    found = []
    for name in PLAYABLE:
        rules = get_preset(name)
        for players in range(max(2, rules.min_players), min(6, rules.max_players) + 1):
            found.append((name, players))
    return found


TABLES = _tables()
CANDIDATES = int(os.environ.get("RAMINO_CANDIDATES", "12"))
ALL_CARDS: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)

tables = st.sampled_from(TABLES)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROPERTY = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --- helpers ---


def new_round(table: tuple[str, int], seed: int, *, max_turns: int | None = None) -> Round:
    """A round of the preset, the dealer chosen from the seed, turns capped if asked."""
    name, players = table
    rules = get_preset(name)
    if max_turns is not None:
        rules = replace(rules, max_turns=max_turns)
    if rules.betting is Betting.NONE:
        return Round(rules, players, seed=seed, dealer=seed % players)
    # Short stacks, so that players go all-in and side pots are made; sometimes chips
    # carried over from a hand nobody won.
    rng = random.Random(seed)
    chips = [rng.randint(1, 8) for _ in range(players)]
    carried = rng.choice((0, 0, 7))
    r = Round(rules, players, seed=seed, dealer=seed % players, chips=chips, carried=carried)
    DEALT[:] = [(r, sum(chips) + carried)]
    return r


#: The last round new_round dealt with chips, and the chips on its table.
DEALT: list[tuple[Round, int]] = []


# Set at the deal and never changed; the histories only grow, so their length and last
# entry stand for them.
_FIXED = frozenset({"judge", "seed", "deck_order"})
_GROWING = frozenset({"history", "public_history"})


def snapshot(r: Round) -> bytes:
    """Everything a refused action must leave as it was: hands, table, stock, pile, whose turn
    and its phase, the turn number, who opened, the end, the card taken, the jolly waiting,
    the opening points, and any other attribute of the round, private ones included."""
    state = {k: v for k, v in attributes(r).items() if k not in _FIXED | _GROWING}
    for name in _GROWING:
        entries = getattr(r, name)
        state[name] = (len(entries), entries[-1:])
    return pickle.dumps(sorted(state.items()))


def check_every_card_once(r: Round) -> None:
    """Every card id of the deck is in exactly one place: a hand, the stock, the pile, a meld;
    and under rules with betting, every chip: behind a seat, in the pots or settled."""
    check_every_chip_once(r)
    places: list[int] = [i for hand in r.hands for i in hand]
    places += r.stock
    places += r.discard_pile
    places += [i for meld in r.table for i in meld.ids]
    counts = Counter(places)
    twice = sorted(i for i, k in counts.items() if k > 1)
    assert not twice, f"cards in two places: {[str(r.deck[i]) for i in twice]}"
    assert sorted(counts) == list(range(len(r.deck))), "cards lost"
    for meld in r.table:
        held = tuple(r.deck[i] for i in meld.ids)
        cards = meld.meld.cards
        if r.rules.imaginary_joker and JOKER in cards:
            # The jolly of such a close has no card (imagined), or one of the player's own
            # stands in its place (own_card_joker).
            at = cards.index(JOKER)
            if r.rules.own_card_joker:
                assert held[:at] + held[at + 1 :] == cards[:at] + cards[at + 1 :]
                assert not held[at].is_joker
            else:
                assert held == cards[:at] + cards[at + 1 :]
        else:
            assert held == cards


def check_every_chip_once(r: Round) -> None:
    """Chips are never made nor lost: those each seat held as the hand began, plus those
    carried in, are always behind the seats and in the pots, and after the hand, behind the
    seats and left on the table."""
    betting = r.betting
    if betting is None:
        assert r.end is None or r.end.chips is None
        return
    assert min(betting.stacks) >= 0 and min(betting.put_in) >= 0
    total = sum(betting.stacks) + sum(betting.put_in) + betting.carried
    for dealt, chips in DEALT:
        if dealt is r:
            assert total == chips
    end = r.end
    if end is not None:
        settled = end.chips
        assert settled is not None
        assert sum(settled.chips) + settled.carried_out == total
        assert min(settled.chips) >= 0
        assert sum(p.amount for p in settled.pots) == sum(settled.put_in)
        if end.out is None:
            assert settled.carried_out == betting.pot
        else:
            assert settled.carried_out == 0


def choose(r: Round, rng: random.Random) -> Action:
    """A random legal action, more often a meld than a discard so that tables fill up with
    melds, jolly and openings; the round must never be stuck."""
    actions = r.legal_actions
    assert actions, f"no legal action at turn {r.turn}, phase {r.phase}"
    melding = [a for a in actions if isinstance(a, Lay | Attach | Swap | Show)]
    if melding and rng.random() < 0.7:
        return rng.choice(melding)
    return rng.choice(actions)


def walk(r: Round, rng: random.Random, decisions: int) -> Iterator[Round]:
    """Play up to ``decisions`` random legal actions, yielding the round before each one."""
    for _ in range(decisions):
        if r.is_over:
            return
        yield r
        r.apply(choose(r, rng))


def key(action: Action) -> str:
    """The action's text form, with the cards of a swap, and the groups of a show (each
    sorted), in a fixed order: a hand shown in two different groupings is two moves."""
    if isinstance(action, Swap):
        return str(Swap(action.meld, tuple(sorted(action.cards))))
    if isinstance(action, Show):
        groups = sorted(" ".join(map(str, sorted(group))) for group in action.melds)
        return f"show {' | '.join(groups)} discard {action.discard}"
    return str(action)


def outcome(r: Round, action: Action) -> bytes:
    """The state an accepted action leads to, with twin cards treated as equal: two texts
    for the same move (a jolly declared or left to the rules) lead to the same outcome."""
    after = r.copy()
    after.apply(action)
    return pickle.dumps(
        (
            [sorted(after.deck[i] for i in hand) for hand in after.hands],
            [(m.owner, _meld_key(m.meld, after.rules)) for m in after.table],
            [after.deck[i] for i in after.discard_pile],
            after.to_play,
            after.phase,
            after.opened,
            len(after.pending_jokers),
            after.opening_points,
            after.end is not None and after.end.reason,
        )
    )


def _meld_key(meld: Meld, rules: Rules) -> list[tuple[Card, Card | Rank | None]]:
    """A meld's cards and what each stands for, in a fixed order. In a set whose jolly is
    freed by every missing suit the jolly stands for "a card of the rank": its suit is moot."""
    floating = meld.kind is MeldKind.SET and rules.set_joker_swap is SetJokerSwap.ALL_MISSING
    return sorted(
        (card, meld.rank if floating and card.is_joker else rep)
        for card, rep in zip(meld.cards, meld.represents, strict=True)
    )


# --- candidate actions, most of them illegal ---


def _subset(rng: random.Random, cards: Sequence[Card], low: int, high: int) -> list[Card]:
    size = min(len(cards), rng.randint(low, high))
    return rng.sample(list(cards), size)


def _declarations(rng: random.Random, cards: Sequence[Card]) -> tuple[Card | None, ...] | None:
    jokers = sum(1 for c in cards if c.is_joker)
    roll = rng.random()
    if roll < 0.4:
        return None
    if roll < 0.5:
        # The wrong number of declarations.
        return tuple(rng.choice(NATURAL_CARDS) for _ in range(jokers + rng.choice((-1, 1))))
    natural = [c for c in cards if not c.is_joker] or [rng.choice(NATURAL_CARDS)]
    out: list[Card | None] = []
    for _ in range(jokers):
        near = rng.choice(natural)
        assert near.rank is not None and near.suit is not None
        options = [
            Card(r, near.suit) for r in range(max(1, near.rank - 2), min(13, near.rank + 2) + 1)
        ]
        options += [Card(near.rank, s) for s in Suit]
        out.append(rng.choice([*options, None, rng.choice(NATURAL_CARDS)]))
    return tuple(out)


def _meld_shaped(rng: random.Random, hand: Sequence[Card]) -> list[Card]:
    """Cards of the hand that look like a meld: one suit near one rank, or one rank."""
    naturals = [c for c in hand if not c.is_joker]
    jokers = [c for c in hand if c.is_joker]
    if not naturals:
        return list(hand)
    pivot = rng.choice(naturals)
    if rng.random() < 0.5:
        mates = [c for c in naturals if c.suit is pivot.suit]
        mates.sort()
        at = mates.index(pivot)
        lo = max(0, at - rng.randint(0, 3))
        chosen = mates[lo : lo + rng.randint(2, 5)]
    else:
        chosen = [c for c in naturals if c.rank is pivot.rank]
        chosen = _subset(rng, chosen, 2, 5)
    if jokers and rng.random() < 0.5:
        chosen.append(JOKER)
    return chosen


def candidates(r: Round, rng: random.Random, count: int) -> list[Action]:
    """Random actions for the player to move: of the wrong phase, with cards not in hand,
    with bad meld numbers and bad jolly declarations, and some that may well be legal."""
    seat = r.to_play
    hand = [r.deck[i] for i in r.hands[seat]]
    melds = len(r.table)
    found: list[Action] = [Draw(), TakeDiscard(), Call(), Fold(), Raise()]
    if r.taken_card is not None:
        found.append(Discard(r.deck[r.taken_card]))
    makers: list[Callable[[], Action]] = [
        lambda: Discard(rng.choice(hand)),
        lambda: Discard(rng.choice(ALL_CARDS)),
        lambda: _lay(rng, _meld_shaped(rng, hand)),
        lambda: _lay(rng, _meld_shaped(rng, hand)),
        lambda: _lay(rng, _subset(rng, hand, 1, 5)),
        lambda: _lay(rng, _subset(rng, ALL_CARDS, 1, 5)),
        lambda: _attach(rng, rng.randint(-1, melds), [rng.choice(hand)]),
        lambda: _attach(rng, rng.randint(0, max(0, melds - 1)), [rng.choice(hand)]),
        lambda: _attach(rng, rng.randint(0, max(0, melds - 1)), _subset(rng, hand, 0, 3)),
        lambda: _attach(rng, rng.randint(0, max(0, melds - 1)), [rng.choice(ALL_CARDS)]),
        lambda: _swap(rng, r, hand),
        lambda: _swap(rng, r, hand),
        lambda: Swap(rng.randint(-1, melds), tuple(_subset(rng, ALL_CARDS, 0, 3))),
        lambda: _show(rng, hand),
        lambda: _show(rng, hand),
        lambda: Show(tuple(tuple(_subset(rng, ALL_CARDS, 1, 4)) for _ in range(2))),
    ]
    while len(found) < count:
        found.append(rng.choice(makers)())
    return found


def _lay(rng: random.Random, cards: Sequence[Card]) -> Lay:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return Lay(tuple(shuffled), _declarations(rng, shuffled))


def _attach(rng: random.Random, meld: int, cards: Sequence[Card]) -> Attach:
    return Attach(meld, tuple(cards), _declarations(rng, cards))


def _swap(rng: random.Random, r: Round, hand: Sequence[Card]) -> Swap:
    """Mostly the card a laid jolly stands for, or a set's missing suits."""
    with_joker = [n for n, m in enumerate(r.table) if m.meld.joker_count]
    if not with_joker:
        return Swap(rng.randint(0, len(r.table)), (rng.choice(hand),))
    number = rng.choice(with_joker)
    meld = r.table[number].meld
    wanted = [rep for _, rep in meld.joker_assignments]
    if meld.rank is not None:
        present = {c.suit for c in meld.naturals}
        wanted += [Card(meld.rank, s) for s in Suit if s not in present]
    return Swap(number, tuple(_subset(rng, wanted, 1, 3)))


def _show(rng: random.Random, hand: Sequence[Card]) -> Show:
    """The hand cut in random groups, with a random final discard (or none)."""
    cards = list(hand)
    rng.shuffle(cards)
    discard = cards.pop() if cards and rng.random() < 0.8 else None
    groups: list[tuple[Card, ...]] = []
    while cards:
        size = rng.randint(3, 7)
        groups.append(tuple(sorted(cards[:size])))
        cards = cards[size:]
    return Show(tuple(groups) or ((JOKER,),), discard)


def _as_text_and_back(rng: random.Random, action: Action) -> Action | None:
    """Through the text grammar, sometimes garbled; ``None`` when the text is no action."""
    if (
        isinstance(action, Lay | Attach)
        and action.jokers is not None
        and len(action.jokers) != action.cards.count(JOKER)
    ):
        return action  # the grammar cannot write a wrong number of declarations
    text = str(action)
    if rng.random() < 0.2:
        words = text.split()
        words.insert(rng.randrange(len(words) + 1), rng.choice(["7H", "0", "JK=", "x", "|"]))
        text = " ".join(words)
    try:
        return parse_action(text)
    except RaminoError:
        return None


# --- the properties ---


@settings(PROPERTY, max_examples=40)
@given(table=tables, seed=seeds, cap=st.integers(min_value=1, max_value=120))
def test_random_play_ends_within_max_turns(table: tuple[str, int], seed: int, cap: int) -> None:
    r = new_round(table, seed, max_turns=cap)
    rng = random.Random(seed)
    check_every_card_once(r)
    hand_size = r.rules.hand_size_for(r.players)
    # A turn is a draw, a discard, and fewer melding steps than cards held.
    bound = cap * (2 * hand_size + 8)
    for _ in walk(r, rng, bound):
        pass
    assert r.is_over, f"not over after {bound} decisions"
    end = r.end
    assert end is not None and r.phase is Phase.OVER
    assert r.turn <= cap + 1
    assert r.legal_actions == ()
    if end.reason is EndReason.WENT_OUT:
        assert end.out is not None
        # Only Casertano's seven of a kind wins with cards still in hand.
        assert not r.hands[end.out] or end.closing is Closing.SEVEN_OF_A_KIND
    elif end.reason is EndReason.ALL_FOLDED:
        # Everyone else folded in the betting round: no card was played.
        assert r.betting is not None and r.betting.still_in == (end.out,)
        assert r.turn == 1 and not r.table
    else:
        assert end.out is None
        if end.reason is EndReason.MAX_TURNS:
            assert r.turn == cap + 1
        else:
            assert end.reason is EndReason.MAX_RESTOCKS
    assert end.hands == tuple(r.hand(s) for s in range(r.players))
    check_every_card_once(r)
    before = snapshot(r)
    for action in (Draw(), TakeDiscard(), Discard(ALL_CARDS[0])):
        with pytest.raises(RaminoError):
            r.apply(action)
    assert snapshot(r) == before


@settings(PROPERTY, max_examples=20)
@given(table=tables, seed=seeds)
def test_every_card_is_in_one_place_after_every_action(table: tuple[str, int], seed: int) -> None:
    r = new_round(table, seed, max_turns=60)
    for _ in walk(r, random.Random(seed), 600):
        check_every_card_once(r)
    check_every_card_once(r)


def opening_gain(before: Round, action: Action, after: Round) -> int:
    """The opening points a move adds, by RULES.md §3: a meld its points, an attachment
    what it adds to the meld where attachments count, a jolly swap nothing. Except that a
    jolly taken back from a meld of the opening (his own, or one he attached the jolly to
    this turn where attachments count) takes its value with it, and the cards given for
    it bring theirs: that meld counts as it ends up."""
    rules = before.rules
    if isinstance(action, Lay):
        return after.table[-1].meld.points(rules)
    if isinstance(action, Swap):
        if action.meld in before.attached_jokers:
            counted = rules.opening_counts_attachments
        else:
            counted = before.table[action.meld].owner == before.to_play
        if counted:
            old, new = before.table[action.meld].meld, after.table[action.meld].meld
            return new.points(rules) - old.points(rules)
    counts = (
        rules.opening_counts_attachments
        if isinstance(action, Attach)
        else isinstance(action, Swap) and rules.swap_counts_for_opening
    )
    if counts and isinstance(action, Attach | Swap):
        old, new = before.table[action.meld].meld, after.table[action.meld].meld
        return sum(new.card_points(rules)) - sum(old.card_points(rules))
    return 0


@example(table=("scala-40", 2), seed=7)
@example(table=("enciclopedia", 5), seed=7)  # a jolly taken back from his own meld
@settings(PROPERTY, max_examples=10)
@given(table=tables, seed=seeds)
def test_a_player_opens_only_with_melds_worth_the_threshold(
    table: tuple[str, int], seed: int
) -> None:
    r = new_round(table, seed, max_turns=40)
    rng = random.Random(seed)
    threshold = r.rules.opening_threshold
    laid = 0
    for _ in range(600):
        if r.is_over:
            break
        seat, turn, was_open = r.to_play, r.turn, r.opened[r.to_play]
        action = choose(r, rng)
        before = r.copy()
        r.apply(action)
        if was_open or (r.turn != turn and not r.is_over):
            laid = 0
            continue
        laid += opening_gain(before, action, r)
        if r.opened[seat]:
            assert laid >= threshold, f"opened with {laid} of {threshold} points"
        else:
            assert r.opening_points == laid


@settings(PROPERTY, max_examples=20)
@given(table=tables, seed=seeds)
def test_every_legal_action_is_accepted(table: tuple[str, int], seed: int) -> None:
    r = new_round(table, seed, max_turns=30)
    rng = random.Random(seed)
    for state in walk(r, rng, 250):
        actions = state.legal_actions
        assert len({key(a) for a in actions}) == len(actions), "an action is listed twice"
        for action in rng.sample(actions, min(4, len(actions))):
            assert state.can(action), action
            state.check(action)
            trial = state.copy()
            event = trial.apply(action)
            assert event.action == action and trial.history[-1] is event
            check_every_card_once(trial)


@pytest.mark.slow
@settings(PROPERTY, max_examples=20)
@given(table=tables, seed=seeds)
def test_illegal_actions_are_refused_and_legal_ones_are_listed(
    table: tuple[str, int], seed: int
) -> None:
    r = new_round(table, seed, max_turns=30)
    rng = random.Random(seed)
    for state in walk(r, rng, 250):
        legal = state.legal_actions
        legal_keys = {key(a) for a in legal}
        outcomes: dict[type, set[bytes]] = {}
        for candidate in candidates(state, rng, CANDIDATES):
            action = _as_text_and_back(rng, candidate) if rng.random() < 0.3 else candidate
            if action is None:
                continue
            before = snapshot(state)
            if state.can(action):
                state.check(action)
                if key(action) in legal_keys:
                    continue
                # Another text for a listed move (a jolly left to the rules, say)?
                if type(action) not in outcomes:
                    outcomes[type(action)] = {
                        outcome(state, a) for a in legal if type(a) is type(action)
                    }
                assert outcome(state, action) in outcomes[type(action)], (
                    f"accepted but not in legal_actions: {action}"
                )
                continue
            with pytest.raises(RaminoError) as refused:
                state.apply(action)
            with pytest.raises(RaminoError) as checked:
                state.check(action)
            assert refused.value.reason is checked.value.reason
            assert refused.value.message("en") and refused.value.message("it")
            assert snapshot(state) == before, f"refused {action} changed the round"


@settings(PROPERTY, max_examples=20)
@given(table=tables, seed=seeds, steps=st.integers(min_value=0, max_value=150))
def test_copy_is_independent(table: tuple[str, int], seed: int, steps: int) -> None:
    r = new_round(table, seed, max_turns=60)
    rng = random.Random(seed)
    for _ in walk(r, rng, steps):
        pass
    twin = r.copy()
    original = snapshot(r)
    assert snapshot(twin) == original
    assert [str(a) for a in twin.legal_actions] == [str(a) for a in r.legal_actions]
    # Playing on the copy, past turns and restocks, leaves the original as it was ...
    for _ in walk(twin, random.Random(seed + 1), 60):
        pass
    assert snapshot(r) == original
    # ... and the other way round.
    other = r.copy()
    copied = snapshot(other)
    for _ in walk(r, random.Random(seed + 2), 60):
        pass
    assert snapshot(other) == copied


# --- observations ---


def _public_ids(r: Round) -> set[int]:
    """Ids every player has seen: the cards dealt up to the upcard, every card that went
    through the discard pile, on the table, or taken from the pile."""
    seen = set(r.discard_pile)
    seen.update(i for meld in r.table for i in meld.ids)
    for event in r.history:
        if not isinstance(event.action, Draw):
            seen.update(event.ids)
    dealt = r.players * r.rules.hand_size_for(r.players)
    # The upcard, any jolly turned up and put back, or a jolly given to the first player.
    turned = 1
    while turned < len(r.deck) - dealt and r.deck[r.deck_order[dealt + turned - 1]].is_joker:
        turned += 1
    seen.update(r.deck_order[dealt : dealt + turned])
    return seen


def _replay(r: Round, order: Sequence[int]) -> Round | None:
    """The same public actions on another deck order; ``None`` if they are not all legal
    there (another player's hidden cards can change what he may do)."""
    other = Round(r.rules, r.players, seed=r.seed, dealer=r.dealer, deck_order=order)
    for event in r.history:
        try:
            other.apply(event.action)
        except RaminoError:
            return None
    return other


def _comparable(obs: Observation) -> tuple[Any, ...]:
    """An observation with each table meld's ids replaced by its cards: another player may
    lay the other twin of a card, which changes no information."""
    table = tuple((m.owner, m.meld) for m in obs.table)
    values = tuple(getattr(obs, f.name) for f in fields(obs) if f.name != "table")
    return (table, values)


def _cards_in(value: object) -> Iterator[Card]:
    """Every card held anywhere inside a value (dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)
    elif is_dataclass(value) and not isinstance(value, type | Rules):
        for f in fields(value):
            # What a jolly stands for is a declaration, not a card anybody holds.
            if f.name not in ("represents", "jokers"):
                yield from _cards_in(getattr(value, f.name))


@settings(PROPERTY, max_examples=25)
@given(table=tables, seed=seeds, steps=st.integers(min_value=0, max_value=150), data=st.data())
def test_an_observation_holds_no_other_players_cards(
    table: tuple[str, int], seed: int, steps: int, data: st.DataObject
) -> None:
    rules = replace(get_preset(table[0]), max_restocks=0)  # a restock reshuffles seen cards
    r = Round(rules, table[1], seed=seed, dealer=seed % table[1])
    for _ in walk(r, random.Random(seed), steps):
        pass
    seat = data.draw(st.integers(min_value=0, max_value=r.players - 1), label="seat")
    obs = r.observation(seat)
    assert obs.hand == r.hand(seat)
    assert obs.hand_sizes == tuple(len(h) for h in r.hands)
    assert obs.stock_count == len(r.stock)
    assert [e.action for e in obs.history] == [
        Draw() if isinstance(e.action, Draw) else e.action for e in r.history
    ]
    # No card in it but his own, the table's, the pile's and those seen in the history.
    public = {r.deck[i] for i in _public_ids(r)} | set(obs.hand)
    if r.rules.imaginary_joker:
        public.add(JOKER)  # the jolly imagined at a close, shown to all
    for name in ("table", "discard_pile", "history", "taken_card"):
        assert set(_cards_in(getattr(obs, name))) <= public, name
    table_ids = {i for m in r.table for i in m.ids}
    assert {i for m in obs.table for i in m.ids} == table_ids
    if not obs.my_turn:
        assert obs.legal_actions == () and obs.taken_card is None and obs.opening_points == 0

    # The same public story with the unseen cards (others' hands, the stock) rearranged.
    hidden = (
        {i for s, hand in enumerate(r.hands) if s != seat for i in hand} | set(r.stock)
    ) - _public_ids(r)
    positions = [p for p, i in enumerate(r.deck_order) if i in hidden]
    stock_positions = [p for p, i in enumerate(r.deck_order) if i in set(r.stock) & hidden]
    rng = random.Random(data.draw(seeds, label="shuffle"))
    for where in (positions, positions, stock_positions):
        moved = [r.deck_order[p] for p in where]
        rng.shuffle(moved)
        order = list(r.deck_order)
        for p, i in zip(where, moved, strict=True):
            order[p] = i
        other = _replay(r, order)
        if other is not None:
            break
    assert other is not None, "the stock alone was rearranged, yet the replay failed"
    assert _comparable(other.observation(seat)) == _comparable(obs)


@settings(PROPERTY, max_examples=30)
@given(table=tables, seed=seeds, steps=st.integers(min_value=0, max_value=150))
def test_a_round_rebuilt_from_a_view_shows_the_same_view_and_plays_on(
    table: tuple[str, int], seed: int, steps: int
) -> None:
    r = Round(get_preset(table[0]), table[1], seed=seed, dealer=seed % table[1])
    for _ in walk(r, random.Random(seed), steps):
        pass
    if r.is_over:
        return
    seat = r.to_play
    view = r.observation(seat)
    hands = [r.hand(s) for s in range(r.players)]
    stock = [r.deck[i] for i in r.stock]
    rebuilt = round_from_view(view, hands, stock, seed=seed)
    # The same view (the table's physical twins aside), the same legal moves.
    assert _comparable(rebuilt.observation(seat)) == _comparable(view)
    for other in range(r.players):
        assert _comparable(rebuilt.observation(other)) == _comparable(r.observation(other))
    for _ in walk(rebuilt, random.Random(seed + 1), 40):
        check_every_card_once(rebuilt)


@settings(PROPERTY, max_examples=60)
@given(table=tables, seed=seeds, steps=st.integers(0, 200))
def test_whether_a_jolly_can_go_down_again_agrees_with_trying_every_way(
    table: tuple[str, int], seed: int, steps: int
) -> None:
    # Whether a jolly waiting in hand can still go down this turn is answered by shortcuts
    # (one opening search before opening where attaching is closed; a meld that takes it,
    # once opened); each must give the answer of trying every lay and attachment.
    from ramino.engine._moves import joker_actions
    from ramino.engine._turn_end import can_lay_all_pending

    r = Round(get_preset(table[0]), table[1], seed=seed, dealer=seed % table[1])
    for state in walk(r, random.Random(seed), steps):
        seat = state.to_play
        if state.phase is not Phase.PLAY or state.pending_jokers:
            continue
        hand = state.hands[seat]
        if state.taken_card in hand:
            continue  # a jolly is taken back only once the taken card is down
        for joker in [i for i in hand if state.deck[i].is_joker][:1]:
            for came_from in (None, *range(len(state.table))):
                trial = state.decision().trial(
                    seat, hand, state.table, [joker], pending_from=came_from
                )
                every_way = any(trial.can(a) for a in joker_actions(trial, seat))
                assert can_lay_all_pending(trial, seat) == every_way


# --- the same properties under house rules: knobs changed at random ---

#: Values of the knobs of play, changed a few at a time from a preset.
KNOBS: dict[str, st.SearchStrategy[Any]] = {
    "max_jokers_per_meld": st.sampled_from([None, 1, 2]),
    "min_natural_cards": st.sampled_from([1, 2]),
    "set_suits": st.sampled_from(list(rules_module.SetSuits)),
    "set_max": st.sampled_from([None, 4, 8]),
    "run_wrap": st.booleans(),
    "ace_in_runs": st.sampled_from(list(rules_module.AceInRuns)),
    "ambiguous_joker": st.sampled_from(list(rules_module.JokerPosition)),
    "joker_swap": st.booleans(),
    "joker_swap_needs_opened": st.booleans(),
    "joker_swap_waits_a_turn": st.booleans(),
    "retrieved_joker": st.sampled_from(list(rules_module.RetrievedJoker)),
    "set_joker_swap": st.sampled_from(list(rules_module.SetJokerSwap)),
    "swap_counts_for_opening": st.booleans(),
    "opening_threshold": st.sampled_from([0, 40, 50, 51]),
    "opening_joker_value": st.sampled_from([None, 20, 25, 30]),
    "opening_counts_attachments": st.booleans(),
    "opening_jokers": st.booleans(),
    "attach_before_opening": st.booleans(),
    "rummy_on_first_turn": st.booleans(),
    "discard_pickup": st.sampled_from(list(rules_module.DiscardPickup)),
    "attachable_discard": st.sampled_from(list(rules_module.AttachableDiscard)),
    "final_discard": st.sampled_from(list(rules_module.FinalDiscard)),
    "flush_close": st.booleans(),
    "max_restocks": st.sampled_from([None, 0, 1, 2]),
    "joker_upcard": st.sampled_from(list(rules_module.JokerUpcard)),
    "direction": st.sampled_from(list(rules_module.Direction)),
    "hand_size": st.sampled_from([7, 9, 10, 13]),
    "decks": st.sampled_from([1, 2, 3]),
    "jokers": st.sampled_from([0, 2, 4]),
    "restock": st.sampled_from(list(rules_module.Restock)),
    "imaginary_joker": st.booleans(),
    "rediscard_taken_card": st.booleans(),
    "attachable_discard_min_players": st.sampled_from([2, 3, 4]),
}


def house_rules(base: str, changes: dict[str, Any]) -> Rules:
    """The preset ``base`` with ``changes`` applied one by one, those the rules refuse in
    that company left out."""
    rules = get_preset(base)
    for name, value in changes.items():
        with contextlib.suppress(RaminoError):
            rules = replace(rules, **{name: value})
    return rules


@settings(PROPERTY, max_examples=30)
@given(
    base=st.sampled_from(PLAYABLE),
    changes=st.fixed_dictionaries({}, optional=KNOBS),
    seed=seeds,
)
def test_under_house_rules_every_state_has_a_move(
    base: str, changes: dict[str, Any], seed: int
) -> None:
    # Whatever the knobs, a player always has a legal move (a listed move never leads to a
    # state without one: walk asserts it at every step).
    play_to_the_end(replace(house_rules(base, changes), max_turns=40), seed)


def play_to_the_end(rules: Rules, seed: int) -> None:
    """Random play under ``rules`` to the round's end, a legal move in every state; a round
    the rules cannot deal is rejected."""
    players = 2 + seed % (min(rules.max_players, 6) - 1)
    try:
        r = Round(rules, players, seed=seed, dealer=seed % players)
    except RaminoError:
        reject()  # a variant that comes later, or a deck too small for the hands
    for _ in walk(r, random.Random(seed), rules.max_turns * (2 * rules.hand_size_for(players) + 8)):
        pass
    assert r.is_over


def _any_value(name: str) -> st.SearchStrategy[Any]:
    """Any value the rules accept for knob ``name``, its range's ends drawn often."""
    field = next(f for f in fields(Rules) if f.name == name)
    default = getattr(Rules(), name)
    limits = rules_module.KNOB_RANGES.get(name)
    if limits is not None:
        low, high = limits[0], limits[1]
        values = st.one_of(st.sampled_from([low, high]), st.integers(low, high))
        return st.one_of(st.none(), values) if "None" in str(field.type) else values
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, enum.Enum):
        return st.sampled_from(list(type(default)))
    return st.just(default)


#: Every knob of play and of the deal, any value in its range: the ends too.
EVERY_KNOB: dict[str, st.SearchStrategy[Any]] = {
    name: _any_value(name)
    for name in rules_module.knob_names()
    if name not in {"betting", "contracts", "imaginary_joker", "name"}
}


# Carioca's pile card under must-use, with a hand of one: the only opening would leave no
# card to discard, so the card cannot be taken.
@example(
    base="carioca",
    changes={"jokers": 0, "discard_pickup": rules_module.DiscardPickup.MUST_USE, "hand_size": 1},
    seed=2,
)
@settings(PROPERTY, max_examples=60)
@given(
    base=st.sampled_from(PLAYABLE),
    changes=st.fixed_dictionaries({}, optional=EVERY_KNOB),
    seed=seeds,
)
def test_under_any_knobs_at_any_value_every_state_has_a_move(
    base: str, changes: dict[str, Any], seed: int
) -> None:
    # Every knob the rules accept, at the ends of its range as well: a round deals, and each
    # state it reaches has a legal action until it ends (walk asserts it at every step).
    try:
        rules = replace(house_rules(base, changes), max_turns=24, min_players=2)
    except RaminoError:
        reject()  # two players where the knobs make a deck too small for more
    play_to_the_end(rules, seed)
