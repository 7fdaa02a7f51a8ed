"""The names of things on the table in players' words: a card (*sette di cuori*), a suit, a
rank, a kind of meld (*scala*, *tris*, *colore*) and a card of a given pack (*mazzo 2*).

The engine knows cards by their notation (``7H``) and symbols (``7♥``); their names are words,
and live in the catalogue like every other word.

>>> from ramino.engine import Card
>>> card_name(Card.parse("QS"), "it"), card_name(Card.parse("QS"), "en")
('donna di picche', 'queen of spades')
"""

from __future__ import annotations

from ..engine.cards import Card, Rank, Suit
from ..engine.deck import Deck
from ..engine.melds import MeldKind
from .catalogue import NC_, InContext

__all__ = ["card_label", "card_name", "meld_kind_name", "rank_name", "suit_name"]

# Each under a context: "sei" (six) and "re" (king) are other words elsewhere.
_SUITS: dict[Suit, InContext] = {
    Suit.CLUBS: NC_("suit", "fiori"),
    Suit.DIAMONDS: NC_("suit", "quadri"),
    Suit.HEARTS: NC_("suit", "cuori"),
    Suit.SPADES: NC_("suit", "picche"),
}
_RANKS: dict[Rank, InContext] = {
    Rank.ACE: NC_("rank", "asso"),
    Rank.TWO: NC_("rank", "due"),
    Rank.THREE: NC_("rank", "tre"),
    Rank.FOUR: NC_("rank", "quattro"),
    Rank.FIVE: NC_("rank", "cinque"),
    Rank.SIX: NC_("rank", "sei"),
    Rank.SEVEN: NC_("rank", "sette"),
    Rank.EIGHT: NC_("rank", "otto"),
    Rank.NINE: NC_("rank", "nove"),
    Rank.TEN: NC_("rank", "dieci"),
    Rank.JACK: NC_("rank", "fante"),
    Rank.QUEEN: NC_("rank", "donna"),
    Rank.KING: NC_("rank", "re"),
}
_KINDS: dict[MeldKind, InContext] = {
    MeldKind.RUN: NC_("meld kind", "scala"),
    MeldKind.SET: NC_("meld kind", "tris"),
    MeldKind.FLUSH: NC_("meld kind", "colore"),
}
_JOKER = NC_("card", "jolly")
_CARD = NC_("card", "{rank} di {suit}")
_PACK = NC_("card", "{card} (mazzo {pack})")


def suit_name(suit: Suit, lang: str) -> str:
    """The suit's name: ``cuori`` / ``hearts``."""
    return _SUITS[suit].template(lang, {})


def rank_name(rank: Rank, lang: str) -> str:
    """The rank's name: ``sette`` / ``seven``."""
    return _RANKS[rank].template(lang, {})


def card_name(card: Card, lang: str) -> str:
    """The card in words: ``sette di cuori`` / ``seven of hearts``, ``jolly`` / ``joker``."""
    if card.rank is None or card.suit is None:
        return _JOKER.template(lang, {})
    return _CARD.template(lang, {}).format(
        rank=rank_name(card.rank, lang), suit=suit_name(card.suit, lang)
    )


def meld_kind_name(kind: MeldKind, lang: str) -> str:
    """The players' word for a kind of meld: ``scala``, ``tris``, ``colore`` / ``run``,
    ``set``, ``flush``."""
    return _KINDS[kind].template(lang, {})


def card_label(deck: Deck, card_id: int, lang: str) -> str:
    """A card of ``deck`` and the pack it belongs to, for bookkeeping displays (twins are
    equal for the rules): ``7♥ (mazzo 2)`` / ``7♥ (pack 2)``.

    >>> from ramino.engine.presets import get_preset
    >>> card_label(Deck.for_rules(get_preset("classico"), players=4), 52, "en")
    'A♣ (pack 2)'
    """
    return _PACK.template(lang, {}).format(card=deck[card_id].unicode(), pack=deck.pack_of(card_id))
