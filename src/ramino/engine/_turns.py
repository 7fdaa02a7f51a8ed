"""The deal, the turns and the end of a round: who plays next, the stock made up again from the
pile (*rimescolare il pozzo*), the betting round's turns (pokerato), going out and the caps,
and the count of the hands left.

Functions of the judge (the round's rules, seats and deck) and a position; chance comes in
as values (the deck's order, each restock's new stock), so the round replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import Action, Call, Fold, Raise
from .betting import Bet, BettingRound
from .cards import Card, Rank, Suit, code_order
from .chips import settle
from .deal import check_contract
from .errors import Detail, IllegalAction, Phrase, Reason
from .going_out import min_deadwood
from .judging import Decided, Decision, Judge, Outcome, Then
from .position import Position, seat_flag
from .rules import Betting, Contract, JokerUpcard, Restock, Rules
from .scoring import Closing, card_penalty, hand_count, knock_points, stake_multiplier
from .shuffle import portable_shuffle
from .state import NEW_TURN, NEW_TURN_OPENED, NO_TERMS, EndReason, Phase, RoundEnd, Terms

# --- the deal ---


def dealt(
    judge: Judge,
    order: Sequence[int],
    *,
    chips: Sequence[int] | None = None,
    carried: int = 0,
    contract: Contract | None = None,
) -> Position:
    """The position once the deck, in ``order`` (ids from the top), is dealt: each hand in
    turn from the seat after the dealer, the upcard (*la prima carta del pozzo*), and under
    rules with betting, the blind posted. ``chips``: each seat's chips as the hand begins
    (the rules' starting chips if not given); ``carried``: the pots left on the table by
    the hands before; ``contract``: the opening this hand requires (carioca; the first of
    the rules' if not given)."""
    rules = judge.rules
    players = judge.players
    deck = judge.deck
    first = judge.next_seat(judge.dealer)
    size = rules.hand_size_for(players)
    hands: list[list[int]] = [[] for _ in range(players)]
    top = iter(order)
    seat = first
    for _ in range(size * players):
        hands[seat].append(next(top))
        seat = judge.next_seat(seat)
    rest = list(top)
    upcard = rest.pop(0)
    pile: list[int] = []
    phase = Phase.DRAW
    if deck[upcard].is_joker and rules.joker_upcard is JokerUpcard.TO_FIRST_PLAYER:
        # Casertano: the jolly goes to the first player, no upcard; his turn starts as if
        # he had drawn it.
        hands[first].append(upcard)
        phase = Phase.PLAY
    else:
        tries = 0
        while deck[upcard].is_joker and tries < len(rest):
            # A jolly turned up goes back under the stock and another is turned ([G]).
            rest.append(upcard)
            upcard = rest.pop(0)
            tries += 1
        pile.append(upcard)
    terms = NO_TERMS
    if rules.contracts or contract is not None:
        terms = Terms(contract=check_contract(rules, contract))
    if rules.knock_limit is not None:
        first_upcard = deck[pile[0]] if pile else None
        terms = Terms(
            knock_limit=knock_limit_for(rules, first_upcard),
            doubled=rules.spade_upcard_doubles
            and first_upcard is not None
            and first_upcard.suit is Suit.SPADES,
        )
    position = Position(
        hands=tuple(tuple(hand) for hand in hands),
        table=(),
        stock=tuple(rest[::-1]),  # the top of the stock is the end
        discard_pile=tuple(pile),
        to_play=first,
        phase=phase,
        turn=1,
        turn_state=NEW_TURN,
        opened=(False,) * players,
        melded_before=(False,) * players,
        restocks=0,
        terms=terms,
        thrown=(None,) * players,
    )
    if rules.betting is not Betting.NONE:
        return _blind_posted(judge, position, chips, carried)
    if chips is not None or carried:
        raise IllegalAction(
            Reason.BAD_DEAL,
            detail=Phrase(Detail.NOT_FOR_CHIPS),
        )
    return position


def knock_limit_for(rules: Rules, upcard: Card | None) -> int:
    """The hand's knock limit: the rules', or under Oklahoma the first upcard's value (an
    ace: gin only)."""
    limit = rules.knock_limit
    assert limit is not None
    if rules.oklahoma and upcard is not None and upcard.rank is not None:
        value = card_penalty(upcard, rules)
        return 0 if upcard.rank is Rank.ACE else value
    return limit


def _blind_posted(
    judge: Judge, position: Position, chips: Sequence[int] | None, carried: int
) -> Position:
    """Start the betting round (RULES.md §6.1): the seat after the dealer posts the blind
    before any card is seen; the seat after him bets first."""
    rules = judge.rules
    players = judge.players
    stacks = [rules.starting_chips] * players if chips is None else list(chips)
    if len(stacks) != players or any(
        isinstance(c, bool) or not isinstance(c, int) or c <= 0 for c in stacks
    ):
        raise IllegalAction(
            Reason.BAD_DEAL,
            detail=Phrase(Detail.CHIPS_OF_PLAYERS, players=players),
        )
    if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
        raise IllegalAction(
            Reason.BAD_DEAL,
            detail=Phrase(Detail.CARRIED_NEGATIVE),
        )
    betting = BettingRound.start(
        stacks,
        judge.seats_from(judge.next_seat(judge.dealer)),
        blind=rules.blind,
        raise_unit=rules.blind if rules.raise_unit is None else rules.raise_unit,
        max_raises=rules.max_raises,
        carried=carried,
    )
    return after_bet(judge, position.but(terms=Terms(betting), phase=Phase.BET))


# --- the betting round ---


def plan_bet(decision: Decision, action: Action) -> Decided:
    """A bet in the betting round (pokerato): call, fold or raise, as the betting round
    allows (see :mod:`ramino.engine.betting`)."""
    pos = decision.pos
    betting = pos.betting
    if not isinstance(action, Call | Fold | Raise):
        raise IllegalAction(Reason.MUST_BET_FIRST)
    assert betting is not None
    bet = Bet(str(action))
    refused = betting.refusal(bet)
    if refused is not None:
        raise refused

    def made() -> Outcome:
        return Outcome(pos.but(terms=replace(pos.terms, betting=betting.act(bet))), (), Then.BET)

    return made


def after_bet(judge: Judge, position: Position) -> Position:
    """Whose turn it is after a bet: the next to bet; or, once the betting is over, the first
    player still in after the dealer draws; or, all others folded, the hand ends."""
    betting = position.betting
    assert betting is not None
    if betting.to_act is not None:
        return position.but(to_play=betting.to_act)
    still_in = betting.still_in
    if len(still_in) == 1:
        return finish(judge, position, EndReason.ALL_FOLDED, still_in[0], False, Closing.SIMPLE)
    return position.but(to_play=still_in[0], phase=Phase.DRAW)


# --- the turns ---


def next_turn(judge: Judge, position: Position) -> Position:
    """The next player's turn after ``position``'s player ended his (the stock made up again
    by the caller where it is empty, see :func:`restock_needed`), or the end of the round at
    the cap of turns."""
    seat = position.to_play
    melded_before = position.melded_before
    if position.turn_state.melded:
        melded_before = seat_flag(melded_before, seat)
    following = judge.next_seat(seat)
    betting = position.betting
    if betting is not None:
        # Who folded in the betting round plays no more turns in this hand.
        while following in betting.folded:
            following = judge.next_seat(following)
    turn = position.turn + 1
    after = position.but(
        to_play=following,
        turn=turn,
        phase=Phase.DRAW,
        turn_state=NEW_TURN_OPENED if position.opened[following] else NEW_TURN,
        melded_before=melded_before,
    )
    if turn > judge.memo.max_turns:
        return finish(judge, after, EndReason.MAX_TURNS, None, False, Closing.SIMPLE)
    return after


def restock_needed(position: Position) -> bool:
    """Whether a turn that begins at ``position`` begins with an empty stock, to be made up
    from the pile."""
    return not position.is_over and not position.stock


def restock_order(
    judge: Judge,
    position: Position,
    seed: bytes,
    scripted: Sequence[tuple[int, ...]] = (),
) -> tuple[int, ...] | None:
    """The new stock (top last) made of the pile but its top card, for the restock that
    ``position`` needs: the one ``scripted`` gives for it if it holds that pile, else as the
    rules make it (shuffled from ``seed``, or turned over); ``None`` where the rules allow
    no more restocks, or the pile has no card to spare."""
    limit = judge.rules.max_restocks
    pile = position.discard_pile
    if (limit is not None and position.restocks >= limit) or len(pile) < 2:
        return None
    under = list(pile[:-1])
    number = position.restocks + 1
    if number <= len(scripted) and sorted(scripted[number - 1]) == sorted(under):
        return tuple(scripted[number - 1])
    if judge.rules.restock is Restock.SHUFFLE:
        return tuple(portable_shuffle(under, seed + b"/restock/" + str(number).encode()))
    # Turned over: the first discard, at the bottom of the pile, becomes the top.
    return tuple(under[::-1])


def restocked(judge: Judge, position: Position, stock: tuple[int, ...] | None) -> Position:
    """``position`` with the stock made up again as ``stock`` (see :func:`restock_order`);
    with ``None`` the round ends at the cap of restocks."""
    if stock is None:
        return finish(judge, position, EndReason.MAX_RESTOCKS, None, False, Closing.SIMPLE)
    return position.but(
        stock=stock, discard_pile=position.discard_pile[-1:], restocks=position.restocks + 1
    )


# --- the end ---


def go_out(
    judge: Judge,
    position: Position,
    seat: int,
    closing: Closing,
    in_one_turn: bool | None = None,
) -> Position:
    """``seat`` goes out (*chiude*) with ``closing``; in one turn (*in mano*) if he had laid
    nothing before this turn, unless the move says."""
    one_turn = (not position.melded_before[seat]) if in_one_turn is None else in_one_turn
    after = position.but(melded_before=seat_flag(position.melded_before, seat))
    return finish(judge, after, EndReason.WENT_OUT, seat, one_turn, closing)


def finish(
    judge: Judge,
    position: Position,
    reason: EndReason,
    out: int | None,
    in_one_turn: bool,
    closing: Closing,
) -> Position:
    """The round ends for ``reason``: each hand counted, and under betting, the chips
    settled."""
    rules = judge.rules
    cards = judge.cards
    hands = tuple(
        tuple(sorted((cards[i] for i in hand), key=code_order)) for hand in position.hands
    )
    terms = position.terms
    if rules.lay_after_close and out is not None:
        counts = tuple(0 if s == out else min_deadwood(h, rules) for s, h in enumerate(hands))
    elif terms.knock_limit is not None and out is None:
        # A void hand (gin rummy): nobody lays, each hand is told as its least deadwood.
        counts = tuple(min_deadwood(h, rules) for h in hands)
    else:
        counts = tuple(hand_count(h, rules) for h in hands)
    chips = None
    betting = position.betting
    if betting is not None:
        chips = settle(
            betting,
            out,
            judge.seats_from(judge.next_seat(judge.dealer)),
            stake_multiplier(closing, rules) if reason is EndReason.WENT_OUT else 1,
        )
    points = None
    if terms.knock_limit is not None:
        points = (
            (0,) * judge.players
            if out is None
            else knock_points(out, counts, rules, big_gin=terms.big_gin, doubled=terms.doubled)
        )
    return position.ended(RoundEnd(reason, out, in_one_turn, closing, hands, counts, chips, points))


def made(judge: Judge, outcome: Outcome, seat: int) -> Position:
    """The position once the move ``outcome`` of ``seat`` is made and what follows it done:
    the end of his turn (the stock not yet made up), his going out, or the next bet."""
    then = outcome.then
    position = outcome.position
    if then is Then.END_TURN:
        return next_turn(judge, position)
    if then is Then.GO_OUT:
        out = seat if outcome.out is None else outcome.out
        return go_out(judge, position, out, outcome.closing, outcome.in_one_turn)
    if then is Then.VOID:
        return finish(judge, position, EndReason.VOID, None, False, Closing.SIMPLE)
    if then is Then.BET:
        return after_bet(judge, position)
    return position
