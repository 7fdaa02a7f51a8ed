"""Knocking (*bussare*, gin rummy): the first upcard offered, the wall, the knock, the
knocker's spread of his melds, and the defender's lay-offs and melds, each with its check.

The knocker knocks after his draw (at the wall: with the top of the pile), discards a card
that leaves his deadwood within the limit (or, where the rules have big gin, lays every
card without a discard), lays his melds one by one and passes; the
defender lays off single cards onto the knocker's melds (not against gin), passes, lays his
own melds and passes: the hand is counted (:func:`ramino.engine.scoring.knock_points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ._candidates import meld_candidates
from .actions import Action, Attach, Discard, Draw, Knock, Lay, Pass, TakeDiscard
from .cards import Card
from .errors import Detail, IllegalAction, Phrase, Reason
from .going_out import min_deadwood
from .judging import Decided, Decision, Outcome, Then
from .melds import MeldKind, attach, validate_meld
from .position import Position
from .rules import Rules
from .scoring import Closing, card_penalty, hand_penalty
from .state import Phase, TableMeld, Terms, ids_in_meld_order

#: The phases of a knocked hand.
AFTER_KNOCK = (Phase.KNOCK, Phase.LAY_OFF, Phase.SPREAD)


# --- the draw: the first upcard offered, the wall ---


def upcard_offered(decision: Decision) -> bool:
    """Whether the first upcard is still offered: nobody has thrown a card yet and not every
    player has passed it (the first player, then the dealer)."""
    pos = decision.pos
    return (
        decision.rules.first_upcard_offer
        and pos.turn <= decision.judge.players
        and all(t is None for t in pos.thrown)
    )


def upcard_passed(decision: Decision) -> bool:
    """Whether every player passed the first upcard: the first player now draws from the
    stock."""
    pos = decision.pos
    return (
        decision.rules.first_upcard_offer
        and pos.turn > decision.judge.players
        and all(t is None for t in pos.thrown)
    )


def at_the_wall(decision: Decision) -> bool:
    """Whether the stock is down to the wall: the player to draw may only knock with the top
    of the pile, or pass."""
    wall = decision.rules.wall_stock
    return wall is not None and len(decision.pos.stock) <= wall


def check_draw(decision: Decision, action: Action) -> None:
    """Refuse a draw or a take that the first upcard's offer or the wall forbids."""
    if at_the_wall(decision):
        raise IllegalAction(Reason.AT_THE_WALL)
    if isinstance(action, Draw) and upcard_offered(decision):
        raise IllegalAction(Reason.UPCARD_OFFERED)
    if isinstance(action, TakeDiscard) and upcard_passed(decision):
        raise IllegalAction(Reason.UPCARD_PASSED)


def counted_take(decision: Decision, after: Position, top: int) -> Decided:
    """A take of the pile's card where the rules cap them (``max_pile_takes``): the take
    that reaches the cap makes the hand void; the first upcard's offer is not counted."""
    pos = decision.pos
    limit = decision.rules.max_pile_takes
    assert limit is not None
    if upcard_offered(decision):
        return lambda: Outcome(after, (top,), Then.PLAY_ON)
    terms = replace(pos.terms, takes=pos.terms.takes + 1)
    if terms.takes >= limit:
        return lambda: Outcome(pos.but(terms=terms), (top,), Then.VOID)
    return lambda: Outcome(after.but(terms=terms), (top,), Then.PLAY_ON)


def counted_rethrows(decision: Decision, card_id: int) -> tuple[Terms, bool]:
    """The hand's terms after the discard of ``card_id`` where the rules cap the discards
    that throw back the card just taken (``void_rethrows``), and whether it makes the hand
    void."""
    terms = decision.pos.terms
    limit = decision.rules.void_rethrows
    assert limit is not None
    rethrows = terms.rethrows + 1 if card_id == decision.pos.turn_state.taken else 0
    return replace(terms, rethrows=rethrows), rethrows >= limit


# --- the knock ---


def knockable(cards: Sequence[Card], limit: int, rules: Rules, kept: Card | None = None) -> bool:
    """Whether a hand that must still discard one card can knock: some discard leaves
    deadwood within ``limit``. ``kept`` is a card that may not be the discard (the one taken
    from the pile, where it may not be thrown back)."""
    if not cards:
        return False
    # Discarding one card takes at most its penalty off the least deadwood of the whole.
    if min_deadwood(cards, rules) - max(card_penalty(c, rules) for c in cards) > limit:
        return False
    return any(
        min_deadwood([*cards[:k], *cards[k + 1 :]], rules) <= limit
        for k in range(len(cards))
        if cards[k] != kept
    )


def _kept(decision: Decision, taken: int | None) -> Card | None:
    """The card taken from the pile this turn, where the rules forbid throwing it back: the
    knock's throw is a discard like any other, so it may not be that card."""
    if taken is None or decision.memo.rediscard_taken_card:
        return None
    return decision.cards[taken]


def _limit(decision: Decision) -> int:
    limit = decision.pos.terms.knock_limit
    if limit is None:
        raise IllegalAction(Reason.NO_KNOCKING)
    return limit


def plan_knock(decision: Decision, action: Action) -> Decided:
    """A knock: after the draw, or at the wall with the top of the pile."""
    assert isinstance(action, Knock)
    limit = _limit(decision)
    pos = decision.pos
    seat = decision.seat
    rules = decision.rules
    hand = pos.hands[seat]
    cards = decision.cards
    if pos.phase is Phase.DRAW:
        if not at_the_wall(decision):
            raise IllegalAction(Reason.MUST_DRAW_FIRST)
        top = pos.discard_pile[-1]
        if not knockable([cards[i] for i in (*hand, top)], limit, rules, _kept(decision, top)):
            raise IllegalAction(Reason.KNOCK_OVER_LIMIT, limit=limit)

        def knock_at_wall() -> Outcome:
            after = pos.but(
                hands=pos.with_hand(seat, (*hand, top)),
                discard_pile=pos.discard_pile[:-1],
                turn_state=pos.turn_state.taking(top),
                phase=Phase.KNOCK,
            )
            return Outcome(after, (top,), Then.PLAY_ON)

        return knock_at_wall
    if pos.phase is Phase.OVER:
        raise IllegalAction(Reason.ROUND_OVER)
    if pos.phase is not Phase.PLAY:
        raise IllegalAction(Reason.MUST_BET_FIRST)
    kept = _kept(decision, pos.turn_state.taken)
    if not knockable([cards[i] for i in hand], limit, rules, kept):
        raise IllegalAction(Reason.KNOCK_OVER_LIMIT, limit=limit)

    def knock() -> Outcome:
        return Outcome(pos.but(phase=Phase.KNOCK), (), Then.PLAY_ON)

    return knock


# --- pass ---


def plan_pass(decision: Decision, action: Action) -> Decided:
    """A pass: the first upcard refused, the hand left to die at the wall, or the end of a
    spread or of the lay-offs."""
    assert isinstance(action, Pass)
    pos = decision.pos
    phase = pos.phase
    seat = decision.seat
    if phase is Phase.DRAW:
        if upcard_offered(decision):
            return lambda: Outcome(pos, (), Then.END_TURN)
        if at_the_wall(decision):
            return lambda: Outcome(pos, (), Then.VOID)
        raise IllegalAction(Reason.NOTHING_TO_PASS)
    defender = decision.judge.next_seat(seat)
    if phase is Phase.KNOCK:
        if not has_thrown(decision):
            # Big gin: every card laid, none thrown; nobody lays off against it.
            if decision.rules.big_gin_bonus is None:
                raise IllegalAction(Reason.SPREAD_FIRST)
            if pos.hands[seat]:
                raise IllegalAction(Reason.BIG_GIN_LAYS_ALL)
            terms = replace(pos.terms, big_gin=True)
            big = pos.but(to_play=defender, phase=Phase.SPREAD, terms=terms)
            return lambda: Outcome(big, (), Then.PLAY_ON)
        limit = _limit(decision)
        left = hand_penalty(decision.hand_cards(seat), decision.rules)
        if left > limit:
            raise IllegalAction(Reason.KNOCK_OVER_LIMIT, limit=limit)
        # Against gin (nothing left) nobody lays off.
        lay_off = decision.rules.layoffs and left > 0
        after = pos.but(to_play=defender, phase=Phase.LAY_OFF if lay_off else Phase.SPREAD)
        return lambda: Outcome(after, (), Then.PLAY_ON)
    if phase is Phase.LAY_OFF:
        return lambda: Outcome(pos.but(phase=Phase.SPREAD), (), Then.PLAY_ON)
    if phase is Phase.SPREAD:
        knocker = decision.judge.next_seat(seat)
        return lambda: Outcome(pos, (), Then.GO_OUT, Closing.SIMPLE, False, out=knocker)
    raise IllegalAction(Reason.NOTHING_TO_PASS)


# --- after the knock: discard, melds, lay-offs ---


def has_thrown(decision: Decision) -> bool:
    """Whether the knocker has thrown his card since the knock: nobody melds during play
    under knocking, so all his melds were laid since, and his cards number one more than a
    hand until he throws."""
    pos = decision.pos
    seat = decision.seat
    laid = sum(len(meld.ids) for meld in pos.table if meld.owner == seat)
    return len(pos.hands[seat]) + laid <= decision.rules.hand_size_for(decision.judge.players)


def plan_after_knock(decision: Decision, action: Action) -> Decided:
    """A move of a knocked hand: the knocker's discard and melds, the defender's lay-offs
    and melds."""
    pos = decision.pos
    phase = pos.phase
    seat = decision.seat
    rules = decision.rules
    if isinstance(action, Pass):
        return plan_pass(decision, action)
    hand = pos.hands[seat]
    if phase is Phase.KNOCK and isinstance(action, Discard):
        limit = _limit(decision)
        if has_thrown(decision):
            raise _not_now(decision)
        card_id = decision.ids_for(seat, [action.card])[0]
        if not decision.may_discard_id(card_id):
            raise IllegalAction(Reason.REDISCARD_TAKEN, cards=[action.card])
        rest = [decision.cards[i] for i in hand if i != card_id]
        if min_deadwood(rest, rules) > limit:
            raise IllegalAction(Reason.KNOCK_OVER_LIMIT, limit=limit)

        def discard() -> Outcome:
            thrown = list(pos.thrown)
            thrown[seat] = card_id
            after = pos.but(
                hands=pos.with_hand(seat, [i for i in hand if i != card_id]),
                discard_pile=(*pos.discard_pile, card_id),
                thrown=tuple(thrown),
            )
            return Outcome(after, (card_id,), Then.PLAY_ON)

        return discard
    if phase in (Phase.KNOCK, Phase.SPREAD) and isinstance(action, Lay):
        thrown = phase is Phase.SPREAD or has_thrown(decision)
        if not thrown and rules.big_gin_bonus is None:
            raise IllegalAction(Reason.SPREAD_FIRST)
        meld = validate_meld(action.cards, rules, jokers=action.jokers)
        longest = rules.run_max
        if longest is not None and meld.kind is MeldKind.RUN and len(meld) > longest:
            raise IllegalAction(
                Reason.RUN_OVER_MAX, cards=list(action.cards), count=len(meld), limit=longest
            )
        ids = decision.ids_for(seat, list(action.cards), lay=True)
        kept = [i for i in hand if i not in ids]
        if phase is Phase.KNOCK:
            # Each meld must leave a hand that can still come within the limit: once the
            # card is thrown, or by a throw still to come, or by laying every card (big gin).
            limit = _limit(decision)
            left = [decision.cards[i] for i in kept]
            if (
                min_deadwood(left, rules) > limit
                if thrown
                else min_deadwood(left, rules) > 0
                and not knockable(left, limit, rules, _kept(decision, pos.turn_state.taken))
            ):
                raise IllegalAction(Reason.KNOCK_OVER_LIMIT, limit=limit)
        placed = TableMeld(seat, meld, ids_in_meld_order(ids, meld, decision.cards))

        def lay() -> Outcome:
            after = pos.but(hands=pos.with_hand(seat, kept), table=(*pos.table, placed))
            return Outcome(after, tuple(ids), Then.PLAY_ON)

        return lay
    if phase is Phase.LAY_OFF and isinstance(action, Attach):
        target = decision.table_meld(action.meld)
        if target.owner == seat or len(action.cards) != 1:
            raise IllegalAction(Reason.NOT_A_LAYOFF, cards=list(action.cards))
        grown = attach(target.meld, action.cards, rules, jokers=action.jokers)
        card_id = decision.ids_for(seat, list(action.cards))[0]
        table = list(pos.table)
        table[action.meld] = TableMeld(
            target.owner, grown, ids_in_meld_order([*target.ids, card_id], grown, decision.cards)
        )

        def lay_off() -> Outcome:
            after = pos.but(
                hands=pos.with_hand(seat, [i for i in hand if i != card_id]), table=tuple(table)
            )
            return Outcome(after, (card_id,), Then.PLAY_ON)

        return lay_off
    raise _not_now(decision)


def _not_now(decision: Decision) -> IllegalAction:
    """The refusal of a move a knocked hand does not take now, saying what it takes."""
    phase = decision.pos.phase
    if phase is Phase.KNOCK:
        step = Detail.KNOCKER_MELDS if has_thrown(decision) else Detail.KNOCKER_THROWS
    else:
        step = Detail.DEFENDER_LAYS_OFF if phase is Phase.LAY_OFF else Detail.DEFENDER_SPREADS
    return IllegalAction(Reason.NOT_AFTER_KNOCK, detail=Phrase(step))


# --- the moves worth checking ---


def candidates(decision: Decision) -> list[Action]:
    """The moves of a knocked hand worth checking (the check decides), and the knock and
    the pass where the draw or the play phase may have them."""
    pos = decision.pos
    phase = pos.phase
    seat = decision.seat
    if pos.terms.knock_limit is None and not decision.rules.first_upcard_offer:
        return []
    if phase is Phase.DRAW:
        return [Pass(), Knock()]
    if phase is Phase.PLAY:
        return [Knock()]
    hand = decision.hand_cards(seat)
    found: list[Action] = [Pass()]
    if phase is Phase.KNOCK:
        found.extend(Discard(card) for card in sorted(set(hand), key=lambda c: c.code))
    if phase in (Phase.KNOCK, Phase.SPREAD):
        found.extend(
            Lay(cards, declared) for cards, declared in meld_candidates(hand, decision.rules)
        )
    if phase is Phase.LAY_OFF:
        for number, meld in enumerate(pos.table):
            if meld.owner != seat:
                found.extend(Attach(number, (card,)) for card in hand)
    return found
