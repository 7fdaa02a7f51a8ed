"""The table on the screen: the melds laid (who laid each one and what each jolly stands for),
the stock (*tallone*) and the discard pile (*pozzo*), and the players around the table with
their cards in hand and match totals. Clicking a meld, the stock or the pile asks the game to
use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ..engine.chips import chips_words
from ..engine.melds import Meld
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..words.catalogue import NC_
from ..words.inline import nsaid, said
from .cards import CARD_BACKGROUND, card_text
from .narrate import missing_suits

__all__ = [
    "MeldsView",
    "PileView",
    "cards_word",
    "meld_text",
    "melds_lines",
    "players_text",
    "pot_text",
]

# A set's jolly that stands for several suits: the rank in black on the card's face.
_JOKER_SET_STYLE = f"bold #000000 on {CARD_BACKGROUND}"
_OPENED_STYLE = "bold #87d787"
#: A player who folded (betting), where his cards would be counted: a state, not the log's
#: verb ("folded", not "folds").
_FOLDED = NC_("player's state", "lascia")


def melds_lines(
    observation: Observation,
    names: Sequence[str],
    lang: str,
    rules: Rules,
    width: int,
    *,
    four_colours: bool = False,
) -> tuple[list[Text], list[int]]:
    """The melds on the table, each with its number, who laid it and its cards (each jolly
    with what it stands for, see :func:`meld_text`); a meld longer than ``width`` columns goes
    on under itself. Also the meld each line shows (for a click).

    >>> from ramino.engine import Round, get_preset
    >>> from ramino.engine.actions import parse_action
    >>> rules = get_preset("classico")
    >>> r = Round(rules, 2, seed=1, deck_order=None)
    >>> lines, rows = melds_lines(r.observation(0), ["Anna", "Bruno"], "it", rules, 30)
    >>> [line.plain for line in lines], rows
    (['Nessun gioco sul tavolo.'], [])
    """
    if not observation.table:
        empty = said(lang, "Nessun gioco sul tavolo.")
        return [Text(empty, style="dim")], []
    name_width = max(len(n) for n in names)
    lines: list[Text] = []
    rows: list[int] = []
    for number, laid in enumerate(observation.table):
        line = Text(no_wrap=True)
        # Numbered from 1, as people count them (the browser too).
        line.append(f"{number + 1:>2} ", style="bold")
        line.append(names[laid.owner].ljust(name_width) + "  ", style="italic")
        indent = " " * line.cell_len
        for i, unit in enumerate(_meld_units(laid.meld, rules, four_colours)):
            if i and line.cell_len + 1 + unit.cell_len > width:
                lines.append(line)
                rows.append(number)
                line = Text(indent, no_wrap=True)
            elif i:
                line.append(" ")
            line.append_text(unit)
        lines.append(line)
        rows.append(number)
    return lines, rows


def meld_text(meld: Meld, rules: Rules, *, four_colours: bool = False) -> Text:
    """A meld's cards, each jolly with the card it stands for (``🃏=9♠``). In a set whose
    jolly is freed only by every missing suit, it stands for all of them (``🃏=9♣♠``).

    >>> from dataclasses import replace
    >>> from ramino.engine import get_preset
    >>> from ramino.engine.cards import parse_cards
    >>> from ramino.engine.melds import validate_meld
    >>> from ramino.engine.rules import SetJokerSwap
    >>> rules = get_preset("classico")
    >>> tris = validate_meld(parse_cards("9H 9D JK"), rules)
    >>> declared = replace(rules, set_joker_swap=SetJokerSwap.DECLARED_SUIT)
    >>> meld_text(tris, rules).plain, meld_text(tris, declared).plain
    ('9♥ 9♦ 🃏=9♣♠', '9♥ 9♦ 🃏=9♣')
    """
    return Text(" ").join(_meld_units(meld, rules, four_colours))


def _meld_units(meld: Meld, rules: Rules, four_colours: bool) -> list[Text]:
    """Each card of a meld as text, a jolly with what it stands for."""
    missing = "".join(suit.symbol for suit in missing_suits(meld, rules))
    units = []
    for card, stands in zip(meld.cards, meld.represents, strict=True):
        unit = card_text(card, four_colours=four_colours)
        if card.is_joker:
            unit.append("=")
            if missing and stands.rank is not None:
                unit.append(stands.rank.symbol + missing, style=_JOKER_SET_STYLE)
            else:
                unit.append_text(card_text(stands, four_colours=four_colours))
        units.append(unit)
    return units


def players_text(
    observation: Observation,
    names: Sequence[str],
    totals: Sequence[int],
    dealer: str | None,
    lang: str,
    *,
    out: Sequence[str] = (),
    opening: bool = False,
    chips: Sequence[int] | None = None,
) -> Text:
    """The players around the table: whose turn it is, cards in hand, match total (played for
    chips: the ``chips`` each one holds, by default the observation's, and who has folded,
    in place of his cards, out of the hand); where the opening matters (``opening``), who has
    opened."""
    text = Text(no_wrap=True, overflow="ellipsis")
    width = max(len(n) for n in [*names, *out])
    if chips is None:
        chips = observation.chips
    for seat, name in enumerate(names):
        turn = seat == observation.to_play and not observation.is_over
        mark = "▶ " if turn else "  "
        style = "bold reverse" if turn else ("bold" if seat == observation.seat else "")
        text.append(mark + name.ljust(width), style=style)
        cards = observation.hand_sizes[seat]
        if chips is not None and observation.folded and observation.folded[seat]:
            # As wide as the cards it stands for, so that the line fits the side panel.
            text.append(" " + _FOLDED.template(lang, {}).ljust(8), style="dim")
        else:
            text.append(f" {cards:>2} " + cards_word(cards, lang))
        if chips is None:
            text.append(f" {totals[seat]:>3} " + said(lang, "pt"))
        else:
            text.append(f" {chips[seat]:>3} " + said(lang, "fiches"))
        if opening and observation.opened[seat]:
            text.append(" " + said(lang, "aperto"), style=_OPENED_STYLE)
        if name == dealer:
            text.append(" " + said(lang, "mazz."), style="dim")
        text.append("\n")
    for name in out:
        text.append("  " + name.ljust(width) + " " + said(lang, "fuori") + "\n", style="dim")
    text.rstrip()
    return text


def cards_word(count: int, lang: str) -> str:
    """ "carta"/"carte", "card"/"cards", as ``count`` wants.

    >>> cards_word(1, "it"), cards_word(2, "it"), cards_word(1, "en"), cards_word(0, "en")
    ('carta', 'carte', 'card', 'cards')
    """
    return nsaid(lang, "carta", "carte", count)


def pot_text(
    observation: Observation,
    names: Sequence[str],
    lang: str,
    *,
    pot: int | None = None,
    stakes: Sequence[int] | None = None,
) -> Text:
    """The pot of a hand played for chips (pokerato): every chip in the middle, and what each
    player has put in (``pot`` and ``stakes``, by default the observation's)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(said(lang, "Piatto: "), style="bold")
    text.append(chips_words(observation.pot if pot is None else pot, lang))
    put = observation.stakes if stakes is None else stakes
    stakes_words = " · ".join(f"{names[s]} {n}" for s, n in enumerate(put) if n)
    if stakes_words:
        text.append(f" ({stakes_words})", style="dim")
    return text


class MeldsView(Widget):
    """The melds on the table, drawn to the width of the box (a long meld goes on under
    itself); a click on one asks to attach the picked cards to it."""

    DEFAULT_CSS = """
    MeldsView { height: auto; }
    """

    class Clicked(Message):
        """Meld ``number`` was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._draw: Callable[[int], tuple[list[Text], list[int]]] = lambda width: ([], [])
        self.rows: list[int] = []
        """The meld shown on each line, as last drawn."""

    def show(self, draw: Callable[[int], tuple[list[Text], list[int]]]) -> None:
        """Draw the melds with ``draw(width)`` (see :func:`melds_lines`), now and on resizing."""
        self._draw = draw
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        lines, self.rows = self._draw(max(width, 20))
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        return Text("\n", no_wrap=True).join(self._lines(self.content_region.width))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self.rows):
            self.post_message(self.Clicked(self.rows[offset.y]))


class PileView(Static):
    """The stock or the discard pile; a click asks to draw from it."""

    class Clicked(Message):
        """The pile ``which`` (``stock`` or ``discard``) was clicked."""

        def __init__(self, which: str) -> None:
            super().__init__()
            self.which = which

    def __init__(self, which: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.which = which

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.which))
