"""The greedy computer opponent: one turn ahead and no further, from the observation only.

Each decision picks among ``observation.legal_actions`` by the least deadwood the hand would
be left with (the count of the cards no meld binds), plus a player's rules of thumb: keep the
cards that connect, throw the costliest one that does not, lay and attach when it costs
nothing, go out when possible, do not feed the next player, unload high cards when someone is
about to close. :func:`decide` also says *why*, which :mod:`ramino.ai.hint` puts into words.

With ``Style(outlook=True)`` (the expert's) each throw and each take is judged instead by the
count the hand may expect after the next draw, over the cards its player has not seen
(:func:`outlook`); played for chips, that count is the cards short of going out.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from ..engine.actions import (
    Action,
    Attach,
    Discard,
    Draw,
    Fold,
    Knock,
    Lay,
    Open,
    Pass,
    Raise,
    Show,
    Swap,
    TakeDiscard,
)
from ..engine.analysis import closing_kind, deck_cards, meld_candidates
from ..engine.cards import JOKER, Card, Rank
from ..engine.errors import RaminoError
from ..engine.melds import MeldKind, attach, validate_meld
from ..engine.observation import Observation
from ..engine.rules import (
    AceInRuns,
    Betting,
    Direction,
    FinalDiscard,
    Rounding,
    Rules,
    SetSuits,
)
from ..engine.scoring import Closing, card_penalty, hand_penalty
from ..engine.state import Phase
from .betting import SOUND, BetChoice, BettingStyle, choose_bet
from .solver import least_cards, least_deadwood, least_penalty

__all__ = [
    "Decision",
    "GreedyBot",
    "Style",
    "Why",
    "decide",
    "judged",
    "knocked_hand_move",
    "known_held",
    "outlook",
    "unseen_cards",
]

#: What a connection (a pair, two cards of a scala) is worth, in penalty points, when the
#: table is calm; a card with partners is kept unless it costs that much more than another.
CONNECT_WEIGHT = 5
#: The same when an opponent is about to go out: high cards go first.
CONNECT_WEIGHT_PRESSED = 1
#: An opponent holding this many cards or fewer may close at his next turn.
CLOSE_TO_OUT = 3
#: A jolly is worth more in hand than its penalty says, unless someone is about to close.
JOKER_KEEP = 20
#: Discarding what the next player collects or can attach costs this much.
FEED_PENALTY = 6
#: A stock card might help as much as a near meld from the pozzo: take only for a clear gain.
TAKE_MARGIN = 3
#: The same when the draw is judged by its outlook: taking also shows the card to the others.
TAKE_OUTLOOK_MARGIN = 1
#: Played for chips (pokerato), what a hand holds never scores: the close alone takes the
#: pot. The outlook then counts each card a hand is short of going out as this much, so the
#: rules of thumb above only break near ties. (Ten cards, 200 duplicate matches against
#: intermedio: 71.5% won against 64.0% by points, and 68.5% at 8 a card.)
CARD_SHORT = 100
#: Where each loser pays a messa besides his count (enciclopedia: 50), going out first is
#: what counts most: each card a hand is short of it weighs this share of the messa more.
#: (Enciclopedia, 600 duplicate matches against intermedio: 64.2% won with this and the
#: table's takes of :func:`outlook`, 58.2% with neither, 59.3% with this alone; a whole
#: messa a card, 56.5% on 200.)
MESSA_SHARE = 0.5


class Why(enum.StrEnum):
    """Why the greedy bot chose an action (the hint says it in words)."""

    DRAW = "draw"
    """The top discard does not help: draw from the tallone."""
    DRAW_ONLY = "draw_only"
    """The rules do not allow taking the top discard now."""
    TAKE_MELD = "take_meld"
    """The top discard completes a meld with cards in hand."""
    TAKE_NEAR = "take_near"
    """The top discard is cheap and connects with cards in hand (a near meld)."""
    GO_OUT = "go_out"
    """Show the whole hand and go out."""
    LAY = "lay"
    """Lay a meld (*calare*): the cards leave the hand for free."""
    ATTACH = "attach"
    """Attach a card (*attaccare*)."""
    SWAP = "swap"
    """Take a jolly back from the table."""
    FORCED = "forced"
    """A step the turn requires (an opening begun, a card to use, a jolly to lay again)."""
    DISCARD_LAST = "discard_last"
    """The last card: discarding it goes out."""
    DISCARD_ISOLATED = "discard_isolated"
    """The costliest card that connects with nothing."""
    DISCARD_WEAKEST = "discard_weakest"
    """Every card connects; this one is needed least."""
    DISCARD_UNLOAD = "discard_unload"
    """An opponent is about to go out: throw the high points."""
    DISCARD_RANDOM = "discard_random"
    """A beginner's slip: a discard chosen at random."""
    OPEN = "open"
    """Open with the hand's contract (carioca)."""
    BET_CALL = "bet_call"
    """Call (*vedo*): the chance of winning pays for what the call costs."""
    BET_CHECK = "bet_check"
    """Call for nothing: the stake is already matched."""
    BET_RAISE = "bet_raise"
    """Raise (*rilancio*): a strong hand, or a beginner's bluff."""
    BET_FOLD = "bet_fold"
    """Fold (*lascio*): the hand is too far from going out for what the call costs."""
    KNOCK = "knock"
    """Knock (*bussare*): the deadwood is within the knock limit."""
    PASS = "pass"
    """Pass: the first upcard does not help, the hand dies at the wall, or nothing more is
    worth laying or laying off after a knock."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the reason for it, with the cards and points the reason is about."""

    action: Action
    why: Why
    card: Card | None = None
    """The card the reason is about: the discard, the card taken or attached."""
    partners: tuple[Card, ...] = ()
    """Cards of the hand it connects or melds with."""
    points: int = 0
    """A penalty (discard, take) or meld points (lay)."""
    meld: tuple[Card, ...] = ()
    """The meld on the table an attachment or a swap is about."""
    threat: int = 0
    """The fewest cards an opponent holds, for an unloading discard."""
    bet: BetChoice | None = None
    """For a bet, how far the hand is from going out, its chance, the call and the pot."""


@dataclass(frozen=True, slots=True)
class Style:
    """How carefully the greedy bot plays (see :mod:`ramino.ai.levels`)."""

    watch_opponents: bool = True
    """Avoid feeding the next player; unload high cards when someone is about to go out."""
    random_discard: float = 0.0
    """Chance of a random legal discard instead of the best one (a beginner's slip)."""
    near_melds: bool = True
    """Take the top discard for a near meld too, not only to complete a meld."""
    betting: BettingStyle = SOUND
    """How he bets in pokerato's betting round."""
    outlook: bool = False
    """Judge each throw, and each take from the pozzo, by what the hand is left with after
    the next draw, averaged over the cards it has not seen (:func:`outlook`)."""


# --- hand evaluation ---


def _deadwood(cards: Sequence[Card], rules: Rules) -> int:
    """The least count ``cards`` can be left with after binding some in melds.

    The one place the greedy bot evaluates a hand: the meld solver's least count
    (:func:`ramino.ai.solver.least_deadwood`, the same number as the engine's
    :func:`ramino.engine.going_out.min_deadwood`; its memos per suit make it faster than a
    cache of whole hands).
    """
    return least_deadwood(cards, rules)


def _is_dead(card: Card, cards: Sequence[Card], rules: Rules) -> bool:
    """A natural card that no meld of ``cards`` can hold: it is deadwood in every arrangement."""
    return not card.is_joker and not meld_candidates(cards, rules, containing=card)


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in removed:
        rest.remove(card)
    return rest


def _deadwood_without(cards: Sequence[Card], card: Card, rules: Rules, whole: int) -> int:
    """The deadwood of ``cards`` less one ``card``, given ``whole``, the deadwood of ``cards``."""
    if rules.rounding is not Rounding.TENS and _is_dead(card, cards, rules):
        # Unbound in every arrangement: throwing it takes exactly its penalty off (not so
        # with rounding to tens, where one or two small cards left count nothing).
        return whole - card_penalty(card, rules)
    return _deadwood(_without(cards, [card]), rules)


def _end_of_turn(cards: Sequence[Card], rules: Rules) -> int:
    """The least deadwood a hand can end the turn with: after the best discard, or (where the
    last discard is optional) with every card laid."""
    if len(cards) <= 1:
        return 0
    whole = _deadwood(cards, rules)
    best = whole if rules.final_discard is FinalDiscard.OPTIONAL else None
    for card in sorted(set(cards), key=lambda c: -card_penalty(c, rules)):
        # Throwing a card takes at most its own penalty off: once that cannot beat the best
        # found, no cheaper card can either.
        if best is not None and whole - card_penalty(card, rules) >= best:
            break
        value = _deadwood_without(cards, card, rules, whole)
        best = value if best is None else min(best, value)
    assert best is not None
    return best


# --- the outlook over the unseen cards ---


def unseen_cards(observation: Observation) -> Counter[Card]:
    """The cards ``observation``'s player has not seen, with their copies: the deck less his
    hand, the pozzo, the melds on the table and the cards the others are known to hold
    (:func:`known_held`)."""
    unseen = deck_cards(observation.rules, observation.players)
    unseen.subtract(observation.hand)
    unseen.subtract(observation.discard_pile)
    for table_meld in observation.table:
        unseen.subtract(table_meld.meld.cards)
    unseen.subtract(known_held(observation))
    return +unseen


def _leaving(action: Action) -> tuple[Card, ...]:
    """The cards ``action`` takes out of its player's hand, for everyone to see."""
    if isinstance(action, Discard):
        return (action.card,)
    if isinstance(action, Lay | Attach | Swap):
        return action.cards
    if isinstance(action, Show | Open):
        cards = tuple(c for meld in action.melds for c in meld)
        discard = action.discard if isinstance(action, Show) else None
        return cards if discard is None else (*cards, discard)
    return ()


def known_held(observation: Observation) -> Counter[Card]:
    """The cards the others hold that ``observation``'s player knows of: those they took
    from the pozzo, and the jollies they took back from the table, less those they showed
    again since (thrown, laid or attached)."""
    held: Counter[Card] = Counter()
    for event in observation.history:
        action = event.action
        if event.seat == observation.seat:
            continue
        if isinstance(action, TakeDiscard):
            if event.taken is not None:
                held[event.taken] += 1
            continue
        for card in _leaving(action):
            if held[card]:
                held[card] -= 1
        if isinstance(action, Swap):
            held[JOKER] += 1
    return +held


def judged(cards: Sequence[Card], rules: Rules, *, discard: bool = False) -> int:
    """The least count ``cards`` can be left with (after the best throw, with ``discard``),
    counting the imaginary jolly where the rules give one (pokerato immaginario) as one card
    more that fits anywhere. Where one of the player's own cards acts as it instead, the
    hand is judged the same way: one card too many for every hand alike keeps the order of
    the hands, at a tenth of the cost of trying each card as the jolly. Played for chips,
    the count is the cards left out, :data:`CARD_SHORT` each; where each loser pays a messa,
    each card left out adds :data:`MESSA_SHARE` of it."""
    if rules.imaginary_joker:
        cards = (*cards, JOKER)
    if _for_chips(rules):
        return CARD_SHORT * least_cards(cards, rules, discard=discard)
    count = least_penalty(cards, rules, discard=True) if discard else _deadwood(cards, rules)
    if rules.messa:
        count += round(MESSA_SHARE * rules.messa) * least_cards(cards, rules, discard=discard)
    return count


def outlook(
    cards: Sequence[Card],
    unseen: Counter[Card],
    rules: Rules,
    table_takes: Collection[Card] = (),
) -> float:
    """The count ``cards`` may expect to be left with after one more draw and the best
    throw, averaged over the ``unseen`` cards (each copy as likely as any other). A card of
    ``table_takes``, drawn, may go on a meld of the table instead."""
    now = judged(cards, rules)
    total = sum(unseen.values())
    if not total or not now:
        return float(now)
    attached = judged(cards, rules, discard=True) if table_takes else now
    expected = 0.0
    for card, copies in unseen.items():
        after = attached if card in table_takes else now
        if card.is_joker or any(connects(card, c, rules) for c in cards):
            after = min(after, judged((*cards, card), rules, discard=True))
        # A card that joins nothing is thrown back.
        expected += copies * min(now, after)
    return expected / total


def _table_takes(observation: Observation, cards: Iterable[Card]) -> frozenset[Card]:
    """The cards of ``cards`` that a meld on the table would take from the player to move,
    once he has opened (before, a card laid there counts towards an opening, or waits for
    one, or breaks a close in one turn he is holding out for)."""
    if not observation.rules.melding_during_play or not observation.opened[observation.seat]:
        return frozenset()
    return frozenset(card for card in cards if _fits_table(card, observation))


#: The throws the outlook judges: the best few by the greedy bot's own score. Played for
#: chips that score counts points that do not matter, and every throw is judged (ten cards,
#: 200 matches: 73.5% won against 71.5%; nine cards, 72.5% against 67.5%).
OUTLOOK_THROWS = 4


def _for_chips(rules: Rules) -> bool:
    """Whether the match is played for chips (pokerato): the count of a hand never scores."""
    return rules.betting is not Betting.NONE


# --- connections between cards ---


def _rank_gap(a: Card, b: Card, rules: Rules) -> int:
    assert a.rank is not None and b.rank is not None
    gap = abs(int(a.rank) - int(b.rank))
    if rules.ace_in_runs is AceInRuns.LOW_OR_HIGH and Rank.ACE in (a.rank, b.rank):
        # The ace also sits above the king (Q-K-A).
        high = [14 if r is Rank.ACE else int(r) for r in (a.rank, b.rank)]
        gap = min(gap, abs(high[0] - high[1]))
    if rules.run_wrap:
        gap = min(gap, 13 - gap)
    return gap


def connects(a: Card, b: Card, rules: Rules) -> bool:
    """Whether two cards could end in one meld with one card more: a pair for a tris, two
    cards of one suit at most two apart for a scala; the jolly connects with everything.

    >>> from ramino.engine.cards import Card
    >>> c = Card.parse
    >>> connects(c("7H"), c("9H"), Rules()), connects(c("7H"), c("7S"), Rules())
    (True, True)
    >>> connects(c("7H"), c("10H"), Rules()), connects(c("7H"), c("7H"), Rules())
    (False, False)
    >>> connects(c("KH"), c("AH"), Rules())
    True
    """
    if a.is_joker or b.is_joker:
        return True
    if a.rank is b.rank:
        return a.suit is not b.suit or rules.set_suits is SetSuits.ANY
    if a.suit is not b.suit:
        return False
    return _rank_gap(a, b, rules) <= 2


def partners(card: Card, others: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The distinct cards of ``others`` that connect with ``card`` (see :func:`connects`)."""
    return tuple(sorted({o for o in others if connects(card, o, rules)}))


# --- what the others show ---


def _next_seat(observation: Observation) -> int:
    step = 1 if observation.rules.direction is Direction.CLOCKWISE else -1
    return (observation.seat + step) % observation.players


def _threat(observation: Observation) -> int:
    """The fewest cards an opponent holds (a large number when alone at the table)."""
    others = [n for s, n in enumerate(observation.hand_sizes) if s != observation.seat]
    return min(others, default=99)


def taken_by(observation: Observation, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` took from the pozzo this round, as everyone saw them (the deal's
    upcard too): the history names the face-up card of every take."""
    return tuple(
        event.taken
        for event in observation.history
        if event.seat == seat and isinstance(event.action, TakeDiscard) and event.taken is not None
    )


def _fits_table(card: Card, observation: Observation) -> bool:
    """Whether ``card`` could be attached to some meld on the table."""
    rules = observation.rules
    for table_meld in observation.table:
        meld = table_meld.meld
        if not card.is_joker:
            if meld.kind is MeldKind.SET and card.rank is not meld.rank:
                continue
            if meld.kind is not MeldKind.SET and card.suit is not meld.suit:
                continue
        try:
            attach(meld, [card], rules)
        except RaminoError:
            continue
        return True
    return False


def feeds_next_player(card: Card, observation: Observation) -> bool:
    """Whether discarding ``card`` would hand the next player something he wants: it
    connects with a card he took from the pozzo, or he could attach it."""
    nxt = _next_seat(observation)
    if nxt == observation.seat:
        return False
    rules = observation.rules
    if any(connects(card, t, rules) for t in taken_by(observation, nxt)):
        return True
    may_attach = observation.opened[nxt] or rules.attach_before_opening
    return rules.melding_during_play and may_attach and _fits_table(card, observation)


# --- the decisions ---


def decide(
    observation: Observation, style: Style = Style(), rng: random.Random | None = None
) -> Decision:
    """The greedy choice among ``observation.legal_actions``, with the reason for it.

    ``rng`` is used only for a beginner's random discards (``style.random_discard``).

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> obs = Round(get_preset("classico"), 2, seed=1).observation(1)
    >>> decide(obs).action in obs.legal_actions
    True
    """
    legal = observation.legal_actions
    if not legal:
        raise ValueError(f"seat {observation.seat} has no legal action to choose from")
    if observation.phase is Phase.BET:
        return _choose_bet(observation, style, rng)
    if observation.phase in AFTER_KNOCK:
        return knocked_hand_move(observation)
    if Knock() in legal:
        # Knocking is legal only within the knock limit: the hand closes with a few points
        # at most, before the other player comes down too.
        return Decision(Knock(), Why.KNOCK)
    if any(isinstance(a, Draw | TakeDiscard) for a in legal):
        decision = _choose_draw(observation, style)
        if decision.action not in legal and Pass() in legal:
            # The first upcard offered (gin): refusing it is a pass, not a draw.
            return Decision(Pass(), Why.PASS, decision.card, decision.partners, decision.points)
        return decision
    if Pass() in legal and observation.phase is Phase.DRAW:
        # At the wall with no knock: the hand dies.
        return Decision(Pass(), Why.PASS)
    shows = [a for a in legal if isinstance(a, Show)]
    if shows:
        best = min(shows, key=lambda s: _show_rank(s, observation.rules))
        return Decision(best, Why.GO_OUT)
    opens = [a for a in legal if isinstance(a, Open)]
    if opens:
        return _choose_open(observation, opens)
    discards = [a for a in legal if isinstance(a, Discard)]
    if len(observation.hand) == 1 and discards:
        card = discards[0].card
        return Decision(
            discards[0], Why.DISCARD_LAST, card, (), card_penalty(card, observation.rules)
        )
    moves = [a for a in legal if isinstance(a, Lay | Attach | Swap)]
    if moves:
        move = _choose_move(observation, moves, forced=not discards)
        if move is not None:
            return move
    if discards:
        return _choose_discard(observation, [d.card for d in discards], style, rng)
    # Nothing the rules of thumb like: any legal action keeps the round going.
    return Decision(legal[0], Why.FORCED)


#: The phases of a knocked hand (gin): the knocker's discard and melds, the defender's
#: lay-offs and melds.
AFTER_KNOCK = (Phase.KNOCK, Phase.LAY_OFF, Phase.SPREAD)


def knocked_hand_move(observation: Observation) -> Decision:
    """A move of a knocked hand: the knocker's discard that leaves the least deadwood; then,
    for either player, a meld that leaves the least deadwood unchanged, or a lay-off that
    lowers it; a pass when nothing is left worth laying."""
    rules = observation.rules
    legal = observation.legal_actions
    hand = list(observation.hand)
    discards = [a.card for a in legal if isinstance(a, Discard)]
    if discards:
        # Ties go to the costliest card: the same deadwood, fewer points for the pile.
        card = min(
            discards,
            key=lambda c: (_deadwood(_without(hand, [c]), rules), -card_penalty(c, rules), c.code),
        )
        return Decision(Discard(card), Why.DISCARD_ISOLATED, card, (), card_penalty(card, rules))
    now = _deadwood(hand, rules)
    scored = sorted(
        (_deadwood(_without(hand, m.cards), rules), -len(m.cards), str(m), m)
        for m in legal
        if isinstance(m, Lay | Attach)
    )
    for after, _, _, move in scored:
        # A meld bound in the least-deadwood arrangement costs nothing to lay; a lay-off
        # must take points off.
        if after < now or (after == now and isinstance(move, Lay)):
            return _described(observation, move, None)
    if Pass() in legal:
        return Decision(Pass(), Why.PASS)
    return Decision(legal[0], Why.FORCED)


def _choose_open(observation: Observation, opens: Sequence[Open]) -> Decision:
    """The contract's opening (carioca) that leaves the hand with the least deadwood: to
    open is always worth it, since nothing else may be laid before."""
    rules = observation.rules
    hand = list(observation.hand)

    def left(action: Open) -> tuple[int, str]:
        laid = [c for meld in action.melds for c in meld]
        return _deadwood(_without(hand, laid), rules), str(action)

    best = min(opens, key=left)
    cards = tuple(c for meld in best.melds for c in meld)
    return Decision(best, Why.OPEN, None, cards, hand_penalty(cards, rules))


def _choose_bet(observation: Observation, style: Style, rng: random.Random | None) -> Decision:
    choice = choose_bet(observation, style.betting, rng)
    action = choice.action
    if isinstance(action, Raise):
        why = Why.BET_RAISE
    elif isinstance(action, Fold):
        why = Why.BET_FOLD
    else:
        why = Why.BET_CALL if choice.to_call else Why.BET_CHECK
    return Decision(action, why, points=choice.to_call, bet=choice)


_CLOSING_ORDER = {
    Closing.SEVEN_OF_A_KIND: 0,
    Closing.STRAIGHT: 1,
    Closing.FLUSH: 2,
    Closing.SIMPLE: 3,
}


def _show_rank(show: Show, rules: Rules) -> tuple[int, str]:
    # Where the kind of close pays (Casertano), show the richest one.
    cards = [c for meld in show.melds for c in meld]
    kind = closing_kind(cards, rules) or Closing.SIMPLE
    return _CLOSING_ORDER[kind], str(show)


def _choose_draw(observation: Observation, style: Style) -> Decision:
    rules = observation.rules
    top = observation.top_discard
    if TakeDiscard() not in observation.legal_actions or top is None:
        why = Why.DRAW if top is None else Why.DRAW_ONLY
        return Decision(Draw(), why, top)
    hand = list(observation.hand)
    if style.outlook:
        return _choose_draw_by_outlook(observation, hand, top)
    now = _deadwood(hand, rules)
    with_top = [*hand, top]
    joined = top.is_joker or bool(meld_candidates(with_top, rules, containing=top))
    near = partners(top, hand, rules)
    if not joined and not (style.near_melds and near):
        return Decision(Draw(), Why.DRAW, top, near, card_penalty(top, rules))
    # The card taken may not be thrown back: the turn ends with one of the others out.
    options = [c for c in set(hand) if c is not top or rules.rediscard_taken_card]
    if not options:
        return Decision(Draw(), Why.DRAW, top, near, card_penalty(top, rules))
    _, after = _best_discard(observation, with_top, options, style)
    if joined and after < now:
        melded = _meld_partners(top, hand, rules)
        return Decision(TakeDiscard(), Why.TAKE_MELD, top, melded, card_penalty(top, rules))
    if style.near_melds and near and after + TAKE_MARGIN <= now:
        return Decision(TakeDiscard(), Why.TAKE_NEAR, top, near, card_penalty(top, rules))
    return Decision(Draw(), Why.DRAW, top, near, card_penalty(top, rules))


def _choose_draw_by_outlook(observation: Observation, hand: list[Card], top: Card) -> Decision:
    """Take the top discard when the hand it leaves after the best throw is worth less than
    what a draw from the tallone may be expected to leave."""
    rules = observation.rules
    near = partners(top, hand, rules)
    options = [c for c in set(hand) if c is not top or rules.rediscard_taken_card]
    if not options:
        return Decision(Draw(), Why.DRAW, top, near, card_penalty(top, rules))
    with_top = [*hand, top]
    unseen = unseen_cards(observation)
    if _table_takes(observation, (top,)):
        # Taken, it goes on the table's meld: the best throw of the hand follows.
        taken = judged(hand, rules, discard=True)
    else:
        taken = min(judged(_without(with_top, [c]), rules) for c in options)
    drawn = outlook(hand, unseen, rules, _table_takes(observation, unseen))
    if taken + TAKE_OUTLOOK_MARGIN < drawn:
        joined = top.is_joker or bool(meld_candidates(with_top, rules, containing=top))
        if joined:
            melded = _meld_partners(top, hand, rules)
            return Decision(TakeDiscard(), Why.TAKE_MELD, top, melded, card_penalty(top, rules))
        return Decision(TakeDiscard(), Why.TAKE_NEAR, top, near, card_penalty(top, rules))
    return Decision(Draw(), Why.DRAW, top, near, card_penalty(top, rules))


def _meld_partners(card: Card, hand: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The other cards of the largest meld ``card`` makes with ``hand``."""
    found = meld_candidates([*hand, card], rules, containing=None if card.is_joker else card)
    found = tuple(f for f in found if card in f[0])
    if not found:
        return ()
    cards = max(found, key=lambda f: (len(f[0]), -f[0].count(JOKER)))[0]
    return tuple(_without(cards, [card]))


def _after_move(hand: Sequence[Card], move: Lay | Attach | Swap) -> list[Card]:
    rest = _without(hand, move.cards)
    if isinstance(move, Swap):
        rest.append(JOKER)
    return rest


def _choose_move(
    observation: Observation, moves: Sequence[Lay | Attach | Swap], *, forced: bool
) -> Decision | None:
    """The lay, attachment or swap that leaves the least deadwood at the end of the turn, if
    it costs nothing (or if the turn cannot end without one)."""
    rules = observation.rules
    hand = observation.hand
    now = _end_of_turn(hand, rules)

    def key(move: Lay | Attach | Swap) -> tuple[int, int, int, str]:
        after = _end_of_turn(_after_move(hand, move), rules)
        # Fewer jolly spent, more cards out of the hand, then a stable order.
        return (after, move.cards.count(JOKER), -len(move.cards), str(move))

    scored = sorted((key(m), m) for m in moves)
    (after, *_), move = scored[0]
    if after > now and not forced:
        return None
    if forced and after > now:
        return _described(observation, move, Why.FORCED)
    return _described(observation, move, None)


def _described(observation: Observation, move: Lay | Attach | Swap, why: Why | None) -> Decision:
    rules = observation.rules
    if isinstance(move, Lay):
        try:
            points = validate_meld(move.cards, rules, jokers=move.jokers).points(rules)
        except RaminoError:
            points = 0
        return Decision(move, why or Why.LAY, None, move.cards, points)
    meld = observation.table[move.meld].meld.cards
    card = move.cards[0]
    if isinstance(move, Attach):
        return Decision(move, why or Why.ATTACH, card, (), card_penalty(card, rules), meld)
    return Decision(move, why or Why.SWAP, card, move.cards, 0, meld)


def _best_discard(
    observation: Observation, hand: Sequence[Card], options: Sequence[Card], style: Style
) -> tuple[Card, int]:
    """The card of ``options`` to throw from ``hand`` and its score: the deadwood left, plus
    the worth of the connections it would break, of a jolly, of what it would feed.

    Cards are tried by a lower bound of their score (throwing a card takes at most its own
    penalty off the deadwood) and the search stops once no bound can beat the best found.
    """
    rules = observation.rules
    pressed = style.watch_opponents and _threat(observation) <= CLOSE_TO_OUT
    weight = CONNECT_WEIGHT_PRESSED if pressed else CONNECT_WEIGHT
    whole = _deadwood(hand, rules)
    # Before an opening that needs points (apertura a 40, 50…) high cards that connect are
    # what opens: keep them over low ones, which only make melds too poor to open with.
    opening = rules.opening_threshold > 0 and not observation.opened[observation.seat]
    bounds = []
    for card in set(options):
        penalty = card_penalty(card, rules)
        links = min(len(partners(card, _without(hand, [card]), rules)), 2)
        extra = links * (weight + (penalty + penalty // 2 if opening else 0))
        if card.is_joker and not pressed:
            extra += JOKER_KEEP
        if style.watch_opponents and feeds_next_player(card, observation):
            extra += FEED_PENALTY
        # Ties go to the costliest card, then to a stable order.
        bounds.append(((whole - penalty + extra, -penalty, card.code), extra, card))
    if style.outlook:
        return _best_discard_by_outlook(observation, hand, bounds, whole)
    bounds.sort(key=lambda b: b[0])
    best: tuple[int, int, int] | None = None
    chosen = bounds[0][2]
    for bound, extra, card in bounds:
        if best is not None and bound >= best:
            break
        key = (_deadwood_without(hand, card, rules, whole) + extra, bound[1], bound[2])
        if best is None or key < best:
            best, chosen = key, card
    assert best is not None
    return chosen, best[0]


def _best_discard_by_outlook(
    observation: Observation,
    hand: Sequence[Card],
    bounds: Sequence[tuple[tuple[int, int, int], int, Card]],
    whole: int,
) -> tuple[Card, int]:
    """:func:`_best_discard` by the outlook: the few best throws by the greedy score, then the
    one whose hand may expect the least count after the next draw (plus the same extras)."""
    rules = observation.rules
    unseen = unseen_cards(observation)
    takes = _table_takes(observation, unseen)
    scored = sorted(
        (_deadwood_without(hand, card, rules, whole) + extra, key[1], key[2], extra, card)
        for key, extra, card in bounds
    )
    judging = len(scored) if _for_chips(rules) else OUTLOOK_THROWS
    throws = [
        (outlook(_without(hand, [card]), unseen, rules, takes) + extra, penalty, code, card)
        for _, penalty, code, extra, card in scored[:judging]
    ]
    value, _, _, card = min(throws)
    return card, round(value)


def _choose_discard(
    observation: Observation,
    options: Sequence[Card],
    style: Style,
    rng: random.Random | None,
) -> Decision:
    rules = observation.rules
    hand = list(observation.hand)
    if style.random_discard and rng is not None and rng.random() < style.random_discard:
        card = options[rng.randrange(len(options))]
        return Decision(Discard(card), Why.DISCARD_RANDOM, card, (), card_penalty(card, rules))
    threat = _threat(observation)
    pressed = style.watch_opponents and threat <= CLOSE_TO_OUT
    card, _ = _best_discard(observation, hand, options, style)
    penalty = card_penalty(card, rules)
    linked = partners(card, _without(hand, [card]), rules)
    if pressed and penalty >= 8:
        return Decision(Discard(card), Why.DISCARD_UNLOAD, card, linked, penalty, threat=threat)
    why = Why.DISCARD_WEAKEST if linked else Why.DISCARD_ISOLATED
    return Decision(Discard(card), why, card, linked, penalty, threat=threat)


class GreedyBot:
    """A computer opponent that plays the best move of this turn by rules of thumb (see
    :func:`decide`); it sees only its observation.

    >>> from ramino.ai.bot import play_round
    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> r = Round(get_preset("classico"), 2, seed=3)
    >>> end = play_round(r, [GreedyBot(seed=0), GreedyBot(seed=1)])
    >>> r.is_over
    True
    """

    def __init__(
        self, seed: int | str | bytes = 0, *, name: str = "greedy", style: Style = Style()
    ) -> None:
        self._random = random.Random(seed)
        self._name = name
        self.style = style

    def __repr__(self) -> str:
        return f"GreedyBot(name={self._name!r})"

    @property
    def name(self) -> str:
        """The bot's name (``greedy`` unless given)."""
        return self._name

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``: the greedy choice."""
        return decide(observation, self.style, self._random).action
