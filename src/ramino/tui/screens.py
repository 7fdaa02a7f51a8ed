"""The game's pop-up screens: the rules of the table, the score sheet between rounds, a choice
(which meld, which card a jolly stands for), leaving the game, and a file name to save to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..words.inline import said

__all__ = [
    "ChoiceScreen",
    "ConfirmScreen",
    "PathScreen",
    "QuitScreen",
    "SheetScreen",
    "TextScreen",
]

#: The widest a box gets, in columns.
_BOX_WIDTH = 100
_BOX_CSS = f"""
    align: center middle;
    #box {{ width: 96%; max-width: {_BOX_WIDTH}; height: auto; max-height: 90%;
           border: round $accent; background: $surface; padding: 0 1; }}
    #body {{ height: auto; max-height: 18; }}
    .keys {{ color: $text-muted; height: 1; }}
"""


# A page to read covers the table: a box narrower than the window would leave the table's
# first and last columns showing on either side of it, cut letters that read as stray marks.
_PAGE_CSS = "background: $background;"


class TextScreen(ModalScreen[None]):
    """Something to read (the rules of the table, the score sheet); Esc goes back."""

    DEFAULT_CSS = "TextScreen {" + _BOX_CSS + _PAGE_CSS + "} TextScreen #box { height: 90%; } "
    DEFAULT_CSS += "TextScreen #body { height: 1fr; max-height: 100%; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,r,enter", "close", show=False),
    ]

    def __init__(self, text: RenderableType, lang: str) -> None:
        super().__init__()
        # Plain text is shown as it is: a rule may contain brackets that are not markup.
        self.text = Text(text) if isinstance(text, str) else text
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            with VerticalScroll(id="body"):
                yield Static(self.text, id="text")
            yield Static(said(self.lang, "↑↓ scorri · Esc chiudi"), classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)


class SheetScreen(ModalScreen[str]):
    """The score sheet after a round. Enter goes on; at the end of the match, ``n`` starts a
    new one, ``e`` writes the rounds as records, ``q`` leaves; Esc closes it to look at the
    table as the round ended (``look``).

    With a ``question`` (the human may re-enter the match), it asks it and waits for the
    answer instead: ``s`` or ``y`` re-enters (``reenter``), ``n`` stays out (``decline``)."""

    DEFAULT_CSS = "SheetScreen {" + _BOX_CSS + _PAGE_CSS + "}"
    DEFAULT_CSS += " SheetScreen #question, SheetScreen #standing, SheetScreen #sheet-keys"
    DEFAULT_CSS += " { height: auto; } SheetScreen #sheet-title { height: 1; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "choose('next')", show=False),
        Binding("s,y", "choose('reenter')", show=False),
        Binding("n", "no", show=False),
        Binding("e", "choose('export')", show=False),
        Binding("q", "choose('quit')", show=False),
        Binding("escape", "choose('look')", show=False),
    ]

    def __init__(
        self,
        sheet: RenderableType,
        lang: str,
        *,
        over: bool,
        question: str | None = None,
        title: str | None = None,
        standing: str | None = None,
        keys: str | None = None,
        chips: bool = False,
    ) -> None:
        super().__init__()
        self.chips = chips
        """A match played for chips, whose rounds are hands (mani)."""
        self.keys = keys
        """The keys line, where it is not the home table's (online)."""
        self.sheet = sheet
        self.lang = lang
        self.over = over
        self.question = question
        self.title_text = title
        """The sheet's title, over it, outside its scrolling."""
        self.standing = standing
        """Who won, or who leads: under the sheet, outside its scrolling."""

    def _keys(self) -> str:
        # One line of at most 72 columns: the box's inside on an 80-column terminal.
        if self.keys is not None:
            return self.keys
        if self.question is not None:
            return said(
                self.lang,
                "s rientri · n resti fuori · Esc tavolo · q salva ed esci",
            )
        if self.over:
            return said(
                self.lang,
                "n nuova partita · e salva per ramino replay · Esc tavolo · q esci",
            )
        if self.chips:
            return said(self.lang, "Invio prossima mano · Esc tavolo · q salva ed esci")
        return said(
            self.lang,
            "Invio prossima smazzata · Esc tavolo · q salva ed esci",
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            if self.title_text is not None:
                title = Text(self.title_text, style="italic", no_wrap=True, overflow="ellipsis")
                yield Static(title, id="sheet-title")
            with VerticalScroll(id="body"):
                yield Static(self.sheet, id="sheet")
            if self.standing is not None:
                yield Static(Text(self.standing, style="bold"), id="standing")
            if self.question is not None:
                yield Static(Text(self.question, style="bold"), id="question")
            yield Static(self._keys(), id="sheet-keys", classes="keys")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def on_mount(self) -> None:
        self._fit(self.app.size)
        # The newest round, its last turn and its count are at the end: show them first.
        self.query_one("#body").scroll_end(animate=False)

    def _fit(self, size: Size) -> None:
        """The sheet scrolls in the height the window leaves it, so that the standing (or the
        winner), the question and the keys under it are always in sight. (A height relative
        to the window would not do: Textual sizes the box to its content before applying it.)"""
        width = max(1, min(_BOX_WIDTH, size.width * 96 // 100) - 4)  # border and padding
        console = self.app.console
        under = [t for t in (self.standing, self.question, self._keys()) if t is not None]
        rows = sum(len(Text(t).wrap(console, width)) for t in under)
        rows += self.title_text is not None
        box = size.height * 9 // 10 - 2
        self.query_one("#body").styles.max_height = max(3, box - rows)

    def action_no(self) -> None:
        # ``n`` answers the question when there is one; otherwise it is a new match.
        self.action_choose("decline" if self.question is not None else "again")

    def action_choose(self, what: str) -> None:
        if self.question is not None:
            # Nothing goes on until the question is answered (or the player leaves).
            if what in ("reenter", "decline", "quit", "look"):
                self.dismiss(what)
            return
        if what in ("reenter", "decline"):
            return
        if what in ("again", "export") and not self.over:
            return
        if what == "next" and self.over:
            return
        self.dismiss(what)


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of several options with the arrows and Enter (or a click); Esc cancels."""

    DEFAULT_CSS = "ChoiceScreen {" + _BOX_CSS + "} ChoiceScreen OptionList { height: auto; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, title: str, options: Sequence[RenderableType], lang: str) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"))
            yield OptionList(*[Option(o, id=str(i)) for i, o in enumerate(self.options)])
            yield Static(
                said(self.lang, "↑↓ scegli · Invio conferma · Esc annulla"),
                classes="keys",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Leaving in the middle of a match: ``s`` saves first, ``n`` leaves without saving,
    Esc goes back to the game."""

    DEFAULT_CSS = "QuitScreen {" + _BOX_CSS + "}"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s,y", "choose('save')", show=False),
        Binding("n", "choose('quit')", show=False),
        Binding("ctrl+c,q", "choose('quit')", show=False, priority=True),
        Binding("escape", "choose('back')", show=False),
    ]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(
                Text(
                    said(
                        self.lang,
                        "La partita non è finita. Salvarla prima di uscire?",
                    ),
                    style="bold",
                )
            )
            yield Static(
                said(
                    self.lang,
                    "s salva ed esci · n esci senza salvare · Esc torna al gioco",
                ),
                classes="keys",
            )

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class PathScreen(ModalScreen[str | None]):
    """A file name to write to; Enter confirms, Esc cancels."""

    DEFAULT_CSS = "PathScreen {" + _BOX_CSS + "}"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, title: str, default: str, lang: str) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.title_text, style="bold"))
            yield Input(value=self.default, id="path")
            yield Static(
                said(self.lang, "Invio conferma · Esc annulla"),
                classes="keys",
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question (``s``/``y`` yes, ``n`` or Esc no)."""

    DEFAULT_CSS = "ConfirmScreen {" + _BOX_CSS + "}"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s,y", "answer(True)", show=False),
        Binding("n,escape", "answer(False)", show=False),
    ]

    def __init__(self, question: str, lang: str) -> None:
        super().__init__()
        self.question = question
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(Text(self.question, style="bold"))
            yield Static(said(self.lang, "s sì · n no"), classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
