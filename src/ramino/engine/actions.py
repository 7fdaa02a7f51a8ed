"""A player's actions as small frozen values, and their one text grammar.

The grammar is used everywhere: the command line, records, logs and tests. One action per line::

    draw                      draw the top card of the stock (*pescare dal tallone*)
    take                      take the top card of the discard pile (*prendere dal pozzo*)
    lay 7H 8H JK=9H           lay a meld (*calare*); a jolly may say which card it stands for
    attach 0 10H              attach cards to meld 0 on the table (*attaccare*)
    swap 0 9H                 give 9H to meld 0 and take its jolly back
    discard KS                discard a card (*scartare*)
    show 7H 8H 9H | QC QD QS  go out by showing the whole hand (no melding during play)
    show 7H 8H 9H | QC QD QS discard KS
    show 7H 8H JK 10H | QC QD QS discard KS    the jolly imagined (pokerato immaginario)
    show 7H 8H 2C=JK 10H | QC QD QS discard KS 2C, a card of the hand, acts as the jolly
    open QC QD | KS KH        open with the hand's contract, all at once (carioca)
    call                      match the highest stake (*vedo*; pokerato's betting round)
    fold                      leave the hand (*lascio*)
    raise                     call and add the raise unit (*rilancio*)
    knock                     knock (*bussare*, gin rummy): then discard, lay, pass
    pass                      pass: on the first upcard, at the wall, or to end a spread
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ._frozen import Reduced, reduce_by_fields
from .cards import Card, format_cards
from .errors import NotationError, Reason
from .melds import parse_meld


def _meld_text(cards: tuple[Card, ...], jokers: tuple[Card | None, ...] | None) -> str:
    if jokers is None:
        return format_cards(cards, "ascii")
    declared = iter(jokers)
    parts = []
    for card in cards:
        if card.is_joker:
            # A value may carry too few declarations (the engine refuses it); still print it.
            choice = next(declared, None)
            parts.append(f"JK={choice}" if choice is not None else "JK")
        else:
            parts.append(str(card))
    return " ".join(parts)


def _normalise(action: Lay | Attach) -> None:
    # Cards given in any sequence are kept as a tuple; declaring nothing is the same as not
    # declaring: one value, one text.
    object.__setattr__(action, "cards", tuple(action.cards))
    if action.jokers is not None:
        jokers = tuple(action.jokers)
        object.__setattr__(action, "jokers", None if all(j is None for j in jokers) else jokers)


# Compiled, a value is copied and pickled through its fields: see ramino.engine._frozen.


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the stock (*tallone*)."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (*pozzo*)."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay one meld (*calare un gioco*) from the hand."""

    cards: tuple[Card, ...]
    jokers: tuple[Card | None, ...] | None = None

    def __post_init__(self) -> None:
        _normalise(self)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "lay " + _meld_text(self.cards, self.jokers)


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach cards (*attaccare*) to meld number ``meld`` on the table (0 is the first laid)."""

    meld: int
    cards: tuple[Card, ...]
    jokers: tuple[Card | None, ...] | None = None

    def __post_init__(self) -> None:
        _normalise(self)

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return f"attach {self.meld} " + _meld_text(self.cards, self.jokers)


@dataclass(frozen=True, slots=True)
class Swap:
    """Put ``cards`` in the place of the jolly of meld ``meld`` and take the jolly."""

    meld: int
    cards: tuple[Card, ...]

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return f"swap {self.meld} " + format_cards(self.cards, "ascii")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card (*scartare*), ending the turn."""

    card: Card

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Show:
    """Go out by showing the whole hand bound in melds, then discard if ``discard`` is set
    (variants where nothing is laid during play, and the flush close).

    Under the imaginary jolly (pokerato immaginario) a jolly among the melds is the card the
    player imagines; where one of his own cards acts as the jolly instead, ``as_joker`` is
    that card (written ``2C=JK`` in the meld)."""

    melds: tuple[tuple[Card, ...], ...]
    discard: Card | None = None
    as_joker: Card | None = None

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        groups = [format_cards(m, "ascii") for m in self.melds]
        if self.as_joker is not None:
            # The first jolly named is the card of the hand acting as it.
            for k, meld in enumerate(self.melds):
                if any(card.is_joker for card in meld):
                    words = groups[k].split()
                    at = next(i for i, card in enumerate(meld) if card.is_joker)
                    words[at] = f"{self.as_joker}=JK"
                    groups[k] = " ".join(words)
                    break
        text = "show " + " | ".join(groups)
        return text if self.discard is None else f"{text} discard {self.discard}"


@dataclass(frozen=True, slots=True)
class Open:
    """Open with the hand's contract (carioca): every meld of it at once, without jollies."""

    melds: tuple[tuple[Card, ...], ...]

    def __reduce__(self) -> Reduced:
        return reduce_by_fields(self)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "open " + " | ".join(format_cards(m, "ascii") for m in self.melds)


@dataclass(frozen=True, slots=True)
class Call:
    """*Vedo*: put in what it takes to match the highest stake of the betting round."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Fold:
    """*Lascio*: leave the hand; what he put in stays in the pot."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class Raise:
    """*Rilancio*: call, and add the raise unit."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "raise"


@dataclass(frozen=True, slots=True)
class Knock:
    """Knock (*bussare*, gin rummy): go out keeping deadwood within the knock limit; the
    knocker then discards, lays his melds one by one and passes."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (gin rummy): refuse the first upcard, let the hand die at the wall, or say that
    the melds (or the lay-offs) of a knocked hand are done."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def __str__(self) -> str:
        return "pass"


#: The bets of the betting round (pokerato), by their word.
BETS: dict[str, Call | Fold | Raise] = {"call": Call(), "fold": Fold(), "raise": Raise()}

Action: TypeAlias = (
    Draw
    | TakeDiscard
    | Lay
    | Attach
    | Swap
    | Discard
    | Show
    | Open
    | Call
    | Fold
    | Raise
    | Knock
    | Pass
)


def _bad(text: str) -> NotationError:
    return NotationError(Reason.BAD_ACTION, token=text)


# A meld number is ASCII digits, never "²" or "٣" (str.isdigit and int() take both), and at most
# four of them: no table holds 10,000 melds, and int() refuses past 4300 digits.
_MELD_NUMBER = re.compile(r"[0-9]{1,4}")
# Keywords are folded to lower case in ASCII only: str.lower() turns the Kelvin sign (U+212A)
# into "k", and "İ" into two characters, which would shift every position after it.
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _meld_number(token: str) -> int:
    if _MELD_NUMBER.fullmatch(token) is None:
        raise NotationError(Reason.BAD_MELD_NUMBER, token=token)
    return int(token)


def as_action(action: object) -> Action:
    """``action``, or the action its text writes (:func:`parse_action`, whose refusal is
    ``bad_action``). Anything else is a program's mistake, a :class:`TypeError` (as the
    compiled build's signatures raise it)."""
    if isinstance(action, str):
        return parse_action(action)
    if isinstance(action, Action):
        return action
    raise TypeError(f"an action or its text, not {type(action).__name__}")


def parse_action(text: str) -> Action:
    """Parse one action of the text grammar.

    >>> lay = parse_action("lay 7h 8h jk=9h")
    >>> lay
    parse_action('lay 7H 8H JK=9H')
    >>> lay.cards, lay.jokers
    ((Card.parse('7H'), Card.parse('8H'), Card.parse('JK')), (Card.parse('9H'),))
    >>> str(parse_action("  attach 0 10h "))
    'attach 0 10H'
    >>> parse_action("pesca")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ramino.engine.errors.NotationError: 'pesca' non è una mossa: draw, take, lay, ...
    """
    words = text.split()
    if not words:
        raise _bad(text)
    verb, args = words[0].translate(_ASCII_LOWER), words[1:]
    if verb in ("draw", "take"):
        if args:
            raise _bad(text)
        return Draw() if verb == "draw" else TakeDiscard()
    if verb in ("knock", "pass"):
        if args:
            raise _bad(text)
        return Knock() if verb == "knock" else Pass()
    if verb in BETS:
        if args:
            raise _bad(text)
        return BETS[verb]
    if verb == "discard":
        if len(args) != 1:
            raise _bad(text)
        return Discard(Card.parse(args[0]))
    if verb == "lay":
        cards, jokers = parse_meld(args)
        return Lay(cards, jokers)
    if verb in ("attach", "swap"):
        if len(args) < 2:
            raise _bad(text)
        number = _meld_number(args[0])
        cards, jokers = parse_meld(args[1:])
        if verb == "swap":
            if jokers is not None:
                raise _bad(text)
            return Swap(number, cards)
        return Attach(number, cards, jokers)
    if verb == "show":
        return _parse_show(" ".join(args), text)
    if verb == "open":
        groups = []
        for group in " ".join(args).split("|"):
            cards, jokers = parse_meld(group)
            if jokers is not None:
                raise _bad(text)
            groups.append(cards)
        return Open(tuple(groups))
    raise _bad(text)


def _parse_show(body: str, text: str) -> Show:
    discard: Card | None = None
    lowered = body.translate(_ASCII_LOWER)
    if " discard " in f" {lowered} ":
        at = lowered.rfind("discard")
        tail = body[at + len("discard") :].split()
        if len(tail) != 1:
            raise _bad(text)
        discard = Card.parse(tail[0])
        body = body[:at]
    groups = list(body.split("|"))
    melds: list[tuple[Card, ...]] = []
    as_joker: Card | None = None
    for group in groups:
        words = group.split()
        for k, word in enumerate(words):
            # "2C=JK": a card of the hand acting as the jolly (one at most).
            head, sep, last = word.rpartition("=")
            if sep and last.translate(_ASCII_LOWER) == "jk":
                if as_joker is not None:
                    raise _bad(text)
                as_joker = Card.parse(head)
                if as_joker.is_joker:
                    raise _bad(text)
                words[k] = "JK"
        cards, jokers = parse_meld(words)
        if jokers is not None:
            raise _bad(text)
        melds.append(cards)
    return Show(tuple(melds), discard, as_joker)


def format_actions(actions: Sequence[Action]) -> str:
    """Actions one per line, in the text grammar."""
    return "\n".join(str(a) for a in actions)
