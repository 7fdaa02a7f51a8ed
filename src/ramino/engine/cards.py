"""Cards: suits, ranks, the jolly, their notation and their names.

A :class:`Card` is a rules value: the two 7♥ of a two-pack deck are the same
``Card``. Physical identity (which of the two) lives in :class:`Deck`, where every
card has an id; the engine tracks ids, the rules compare cards.
"""

from __future__ import annotations

import enum
import operator
import re
import string
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, Literal

from .errors import Detail, NotationError, Phrase, Reason


class Suit(enum.Enum):
    """A suit (*seme*), in the order ♣ fiori, ♦ quadri, ♥ cuori, ♠ picche."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """Position in the order ♣ ♦ ♥ ♠ (0 to 3)."""
        return _SUIT_INDEX[self]

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        """True for ♦ and ♥."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUITS: Final = tuple(Suit)
_SUIT_INDEX: Final = {s: i for i, s in enumerate(_SUITS)}
_SUIT_SYMBOL: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(enum.IntEnum):
    """A rank, ace (*asso*) to king (*re*). The ace's place in a run is decided by the meld."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """Notation: ``A 2 … 10 J Q K``."""
        return _RANK_SYMBOL[self - 1]


_RANK_SYMBOL: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

JOKER_CODE: Final = 52


class Card:
    """A card as the rules see it: a rank and a suit, or the jolly.

    Cards are interned: there are exactly 53 of them, so ``Card.parse("7H") is
    Card(Rank.SEVEN, Suit.HEARTS)``. They order by suit (♣ ♦ ♥ ♠) then rank, the jolly last.

    >>> Card.parse("7h")
    Card.parse('7H')
    >>> print(Card.parse("10♠").unicode(), Card.parse("TS"))
    10♠ 10S
    >>> Card.parse("JK").is_joker
    True
    """

    __slots__ = ("code", "rank", "suit")

    code: int
    rank: Rank | None
    suit: Suit | None

    def __new__(cls, rank: Rank | int | None, suit: Suit | None, *, _code: int = -1) -> Card:
        if _code >= 0:
            # The 53 cards, made once below (_ALL); every later call returns one of them.
            card = super().__new__(cls)
            object.__setattr__(card, "code", _code)
            if _code == JOKER_CODE:
                object.__setattr__(card, "rank", None)
                object.__setattr__(card, "suit", None)
            else:
                object.__setattr__(card, "rank", Rank(_code % 13 + 1))
                object.__setattr__(card, "suit", _SUITS[_code // 13])
            return card
        if rank is None and suit is None:
            return _ALL[JOKER_CODE]
        if rank is None or suit is None:
            raise ValueError("a card has both a rank and a suit, or neither (the jolly)")
        return _ALL[_SUIT_INDEX[suit] * 13 + int(rank) - 1]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with code ``code`` (0–51 by suit then rank, 52 for the jolly)."""
        return _ALL[code]

    @classmethod
    def joker(cls) -> Card:
        """The jolly (*matta*)."""
        return _ALL[JOKER_CODE]

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card: ``7H``, ``10s``, ``TS``, ``QD``, ``A♣``, ``JK``, ``🃏``, ``★``.

        Raises :class:`NotationError` naming the token when it is not a card.
        """
        card = _parse_token(token)
        if card is None:
            raise _refusal(token)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __hash__(self) -> int:
        return self.code

    # Equality is identity (cards are interned): object's own ``__eq__`` says so, in C.

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __le__(self, other: Card) -> bool:
        return self.code <= other.code

    def __gt__(self, other: Card) -> bool:
        return self.code > other.code

    def __ge__(self, other: Card) -> bool:
        return self.code >= other.code

    @property
    def is_joker(self) -> bool:
        """True for the jolly."""
        return self.code == JOKER_CODE

    @property
    def number(self) -> int:
        """The rank as a plain int, 1 (ace) to 13 (king); 0 for the jolly.

        >>> Card.parse("QH").number, Card.parse("JK").number
        (12, 0)
        """
        code = self.code
        return 0 if code == JOKER_CODE else code % 13 + 1

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def unicode(self) -> str:
        """Display form: ``7♥``, ``10♠``, ``🃏``."""
        if self.rank is None or self.suit is None:
            return "🃏"
        return self.rank.symbol + self.suit.symbol


_ALL: Final[tuple[Card, ...]] = tuple(Card(None, None, _code=code) for code in range(53))
JOKER: Final[Card] = _ALL[JOKER_CODE]
#: The 52 natural cards in order ♣ ♦ ♥ ♠, ace to king.
NATURAL_CARDS: Final[tuple[Card, ...]] = _ALL[:52]

#: The sort key of cards, by code (suit, then rank, the jolly last): the order of ``<``,
#: compared in C rather than by a Python method per comparison.
code_order: Final[Callable[[Card], int]] = operator.attrgetter("code")


def sorted_codes(cards: Iterable[Card]) -> tuple[int, ...]:
    """The cards' codes, sorted: the key the engine remembers hands by (ints hash in C).

    >>> sorted_codes(parse_cards("KD 2C JK"))
    (1, 25, 52)
    """
    return tuple(sorted([card.code for card in cards]))


_SUIT_BY_CHAR: Final = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
# Italian players write suits in Italian: the words (singular or plural) after the rank, and
# the initials F (fiori) and P (picche), which no English letter claims. The initials C
# (cuori) and Q (quadri) are not taken: C is clubs and Q the queen in the canonical notation.
_SUIT_BY_WORD: Final = {
    "CUORI": Suit.HEARTS,
    "CUORE": Suit.HEARTS,
    "QUADRI": Suit.DIAMONDS,
    "QUADRO": Suit.DIAMONDS,
    "FIORI": Suit.CLUBS,
    "FIORE": Suit.CLUBS,
    "PICCHE": Suit.SPADES,
    "PICCA": Suit.SPADES,
}
_ITALIAN_INITIALS: Final = {"F": Suit.CLUBS, "P": Suit.SPADES}

_RANK_BY_TEXT: Final = {sym: Rank(i + 1) for i, sym in enumerate(_RANK_SYMBOL)} | {"T": Rank.TEN}
_JOKER_TOKENS: Final = frozenset({"JK", "JOKER", "JOLLY", "🃏", "★", "☆"})
# Notation is folded to upper case in ASCII only (str.upper() would read "7ſ", a long s, as
# 7S); emoji presentation selectors ("♥️") carry no meaning for a card and are dropped.
_NORMALISE: Final = str.maketrans(string.ascii_lowercase, string.ascii_uppercase, "\ufe0e\ufe0f")
_CARD_RE: Final = re.compile(
    r"(?:JK|JOKER|JOLLY|🃏|★|☆|(?:10|[2-9TJQKA])"
    r"(?:CUOR[IE]|QUADR[IO]|FIOR[IE]|PICCHE|PICCA|[CDHSFP♣♦♥♠♧♢♡♤]))"
)
# A rank written with an initial: F and P are Italian, C is clubs (and cuori to an Italian).
_INITIAL_RE: Final = re.compile(r"(?:10|[2-9TJQKA])([CFP])(?![A-Z])")


def without_cards(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` less one copy of each of ``taken``, all of which they hold. Cards are
    interned: found by identity, where list.remove would compare through Python.

    >>> [str(c) for c in without_cards(parse_cards("7H 8H 7H"), parse_cards("7H"))]
    ['8H', '7H']
    """
    rest = list(cards)
    for card in taken:
        for k in range(len(rest)):
            if rest[k] is card:
                del rest[k]
                break
    return rest


def _parse_token(token: str) -> Card | None:
    text = token.translate(_NORMALISE).strip()
    if text in _JOKER_TOKENS:
        return JOKER
    if len(text) < 2:
        return None
    for word, suit in _SUIT_BY_WORD.items():
        if text.endswith(word) and len(text) > len(word):
            rank = _RANK_BY_TEXT.get(text[: -len(word)])
            return None if rank is None else Card(rank, suit)
    rank = _RANK_BY_TEXT.get(text[:-1])
    found = _SUIT_BY_CHAR.get(text[-1]) or _ITALIAN_INITIALS.get(text[-1])
    if rank is None or found is None:
        return None
    return Card(rank, found)


def card_tokens(text: str | Iterable[str]) -> Iterator[str]:
    """The tokens of a text of cards (or of several, as command-line arguments): the words
    between spaces, commas and semicolons; a rank and the Italian name of its suit are one
    card however written (``7 cuori``, ``7 di cuori``).

    >>> list(card_tokens("7 di cuori, 8 cuori 9H")), list(card_tokens(["7", "picche"]))
    (['7cuori', '8cuori', '9H'], ['7picche'])
    """
    parts = [text] if isinstance(text, str) else text
    yield from _joined(t for part in parts for t in re.split(r"[\s,;]+", part) if t)


def _joined(tokens: Iterable[str]) -> Iterator[str]:
    """``tokens`` with a rank alone joined to the suit word after it (and its *di*)."""
    held: list[str] = []
    for token in tokens:
        word = token.translate(_NORMALISE)
        if held and word in _SUIT_BY_WORD:
            yield held[0] + token
            held = []
            continue
        if len(held) == 1 and word == "DI":
            held.append(token)
            continue
        yield from held
        held = [token] if word in _RANK_BY_TEXT else []
        if not held:
            yield token
    yield from held


def check_initials(tokens: Sequence[str]) -> None:
    """Refuse the letter C where the same text writes suits by their Italian initials (F, P):
    there ``7C`` may mean *cuori* as well as clubs. A Q for *quadri* is refused by
    :func:`parse_cards` with the same explanation."""
    letters: dict[str, str] = {}
    for token in tokens:
        for match in _INITIAL_RE.finditer(token.translate(_NORMALISE)):
            letters.setdefault(match.group(1), match.group())
    if "C" in letters and ("F" in letters or "P" in letters):
        written = letters["C"]
        italian = letters.get("F") or letters["P"]
        raise NotationError(
            Reason.AMBIGUOUS_SUIT,
            token=written,
            detail=Phrase(Detail.C_IS_CLUBS, rank=written[:-1], italian=italian),
        )


def _refusal(token: str) -> NotationError:
    """The refusal of a token that is no card: an Italian Q for *quadri* says so."""
    text = token.translate(_NORMALISE).strip()
    if len(text) >= 2 and text[-1] == "Q" and text[:-1] in _RANK_BY_TEXT:
        rank = text[:-1]
        detail = Phrase(Detail.Q_IS_QUEEN, rank=rank)
        return NotationError(Reason.AMBIGUOUS_SUIT, token=token, detail=detail)
    return NotationError(Reason.BAD_CARD, token=token)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; run-together cards are split too.

    Accepts a string or several strings (e.g. command-line arguments).

    >>> [str(c) for c in parse_cards("7h 10S, QD JK")]
    ['7H', '10S', 'QD', 'JK']
    >>> [c.unicode() for c in parse_cards("7♥8♥9♥")]
    ['7♥', '8♥', '9♥']
    >>> parse_cards("7H 1X")
    Traceback (most recent call last):
    ...
    ramino.engine.errors.NotationError: '1X' non è una carta: si scrive come 7H, 10S, QD, AC o JK.
    """
    tokens = list(card_tokens(text))
    check_initials(tokens)
    cards: list[Card] = []
    for token in tokens:
        cards.extend(_parse_run_together(token))
    return tuple(cards)


def _parse_run_together(token: str) -> list[Card]:
    card = _parse_token(token)
    if card is not None:
        return [card]
    text = token.translate(_NORMALISE)
    found: list[Card] = []
    pos = 0
    while pos < len(text):
        match = _CARD_RE.match(text, pos)
        if match is None:
            raise _refusal(token)
        parsed = _parse_token(match.group())
        assert parsed is not None
        found.append(parsed)
        pos = match.end()
    return found


def format_cards(cards: Iterable[Card], style: Literal["ascii", "unicode"] = "unicode") -> str:
    """Cards joined by spaces, in notation (``ascii``) or for display (``unicode``).

    >>> format_cards(parse_cards("JK 7S 8S"))
    '🃏 7♠ 8♠'
    >>> format_cards(parse_cards("JK 7S 8S"), "ascii")
    'JK 7S 8S'
    """
    if style == "ascii":
        return " ".join(str(c) for c in cards)
    return " ".join(c.unicode() for c in cards)
