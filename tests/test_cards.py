"""Cards, their notation and names, and the physical deck with card identity."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ramino.engine import (
    JOKER,
    NATURAL_CARDS,
    Card,
    Deck,
    NotationError,
    Rank,
    Reason,
    Suit,
    format_cards,
    get_preset,
    parse_cards,
)
from ramino.engine.melds import MeldKind, parse_meld
from ramino.words.names import card_label, card_name, meld_kind_name

ALL_CARDS = [*NATURAL_CARDS, JOKER]


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("7H", "7H"),
        ("7h", "7H"),
        ("10S", "10S"),
        ("10s", "10S"),
        ("TS", "10S"),
        ("ts", "10S"),
        ("QD", "QD"),
        ("AC", "AC"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("Joker", "JK"),
        ("jolly", "JK"),
        ("7♥", "7H"),
        ("10♠", "10S"),
        ("Q♦", "QD"),
        ("A♣", "AC"),
        ("7♥\ufe0f", "7H"),
        ("7♡", "7H"),
        ("🃏", "JK"),
        ("★", "JK"),
    ],
)
def test_notation_forms(token: str, expected: str) -> None:
    assert str(Card.parse(token)) == expected


@pytest.mark.parametrize("token", ["1H", "11S", "7X", "ZZ", "", "H7", "JKK", "10", "♥", "7HH"])
def test_bad_notation_names_the_token(token: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(token)
    assert info.value.reason is Reason.BAD_CARD
    assert repr(token) in str(info.value)
    assert repr(token) in info.value.message("en")
    assert "is not a card" in info.value.message("en")


def test_parse_cards_splits_on_spaces_commas_and_run_together() -> None:
    assert format_cards(parse_cards("7H, 8H;9H  JK"), "ascii") == "7H 8H 9H JK"
    assert format_cards(parse_cards(["7H", "8H 9H"]), "ascii") == "7H 8H 9H"
    assert format_cards(parse_cards("7h8h9hjk"), "ascii") == "7H 8H 9H JK"
    assert format_cards(parse_cards("10♠J♠Q♠"), "ascii") == "10S JS QS"
    assert parse_cards("") == ()
    with pytest.raises(NotationError) as info:
        parse_cards("7H 8H 9X")
    assert "'9X'" in str(info.value)


def test_display_and_names() -> None:
    card = Card.parse("7H")
    assert card.unicode() == "7♥"
    assert card_name(card, "it") == "sette di cuori"
    assert card_name(card, "en") == "seven of hearts"
    assert card_name(Card.parse("QS"), "it") == "donna di picche"
    assert card_name(Card.parse("JD"), "it") == "fante di quadri"
    assert card_name(Card.parse("AC"), "it") == "asso di fiori"
    assert card_name(Card.parse("6D"), "it") == "sei di quadri"
    assert card_name(Card.parse("KS"), "en") == "king of spades"
    assert JOKER.unicode() == "🃏"
    assert card_name(JOKER, "it") == "jolly" and card_name(JOKER, "en") == "joker"
    assert [meld_kind_name(k, "en") for k in MeldKind] == ["run", "set", "flush"]
    assert [meld_kind_name(k, "it") for k in MeldKind] == ["scala", "tris", "colore"]
    assert Suit.HEARTS.is_red and not Suit.SPADES.is_red
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]


def test_cards_are_interned_values() -> None:
    card = Card(Rank.SEVEN, Suit.HEARTS)
    assert card is Card.parse("7H") is Card.from_code(card.code)
    assert Card(None, None) is JOKER is Card.joker()
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len(set(ALL_CARDS)) == 53
    assert sorted(ALL_CARDS) == ALL_CARDS
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(Rank.ACE, None)
    assert eval(repr(card), {"Card": Card}) is card


@given(st.sampled_from(ALL_CARDS))
def test_format_then_parse_is_the_identity(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.unicode()) is card
    assert Card.parse(str(card).lower()) is card


@given(st.lists(st.sampled_from(ALL_CARDS)))
def test_format_cards_then_parse_cards_is_the_identity(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards, "ascii")) == tuple(cards)
    assert parse_cards(format_cards(cards, "unicode")) == tuple(cards)
    assert parse_cards("".join(str(c) for c in cards)) == tuple(cards)


@given(st.text(max_size=12))
def test_parse_cards_never_raises_anything_but_notation_errors(text: str) -> None:
    try:
        parse_cards(text)
    except NotationError as error:
        assert error.reason is Reason.BAD_CARD


def test_classic_deck_has_every_card_twice_and_four_jokers() -> None:
    deck = Deck.for_rules(get_preset("classico"), players=3)
    assert len(deck) == 108
    counts = Counter(deck)
    assert all(counts[c] == 2 for c in NATURAL_CARDS) and counts[JOKER] == 4
    # Card identity: twins are equal cards but distinct ids, each in one pack.
    ids = deck.ids_of(Card.parse("7H"))
    assert len(ids) == 2 and deck[ids[0]] is deck[ids[1]]
    assert {deck.pack_of(i) for i in ids} == {1, 2}
    assert sorted(i for c in set(deck) for i in deck.ids_of(c)) == list(range(108))
    assert {deck.pack_of(i) for i in deck.ids_of(JOKER)} == {1, 2}
    assert card_label(deck, ids[1], "en") == "7♥ (pack 2)"
    assert card_label(deck, ids[0], "it") == "7♥ (mazzo 1)"


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("classico", 6, 108),
        ("classico-2", 2, 54),
        ("tradizionale", 4, 52),
        ("rami-40", 4, 108),
        ("rami-40", 5, 160),
        ("pokerato-immaginario", 4, 104),
    ],
)
def test_deck_by_rules_and_player_count(preset: str, players: int, size: int) -> None:
    rules = get_preset(preset)
    assert len(Deck.for_rules(rules, players)) == size == rules.deck_size_for(players)


@given(st.lists(st.sampled_from([*ALL_CARDS, *NATURAL_CARDS, *NATURAL_CARDS, JOKER]), max_size=40))
def test_sorted_codes_sorts_the_codes_of_any_cards(cards: list[Card]) -> None:
    from ramino.engine.cards import sorted_codes

    # Up to three copies of a card (and more of the jolly): the counting sort and its way
    # out for a third copy; a list, a tuple and any iterable.
    expected = tuple(sorted(card.code for card in cards))
    assert sorted_codes(cards) == expected
    assert sorted_codes(tuple(cards)) == expected
    assert sorted_codes(iter(cards)) == expected


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("7♥ 8♦ 9♣ 10♠", "7H 8D 9C 10S"),
        ("7cuori 8quadri 9fiori 10picche", "7H 8D 9C 10S"),
        ("7 CUORI, 8 di quadri; A cuore K picca QFIORE", "7H 8D AH KS QC"),
        ("7cuori8cuori9cuori", "7H 8H 9H"),
        ("7F 8P JF KP", "7C 8S JC KS"),
        ("Tquadri 10 di fiori", "10D 10C"),
    ],
)
def test_italian_players_write_suits_in_italian(text: str, cards: str) -> None:
    # Issue 46: the symbols, the Italian suit words and the initials no English letter takes.
    assert parse_cards(text) == parse_cards(cards)
    assert parse_cards(text.split()) == parse_cards(cards)


def test_a_suit_word_after_the_rank_as_arguments() -> None:
    assert parse_cards(["7", "di", "cuori", "8", "cuori"]) == parse_cards("7H 8H")
    assert Card.parse("Kpicche") is Card.parse("KS")


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("7C 7P 7H", "7C", "C è fiori (clubs), ma accanto a 7P"),
        ("7F 8C", "8C", "per i cuori scrivi 8H, 8♥ o 8cuori"),
        ("7Q 8H", "7Q", "Q è la donna, non un seme: per i quadri scrivi 7D, 7♦ o 7quadri"),
        ("KQ", "KQ", "Q è la donna"),
    ],
)
def test_a_letter_that_could_be_misread_is_refused_and_explained(
    text: str, token: str, words: str
) -> None:
    # C is clubs and Q the queen in the canonical notation: where an Italian may mean cuori or
    # quadri (C beside Italian initials, Q as a suit), the card is refused, never guessed.
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    error = info.value
    assert error.reason is Reason.AMBIGUOUS_SUIT and error.params["token"] == token
    assert words in error.message("it")
    assert "hearts" in error.message("en") or "diamonds" in error.message("en")
    with pytest.raises(NotationError):
        parse_meld(text)


def test_c_alone_is_clubs() -> None:
    # The canonical notation is English: without Italian initials beside it, C is clubs.
    assert parse_cards("7C 7H 7S") == (Card.parse("7♣"), Card.parse("7♥"), Card.parse("7♠"))
