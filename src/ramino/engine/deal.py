"""Setting up a round: the seed of a deal, a deck stacked for a scripted deal, and whether
the rules can be played yet."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .deck import Deck, check_in_deck
from .errors import Detail, IllegalAction, Phrase, Reason
from .presets import get_preset
from .rules import Contract, Direction, Rules
from .shuffle import seed_from_int, seed_from_text


def stacked_deck(
    rules: Rules | str,
    players: int,
    hands: Sequence[Sequence[Card]],
    *,
    upcard: Card,
    stock: Sequence[Card] = (),
    dealer: int = 0,
) -> list[int]:
    """A deck order that deals ``hands`` (by seat), turns up ``upcard`` and puts ``stock`` on
    top of the stock (first card first); the rest follows in deck order. For tests, puzzles
    and golden records.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.round import Round
    >>> rules = get_preset("classico-2")
    >>> hands = [parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"), parse_cards("AS 2S 3S 4S 5S")]
    >>> hands[1] += parse_cards("6S 7S 8S 9S 10S")
    >>> order = stacked_deck(rules, 2, hands, upcard=Card.parse("KC"), stock=parse_cards("QD"))
    >>> r = Round(rules, 2, deck_order=order)
    >>> r.hand(1)[0], r.top_discard, r.deck[r.stock[-1]]
    (Card.parse('AS'), Card.parse('KC'), Card.parse('QD'))

    A deal the rules cannot make is refused (``bad_deal``: a hand a seat, each of the rules'
    size; ``not_in_deck``: more copies of a card than the deck holds).
    """
    if isinstance(rules, str):
        rules = get_preset(rules)
    size = rules.hand_size_for(players)
    if len(hands) != players:
        detail = Phrase(Detail.HANDS_ONE_PER_SEAT, seats=players, count=len(hands))
        raise IllegalAction(Reason.BAD_DEAL, detail=detail)
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            detail = Phrase(Detail.HAND_OF_SIZE, seat=seat, count=len(hand), size=size)
            raise IllegalAction(Reason.BAD_DEAL, detail=detail)
    check_in_deck(
        [*(c for hand in hands for c in hand), upcard, *stock], rules, players, error=IllegalAction
    )
    deck = Deck.for_rules(rules, players)
    free: dict[Card, list[int]] = {}
    for card_id, card in enumerate(deck):
        free.setdefault(card, []).append(card_id)

    def take(card: Card) -> int:
        ids = free.get(card)
        if not ids:
            raise IllegalAction(Reason.NOT_IN_HAND, cards=[card])
        return ids.pop(0)

    step = 1 if rules.direction is Direction.CLOCKWISE else -1
    first = (dealer + step) % players
    order: list[int] = []
    for k in range(size):
        for j in range(players):
            seat = (first + j * step) % players
            order.append(take(hands[seat][k]))
    order.append(take(upcard))
    order.extend(take(c) for c in stock)
    used = set(order)
    order.extend(i for i in range(len(deck)) if i not in used)
    return order


def seed_bytes(seed: int | str | bytes) -> bytes:
    """The bytes a seed stands for: an int or a text is hashed (SHA-256), bytes are kept."""
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, bool):
        raise TypeError("a seed is an int, a text or bytes")
    if isinstance(seed, int):
        return seed_from_int(seed)
    return seed_from_text(seed)


def check_contract(rules: Rules, contract: Contract | None) -> Contract:
    """The contract of a hand under ``rules`` (carioca): the one given, which must be among
    the rules' contracts, or the first of them."""
    if contract is None and rules.contracts:
        return rules.contracts[0]
    if contract is None or contract not in rules.contracts:
        raise IllegalAction(
            Reason.BAD_DEAL,
            detail=Phrase(Detail.NO_SUCH_CONTRACT, contract=contract),
        )
    return contract


def check_playable(rules: Rules, players: int) -> None:
    """Refuse the rules this version cannot deal yet, or a number of players they do not
    seat."""
    refusal = rules.seat_refusal(players)
    if refusal is not None:
        reason, params = refusal
        raise IllegalAction(reason, **params)
