"""Cards on the screen: their faces in two or four colours, and the player's hand, where cards
are picked with the arrow keys and the space bar or with the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..engine.cards import Card, Suit

__all__ = [
    "CARD_BACKGROUND",
    "CURSOR_BACKGROUND",
    "HandView",
    "card_style",
    "card_text",
    "cards_text",
    "sort_cards",
]

# Two-colour decks: hearts and diamonds red, clubs and spades black. The four-colour deck
# (as in bridge and poker rooms) gives each suit its own colour, so 7♦ and 7♥ never look alike.
# Exact colours, not a terminal's "red" or "white" (which a theme may turn pale or grey), all
# of the xterm-256 palette, each at least 4.5:1 (WCAG AA for text) on the card and the cursor.
_RED, _GREEN, _BLUE, _BLACK = "#af0000", "#005f00", "#0000af", "#000000"
_TWO = {Suit.CLUBS: _BLACK, Suit.DIAMONDS: _RED, Suit.HEARTS: _RED, Suit.SPADES: _BLACK}
_FOUR = {Suit.CLUBS: _GREEN, Suit.DIAMONDS: _BLUE, Suit.HEARTS: _RED, Suit.SPADES: _BLACK}
_JOKER_COLOUR = "#870087"
#: The card's face, and the back of the card under the cursor (light yellow).
CARD_BACKGROUND, CURSOR_BACKGROUND = "#ffffff", "#ffff87"
_EDGE = "#4e4e4e"


def card_style(
    card: Card, *, four_colours: bool = False, background: str = CARD_BACKGROUND
) -> Style:
    """The style of a card's face: its suit's colour on the card's background."""
    palette = _FOUR if four_colours else _TWO
    colour = _JOKER_COLOUR if card.suit is None else palette[card.suit]
    return Style(color=colour, bgcolor=background, bold=True)


def card_text(card: Card, *, four_colours: bool = False) -> Text:
    """One card as coloured text, ``7♥`` (the jolly ``🃏``), for lines of the table and the log.

    >>> card_text(Card.parse("7H")).plain
    '7♥'
    """
    return Text(card.unicode(), style=card_style(card, four_colours=four_colours))


def cards_text(cards: Sequence[Card], *, four_colours: bool = False) -> Text:
    """Cards as coloured text separated by spaces."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card, four_colours=four_colours))
    return text


def sort_cards(cards: Sequence[Card], *, by_rank: bool) -> list[Card]:
    """The hand in order: by suit then rank (♣ ♦ ♥ ♠), or by rank then suit; jolly last.

    >>> from ramino.engine.cards import parse_cards
    >>> [str(c) for c in sort_cards(parse_cards("7H JK 2S 7C"), by_rank=True)]
    ['2S', '7C', '7H', 'JK']
    """
    if not by_rank:
        return sorted(cards)
    return sorted(cards, key=lambda c: (c.is_joker, c.rank or 0, c.code))


# A card's frame: top, side, bottom; the card just drawn has a double one.
_FRAME = ("┌──┐", "│", "└──┘")
_DRAWN_FRAME = ("╔══╗", "║", "╚══╝")


def _face(card: Card) -> tuple[str, str]:
    """The two inner lines of a card's box: the rank top left, the suit bottom right."""
    if card.rank is None or card.suit is None:
        return "JK", " ★"
    return card.rank.symbol.ljust(2), " " + card.suit.symbol


class HandView(Widget, can_focus=True):
    """The player's hand as a row of cards. A card picked (selected) stands one line higher;
    the card under the cursor has a yellow back; the card just drawn has a double frame (small
    cards: underlined). Narrow screens get one line of small cards."""

    DEFAULT_CSS = """
    HandView { height: 5; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
        Binding("space,up", "pick", show=False),
        Binding("down", "unselect", show=False),
        Binding("escape", "clear", show=False),
    ]

    class Changed(Message):
        """The cursor or the selection moved."""

    cursor: reactive[int] = reactive(0)
    four_colours: reactive[bool] = reactive(False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.selected: set[int] = set()
        self.drawn: set[int] = set()
        """The cards drawn (or taken from the pozzo) in this turn, by place in the row."""

    # --- the cards shown ---

    def show(
        self,
        cards: Sequence[Card],
        *,
        by_rank: bool,
        keep: bool = True,
        drawn: Sequence[Card] = (),
    ) -> None:
        """Show ``cards`` in order, marking those ``drawn`` this turn; the selection follows
        the same cards where it can."""
        wanted = [self.cards[i] for i in sorted(self.selected)] if keep else []
        cursor_card = self.cards[self.cursor] if keep and self.cards else None
        self.cards = sort_cards(cards, by_rank=by_rank)
        self.selected = self._places(wanted)
        self.drawn = self._places(drawn)
        if cursor_card is not None and cursor_card in self.cards:
            self.cursor = self.cards.index(cursor_card)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        self.refresh()

    def _places(self, cards: Sequence[Card]) -> set[int]:
        """Where ``cards`` are in the row (twins one by one)."""
        places: set[int] = set()
        for card in cards:
            free = [i for i, c in enumerate(self.cards) if c is card and i not in places]
            if free:
                places.add(free[0])
        return places

    @property
    def selected_cards(self) -> list[Card]:
        """The picked cards, in hand order."""
        return [self.cards[i] for i in sorted(self.selected)]

    @property
    def chosen_cards(self) -> list[Card]:
        """The picked cards, or the card under the cursor when none is picked."""
        if self.selected:
            return self.selected_cards
        return [self.cards[self.cursor]] if self.cards else []

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Pick exactly ``cards`` (twins one by one)."""
        self.selected = self._places(cards)
        if self.selected:
            self.cursor = min(self.selected)
        self.refresh()
        self.post_message(self.Changed())

    def clear_selection(self) -> None:
        """Pick nothing."""
        self.selected = set()
        self.refresh()

    # --- keys and mouse ---

    def action_cursor(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.post_message(self.Changed())

    def action_cursor_to(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)
            self.post_message(self.Changed())

    def action_pick(self) -> None:
        if self.cards:
            self.selected ^= {self.cursor}
            self.refresh()
            self.post_message(self.Changed())

    def action_unselect(self) -> None:
        self.selected.discard(self.cursor)
        self.refresh()
        self.post_message(self.Changed())

    def action_clear(self) -> None:
        self.clear_selection()
        self.post_message(self.Changed())

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.cards:
            return
        index = offset.x // self._step()
        if 0 <= index < len(self.cards):
            self.cursor = index
            self.selected ^= {index}
            self.refresh()
            self.post_message(self.Changed())

    def watch_cursor(self) -> None:
        self.refresh()

    def watch_four_colours(self) -> None:
        self.refresh()

    # --- drawing ---

    def _step(self) -> int:
        """Columns per card: boxes with a gap when they fit, else small cards."""
        width = self.content_region.width or 78
        count = max(1, len(self.cards))
        if count * 5 <= width:
            return 5
        if count * 4 <= width:
            return 4
        return 3

    def render(self) -> Text:
        step = self._step()
        rows = [Text() for _ in range(5)]
        if not self.cards:
            return Text("—")
        for index, card in enumerate(self.cards):
            picked = index in self.selected
            under_cursor = index == self.cursor
            background = CURSOR_BACKGROUND if under_cursor else CARD_BACKGROUND
            face = card_style(card, four_colours=self.four_colours, background=background)
            edge = Style(color=_EDGE, bgcolor=background)
            top, bottom = _face(card)
            new = index in self.drawn
            if step == 3:
                # Small cards, one line tall: rank and suit in three columns.
                label = top.strip() + (bottom.strip() if card.suit is not None else "")
                row = 1 if picked else 2
                style = face + Style(underline=True) if new else face
                for r, line in enumerate(rows):
                    if r == row:
                        line.append(label[:3].ljust(3), style=style)
                    else:
                        line.append(" " * step)
                continue
            gap = " " * (step - 4)
            frame = _DRAWN_FRAME if new else _FRAME
            box = [
                Text(frame[0], style=edge),
                Text.assemble((frame[1], edge), (top, face), (frame[1], edge)),
                Text.assemble((frame[1], edge), (bottom, face), (frame[1], edge)),
                Text(frame[2], style=edge),
            ]
            start = 0 if picked else 1
            for r, line in enumerate(rows):
                if start <= r < start + 4:
                    line.append_text(box[r - start])
                else:
                    line.append("    ")
                line.append(gap)
        return Text("\n").join(rows)
