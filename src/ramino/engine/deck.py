"""The physical deck: every card of the packs and jokers in play, each with its own id.

Twins (the two 7♥ of two packs) are the same :class:`Card` for the rules but different
ids here, so bookkeeping can tell that every card is somewhere exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ._frozen import Reduced, reduce_by_fields
from .cards import JOKER, NATURAL_CARDS, Card
from .errors import Detail, MeldError, Phrase, RaminoError, Reason
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of a table in a fixed order; a card's id is its index.

    >>> from ramino.engine.presets import get_preset
    >>> deck = Deck.for_rules(get_preset("classico"), players=4)
    >>> len(deck), deck.count(Card.parse("7H")), deck.count(Card.joker())
    (108, 2, 4)
    >>> deck[0], deck.pack_of(52)
    (Card.parse('AC'), 2)
    """

    cards: tuple[Card, ...]
    packs: int
    jokers: int

    @classmethod
    def build(cls, packs: int, jokers: int) -> Deck:
        """``packs`` packs of 52 (♣ ♦ ♥ ♠, ace to king, pack after pack), then the jokers."""
        return cls(NATURAL_CARDS * packs + (JOKER,) * jokers, packs, jokers)

    @classmethod
    def for_rules(cls, rules: Rules, players: int) -> Deck:
        """The deck the rules prescribe for a table of ``players``."""
        packs, jokers = rules.deck_for(players)
        return cls.build(packs, jokers)

    def __reduce__(self) -> Reduced:
        # Compiled, a frozen value is rebuilt from its fields (see ramino.engine._frozen).
        return reduce_by_fields(self)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, card_id: int) -> Card:
        return self.cards[card_id]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds."""
        return self.jokers if card.is_joker else self.packs

    def ids_of(self, card: Card) -> tuple[int, ...]:
        """The ids of every copy of ``card``."""
        if card.is_joker:
            return tuple(range(52 * self.packs, 52 * self.packs + self.jokers))
        return tuple(card.code + 52 * p for p in range(self.packs))

    def pack_of(self, card_id: int) -> int:
        """Which pack (1-based) card ``card_id`` belongs to; jokers are shared out in turn."""
        if card_id < 52 * self.packs:
            return card_id // 52 + 1
        return (card_id - 52 * self.packs) % self.packs + 1

    def cards_of(self, ids: Sequence[int]) -> tuple[Card, ...]:
        """The cards with the given ids."""
        return tuple(self.cards[i] for i in ids)


def check_in_deck(
    cards: Iterable[Card],
    rules: Rules,
    players: int | None = None,
    *,
    error: type[RaminoError] = MeldError,
) -> None:
    """Refuse ``cards`` that no deal under ``rules`` holds all together (``not_in_deck``,
    raised as ``error``): a jolly where the rules have none, more copies of a card than their
    packs hold. The deck is that of a table of ``players``, or without it the largest any
    table of these rules is dealt.

    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.presets import get_preset
    >>> check_in_deck(parse_cards("JK 7S 8S"), get_preset("tradizionale"))
    Traceback (most recent call last):
    ...
    ramino.engine.errors.MeldError: Il mazzo di queste regole non ha jolly: 🃏 non può esserci.
    """
    if players is None:
        decks = [rules.deck_for(n) for n in range(rules.min_players, rules.max_players + 1)]
        packs = max(p for p, _ in decks)
        jokers = max(j for _, j in decks)
    else:
        packs, jokers = rules.deck_for(players)
    for card, count in sorted(Counter(cards).items(), key=lambda item: item[0].code):
        held = jokers if card.is_joker else packs
        if count <= held:
            continue
        detail = (
            Phrase(Detail.DECK_NO_JOKERS, card=card)
            if card.is_joker and not held
            else Phrase(Detail.DECK_COPIES, held=held, card=card, count=count)
        )
        raise error(Reason.NOT_IN_DECK, cards=[card], detail=detail)
