"""The Textual application of ``ramino play``: the table, the hand, the keys and the mouse.

Everything about the match lives in :class:`MatchController`; this module shows it and turns
keys and clicks into actions. A refused move shows the engine's sentence and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Static

from ..engine.actions import (
    Action,
    Attach,
    Call,
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
from ..engine.analysis import least_deadwood
from ..engine.cards import Card, code_order
from ..engine.chips import chips_words
from ..engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ..engine.errors import IllegalAction, RaminoError, Reason
from ..engine.observation import Observation
from ..engine.round import Phase
from ..engine.rules import Betting, Contract, FinalDiscard, Rules
from ..engine.text import cut, printable, to_name
from ..house_rules import HOLDS, Need, knob_applies
from ..words.catalogue import N_
from ..words.describe import describe
from ..words.inline import nsaid, said
from .cards import HandView, cards_text
from .controller import MatchController, NothingToUndo, NotYourTurn
from .game import TableGame
from .jokers import Declaration, joker_choices
from .narrate import seat_name
from .save import export_paths, export_records, free_name, io_words, save_match
from .screens import (
    ChoiceScreen,
    ConfirmScreen,
    PathScreen,
    QuitScreen,
    SheetScreen,
    TextScreen,
)
from .sheet import outcome, sheet_title, sheet_view
from .table import (
    MeldsView,
    PileView,
    cards_word,
    meld_text,
    melds_lines,
    players_text,
    pot_text,
)

__all__ = ["DEFAULT_PAUSE", "DEFAULT_SAVE", "RaminoApp"]

#: Seconds between two moves of the computer, so they can be followed (Enter skips).
DEFAULT_PAUSE = 0.7
#: The file a match is saved to unless the player names another.
DEFAULT_SAVE = "ramino-partita.json"
#: Lines of table talk kept (the oldest go first).
_LOG_LINES = 500
#: The smallest window the table is drawn in; below it a notice asks for a bigger one.
MIN_SIZE = (80, 24)
# What the game writes: a refusal, and any other sentence, light on the dark background
# (WCAG AA, checked by the tests).
ERROR_STYLE, NOTE_STYLE = "bold #ff8787", "#87d787"


def _always(rules: Rules) -> bool:
    return True


#: Whether a table of these rules, of any size, is dealt a jolly.
_jollies = HOLDS[Need.JOKERS]


def _lays(rules: Rules) -> bool:
    """Whether cards are laid before the round's end: during play, or after a knock (gin);
    not in pokerato, where one goes out by showing the hand."""
    return rules.melding_during_play or rules.knock_limit is not None


def _swaps(rules: Rules) -> bool:
    """Whether a laid jolly may be taken back: where the knob is on and bears on the game."""
    return rules.joker_swap and knob_applies("joker_swap", rules)


def _shows(rules: Rules) -> bool:
    """Whether a player goes out by showing his whole hand: where nothing is laid during
    play (Casertano, pokerato) or a flush closes the round; never where players knock."""
    return (not rules.melding_during_play or rules.flush_close) and rules.knock_limit is None


#: The keys, as ``?`` shows them: each line, and whether the rules played have its move.
_KEYS_HELP: tuple[tuple[str, Callable[[Rules], bool]], ...] = (
    (
        N_("Carte: ←/→ sposta, spazio (o ↑) sceglie, ↓ toglie, Esc nessuna; clic del mouse."),
        _always,
    ),
    (N_("t pesca dal tallone · p prendi dal pozzo (o clic sul tallone, sul pozzo)"), _always),
    (N_("c cala le carte scelte come gioco"), lambda rules: _lays(rules) and not _jollies(rules)),
    (
        N_("c cala le carte scelte come gioco (se il jolly può valere più carte, te lo chiede)"),
        lambda rules: _lays(rules) and _jollies(rules),
    ),
    (
        N_("  nella carioca, prima di aprire, c apre con le carte scelte del contratto"),
        lambda rules: bool(rules.contracts),
    ),
    (N_("a attacca le carte scelte a un gioco (o clic sul gioco)"), _lays),
    (N_("j riprendi un jolly dando le carte scelte"), _swaps),
    (N_("m mostra la mano e chiudi"), lambda rules: _shows(rules)),
    (
        N_("puntate (pokerato): v vedi · l lascia · + rilancia"),
        lambda r: r.betting is not Betting.NONE,
    ),
    (
        N_("gin rummy: b bussa · n passa (la carta scoperta, al muro, o finito di calare)"),
        lambda rules: rules.knock_limit is not None,
    ),
    (N_("s scarta la carta scelta (senza carte scelte, sceglie quella sotto il cursore)"), _always),
    (
        N_("u annulla l'ultima calata o attacco del tuo turno (prima di scartare)"),
        lambda rules: _lays(rules) and not _swaps(rules),
    ),
    (
        N_("u annulla l'ultima calata, attacco o jolly ripreso del tuo turno (prima di scartare)"),
        _swaps,
    ),
    (N_("PagSu/PagGiù scorrono la cronaca · < > scorrono i giochi sul tavolo"), _always),
    (N_("h suggerimento · o ordina per seme/valore · 4 mazzo a quattro colori"), _always),
    (N_("r regole del tavolo · f foglio dei punti · Invio salta la pausa dei computer"), _always),
    (N_("q o Ctrl+C esci (a partita in corso propone di salvarla)"), _always),
    (N_("La carta appena pescata ha la cornice doppia."), _always),
)


#: The lines of ``?`` that differ at an online table: no undo, no computer's pause to skip,
#: and leaving keeps the seat instead of offering a save.
_HOME_ONLY = frozenset(
    {
        "u annulla l'ultima calata o attacco del tuo turno (prima di scartare)",
        "u annulla l'ultima calata, attacco o jolly ripreso del tuo turno (prima di scartare)",
        "r regole del tavolo · f foglio dei punti · Invio salta la pausa dei computer",
        "q o Ctrl+C esci (a partita in corso propone di salvarla)",
    }
)
_ONLINE_KEYS = (
    N_("r regole del tavolo · f (o Invio) foglio dei punti"),
    N_("q o Ctrl+C esci: il posto resta tuo, e all'uscita si stampa il comando per tornare"),
    N_("La carta appena pescata ha la cornice doppia."),
)


def keys_help(rules: Rules, lang: str, *, online: bool = False) -> str:
    """The keys as ``?`` shows them, without the moves ``rules`` never have: carioca's
    contract, the jolly where none is dealt, taking a jolly back and closing by showing the
    hand (not where players knock), the bets, the knock. ``online``: at a table of a server,
    where a move made stays made and leaving keeps the seat."""
    lines = [line for line, applies in _KEYS_HELP if applies(rules)]
    if online:
        lines = [line for line in lines if line not in _HOME_ONLY and line not in _ONLINE_KEYS]
        lines += _ONLINE_KEYS
    return "\n".join(said(lang, line) for line in lines)


class _Scroll(VerticalScroll, can_focus=False):
    """A scrolling area that never takes the keys away from the hand."""


class RaminoApp(App[None]):
    """One player against the computer. ``pause`` is the delay between the computer's moves
    (0 plays them at once, as the tests do); ``save_path`` the file offered for saving."""

    TITLE = "ramino"
    # The table and the log share the height left by the hand: a taller window shows more
    # of the log (5 lines at 80×24, 12 at 120×40), a wider one longer melds.
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    #middle { height: 1fr; min-height: 9; }
    #side { width: 40; padding: 0 1; }
    #players, #melds, #status, #keys { text-wrap: nowrap; text-overflow: ellipsis; }
    #players { height: auto; }
    #stock, #discard { height: 1; }
    #pot, #contract { height: auto; }
    #melds-box { width: 1fr; border-left: vkey $primary; padding: 0 1; }
    #log-box { height: 1fr; min-height: 4; border-top: hkey $primary; padding: 0 1; }
    /* As tall as its box at least: a short log starts at the top while the box follows the end. */
    #log { min-height: 100%; }
    #message { height: auto; max-height: 4; padding: 0 1; }
    #keys { height: 1; color: $text-muted; padding: 0 1; }
    #too-small { display: none; height: 1fr; content-align: center middle; padding: 0 2; }
    Screen.-too-small > * { display: none; }
    Screen.-too-small > #too-small { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "draw", show=False),
        Binding("p", "take", show=False),
        Binding("c", "lay", show=False),
        Binding("a", "attach", show=False),
        Binding("j", "swap", show=False),
        Binding("s", "discard", show=False),
        Binding("m", "show", show=False),
        Binding("v", "call", show=False),
        Binding("l", "fold", show=False),
        Binding("plus", "raise", show=False),
        Binding("b", "knock", show=False),
        Binding("n", "pass", show=False),
        Binding("u,ctrl+z", "undo", show=False),
        Binding("pageup", "scroll_log(-1)", show=False),
        Binding("pagedown", "scroll_log(1)", show=False),
        Binding("less_than_sign", "scroll_melds(-1)", show=False),
        Binding("greater_than_sign", "scroll_melds(1)", show=False),
        Binding("h", "hint", show=False),
        Binding("o", "sort", show=False),
        Binding("4", "colours", show=False),
        Binding("r", "rules", show=False),
        Binding("f", "sheet", show=False),
        Binding("question_mark", "keys", show=False),
        Binding("enter", "skip", show=False),
        Binding("q", "quit_game", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
    ]

    def __init__(
        self,
        game: TableGame,
        *,
        lang: str = "it",
        pause: float = DEFAULT_PAUSE,
        save_path: str | None = None,
        four_colours: bool = False,
    ) -> None:
        super().__init__()
        self.game: TableGame = game
        self.lang = lang
        self.pause = pause
        # The file offered for saving: the one resumed from, or a name no earlier save has.
        self.save_path = save_path or free_name(DEFAULT_SAVE)
        self.four_colours = four_colours
        self.by_rank = False
        self.message = ""
        """The last sentence shown under the hand (a refusal, a hint, a note)."""
        self.saved_to: str | None = None
        """The file the match was saved to when leaving, if it was."""
        self._is_error = False
        self._timer: Timer | None = None
        self._skip = False

    def t(self, message: str, **values: object) -> str:
        """``message`` (its Italian words) in the player's language, ``values`` filled in."""
        return said(self.lang, message, **values)

    def nt(self, one: str, many: str, count: int, **values: object) -> str:
        """The words for ``count`` things in the player's language (``{count}`` filled in)."""
        return nsaid(self.lang, one, many, count, **values)

    def seat_name(self, name: str) -> str:
        """A player as the screen names him: the human "Tu" ("You")."""
        return seat_name(name, self.game.human, self.lang)

    # --- layout ---

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        yield Static(id="status")
        with Horizontal(id="middle"):
            with Vertical(id="side"):
                yield Static(id="players")
                yield PileView("stock", id="stock")
                yield PileView("discard", id="discard")
                yield Static(id="pot")
                yield Static(id="contract")
            with _Scroll(id="melds-box"):
                yield MeldsView(id="melds")
        with _Scroll(id="log-box"):
            yield Static(id="log")
        yield HandView(id="hand")
        yield Static(id="message")
        yield Static(id="keys")

    @property
    def match(self) -> MatchController:
        """The match against the computer this table plays (what only a local table has: the
        computer's turns, the score sheet's choices, undo and saving)."""
        assert isinstance(self.game, MatchController)
        return self.game

    @property
    def hand(self) -> HandView:
        """The player's hand on screen."""
        return self.query_one("#hand", HandView)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Below the smallest window, a notice instead of a table cut without a word."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.screen.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                Text(
                    self.t(
                        "La finestra è troppo piccola ({width}×{height}): allargala almeno a"
                        " {least_width}×{least_height} per vedere il tavolo.",
                        width=width,
                        height=height,
                        least_width=MIN_SIZE[0],
                        least_height=MIN_SIZE[1],
                    ),
                    style="bold",
                    justify="center",
                )
            )
        else:
            self.hand.focus()

    def on_mount(self) -> None:
        self._follow_log()
        self.hand.four_colours = self.four_colours
        self.hand.focus()
        self._fit(self.size.width, self.size.height)
        self.begin()

    def begin(self) -> None:
        """Start the table once it is on screen: deal, or go on from where the match is."""
        game = self.match
        if game.round is None and not game.is_over:
            if game.human_out and game.reentry_offer(game.human) is None:
                self._play_out()
                return
            if not game.human_out:
                game.start_round()
        self.refresh_view()
        if game.round is None:
            self._show_sheet()
        else:
            self._continue()

    def _follow_log(self) -> None:
        """Keep the log on its newest line as lines come, until the player scrolls back to
        read (paging down to the end follows again). Textual's anchor holds this state, so it
        survives a layout made while the score sheet covers the table."""
        self.query_one("#log-box", _Scroll).anchor()

    # --- drawing the table ---

    def refresh_view(self) -> None:
        """Draw everything again from the game's state."""
        game = self.game
        observation = game.observation()
        self.query_one("#status", Static).update(self._status())
        self.query_one("#keys", Static).update(self._keys())
        self.query_one("#message", Static).update(
            Text(self.message, style=ERROR_STYLE if self._is_error else NOTE_STYLE)
        )
        del game.log[:-_LOG_LINES]
        log = "\n".join(line.text(self.lang) for line in game.log)
        self.query_one("#log", Static).update(Text(log))
        if observation is None:
            return
        # The screen names the human "Tu"; the match keeps his name.
        names = tuple(self.seat_name(n) for n in game.names)
        totals = game.totals()
        out = [self.seat_name(p) for p in game.players if p not in game.names]
        rules = game.rules
        # Who has opened, where it decides what a player may do.
        opening = (
            rules.opening_threshold > 0
            or not rules.attach_before_opening
            or observation.contract is not None
        )
        self.query_one("#players", Static).update(
            players_text(
                observation,
                names,
                totals,
                None if game.dealer is None else self.seat_name(game.dealer),
                self.lang,
                out=out,
                opening=opening,
                chips=game.chips(),
            )
        )
        stock = Text(self.t("Tallone: "), style="bold")
        stock.append(f"{observation.stock_count} " + cards_word(observation.stock_count, self.lang))
        self.query_one("#stock", PileView).update(stock)
        pile = Text(self.t("Pozzo: "), style="bold")
        top = observation.top_discard
        if top is None:
            pile.append("—")
        else:
            pile.append_text(cards_text([top], four_colours=self.four_colours))
            pile.append(f" ({len(observation.discard_pile)})", style="dim")
        self.query_one("#discard", PileView).update(pile)
        contract = self.query_one("#contract", Static)
        contract.display = observation.contract is not None
        if observation.contract is not None:
            called = CONTRACT_NAMES[observation.contract]
            terms = CONTRACT_TERMS[observation.contract]
            line = Text(self.t("Contratto: "), style="bold")
            line.append(f"{called.message(self.lang)} — {terms.message(self.lang)}")
            contract.update(line)
        pot = self.query_one("#pot", Static)
        pot.display = observation.chips is not None
        if observation.chips is not None:
            pot.update(
                pot_text(observation, names, self.lang, pot=game.pot(), stakes=game.stakes())
            )
        four = self.four_colours
        self.query_one("#melds", MeldsView).show(
            lambda width: melds_lines(
                observation, names, self.lang, rules, width, four_colours=four
            )
        )
        self.hand.show(observation.hand, by_rank=self.by_rank, drawn=game.drawn_this_turn())

    def _status(self) -> Text:
        game = self.game
        number = game.rounds_played + (1 if game.in_round else 0)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(self.t("Smazzata {number}", number=number), style="bold")
        text.append(f" · {printable(game.rules.name)} · ")
        who = game.to_play
        if game.is_over:
            text.append(self.t("partita finita"))
        elif who is None:
            text.append(self.t("smazzata finita: Invio per il foglio"))
        elif who == game.human:
            observation = game.observation()
            if game.rules.knock_limit is not None and observation is not None:
                text.append(self._knocking_turn(observation), style="bold")
            elif game.phase is Phase.BET and observation is not None and not observation.to_call:
                # The blind's option, nobody having raised: his call puts in nothing.
                text.append(
                    self.t("tocca a te: v vedi senza aggiungere fiches · l lascia · + rilancia"),
                    style="bold",
                )
            elif game.phase is Phase.BET and observation is not None:
                call = chips_words(observation.to_call, self.lang)
                text.append(
                    self.t(
                        "tocca a te: v vedi ({chips}) · l lascia · + rilancia",
                        chips=call,
                    ),
                    style="bold",
                )
            elif game.phase is Phase.DRAW:
                text.append(self._draw_words(), style="bold")
            elif observation is not None and self._contract_turn(observation) == "to_open":
                if observation.contract is Contract.ONE_TURN:
                    # The last hand opens by laying the whole hand: nothing is thrown.
                    asked = self.t(
                        "tocca a te: chiudi calando tutta la mano in giochi (c), senza scartare;"
                        " se non puoi, scarta (s)"
                    )
                else:
                    asked = self.t("tocca a te: apri con il contratto (c) se puoi, poi scarta (s)")
                text.append(asked, style="bold")
            elif observation is not None and self._contract_turn(observation) == "just_opened":
                text.append(
                    self.t("tocca a te: scarta (s); si cala e si attacca dal prossimo turno"),
                    style="bold",
                )
            elif observation is not None and self._opening_turn(observation):
                text.append(self._opening_words(observation), style="bold")
            elif not game.rules.melding_during_play:
                # Pokerato: nothing is laid; one goes out by showing the whole hand.
                text.append(
                    self.t(
                        "tocca a te: scarta (s) o chiudi mostrando la mano (m)",
                    ),
                    style="bold",
                )
            else:
                text.append(
                    self.t(
                        "tocca a te: cala, attacca, poi scarta (s)",
                    ),
                    style="bold",
                )
        else:
            text.append(self.t("tocca {to_player}…", to_player=(to_name(who), who)))
        return text

    def _opening_turn(self, observation: Observation) -> bool:
        """Whether the human, in the play of his turn, has still to open under a threshold
        of points (carioca's contract apart): what he may lay is then the opening."""
        rules = self.game.rules
        return (
            self.game.phase is Phase.PLAY
            and rules.melding_during_play
            and observation.contract is None
            and rules.opening_threshold > 0
            and not observation.opened[observation.seat]
        )

    def _opening_words(self, observation: Observation) -> str:
        """What the turn asks before the opening: its threshold, and the points laid towards
        it so far this turn."""
        threshold = self.game.rules.opening_threshold
        if observation.opening_points:
            return self.t(
                "tocca a te: apertura a {points} su {threshold}, cala ancora (c)",
                points=observation.opening_points,
                threshold=threshold,
            )
        return self.t(
            "tocca a te: apri con {threshold} punti (c), poi scarta (s)",
            threshold=threshold,
        )

    def _draw_words(self) -> str:
        """How the human may draw: from the pozzo too only where the rules let him take its
        card now (it is there, he has opened where that is asked, he can use it)."""
        if self.game.can(TakeDiscard()):
            return self.t("tocca a te: pesca (t) o prendi dal pozzo (p)")
        return self.t("tocca a te: pesca dal tallone (t)")

    def _contract_turn(self, observation: Observation) -> str | None:
        """Where the human's play stands against carioca's contract: ``to_open`` before his
        opening, ``just_opened`` in the turn he opened (nothing more goes down in it), else
        ``None``."""
        if observation.contract is None or self.game.phase is not Phase.PLAY:
            return None
        me = observation.seat
        if not observation.opened[me]:
            return "to_open"
        if observation.melded_before and not observation.melded_before[me]:
            return "just_opened"
        return None

    def _knocking_turn(self, observation: Observation) -> str:
        """What the human's turn asks of him under knocking (gin rummy), with his deadwood
        where he may knock."""
        game, phase = self.game, self.game.phase
        if phase is Phase.DRAW and game.can(Pass()):
            if game.can(Knock()):
                return self.t(
                    "tallone al muro: bussa con il pozzo (b) o passa (n)",
                )
            if not game.can(TakeDiscard()):
                return self.t(
                    "tallone al muro: passa (n), la mano è nulla",
                )
            return self.t(
                "tocca a te: prendi la carta scoperta (p) o passa (n)",
            )
        if phase is Phase.DRAW:
            return self._draw_words()
        if phase is Phase.PLAY:
            left = least_deadwood(observation)
            if game.can(Knock()):
                return self.t(
                    "tocca a te: scarta (s) o bussa (b) · spaiati {deadwood}",
                    deadwood=left,
                )
            limit = observation.knock_limit
            return self.t(
                "tocca a te: scarta (s) · spaiati {deadwood}, per bussare ≤ {limit}",
                deadwood=left,
                limit=limit,
            )
        if phase is Phase.KNOCK and any(isinstance(a, Discard) for a in observation.legal_actions):
            return self.t("hai bussato: scarta (s)")
        if phase is Phase.KNOCK:
            return self.t(
                "hai bussato: cala i tuoi giochi (c), poi passa (n)",
            )
        if phase is Phase.LAY_OFF:
            return self.t(
                "attacca ai giochi di chi ha bussato (a), poi passa (n)",
            )
        return self.t("cala i tuoi giochi (c), poi passa (n)")

    def _may_discard(self) -> bool:
        """Whether a throw is among the human's moves now (a knocker's, before his melds)."""
        observation = self.game.observation()
        return observation is not None and any(
            isinstance(a, Discard) for a in observation.legal_actions
        )

    def _knocking_keys(self) -> str | None:
        """The keys of the human's turn under knocking (gin rummy), as its step allows them;
        ``None`` where they are ramino's (a plain draw)."""
        game, phase = self.game, self.game.phase
        if phase is Phase.DRAW and game.can(Knock()):
            return self.t("b bussa · n passa · h aiuto · r regole · f punti · ? tasti · q esci")
        if phase is Phase.DRAW and game.can(Pass()):
            if not game.can(TakeDiscard()):  # at the wall, with nothing to knock with
                return self.t("n passa · h aiuto · r regole · f punti · ? tasti · q esci")
            return self.t("p pozzo · n passa · h aiuto · r regole · f punti · ? tasti · q esci")
        if phase is Phase.PLAY:
            return self.t("←→ spazio scegli · s scarta · b bussa · h aiuto · r regole · ? tasti")
        if phase is Phase.LAY_OFF:
            return self.t("←→ spazio scegli · a attacca · n passa · h aiuto · r regole · ? tasti")
        if phase is Phase.KNOCK and self._may_discard():
            return self.t("←→ spazio scegli · s scarta · h aiuto · r regole · ? tasti")
        if phase in (Phase.KNOCK, Phase.SPREAD):
            # Thrown: the melds are laid next, and the pass once they are down.
            return self.t("←→ spazio scegli · c cala · n passa · h aiuto · r regole · ? tasti")
        return None

    def _keys(self) -> str:
        if self.game.rules.knock_limit is not None and self.game.human_to_move:
            keys = self._knocking_keys()
            if keys is not None:
                return keys
        if self.game.human_to_move and self.game.phase is Phase.BET:
            return self.t(
                "v vedi · l lascia · + rilancia · h aiuto · r regole · f fiches · ? tasti",
            )
        chips = self.game.rules.betting is not Betting.NONE
        if self.game.human_to_move and self.game.phase is Phase.DRAW:
            # The pozzo only where its card may be taken now (as the turn's line says).
            if not self.game.can(TakeDiscard()):
                if chips:
                    return self.t("t tallone · h aiuto · r regole · f fiches · ? tasti · q esci")
                return self.t("t tallone · h aiuto · r regole · f punti · ? tasti · q esci")
            if chips:
                return self.t(
                    "t tallone · p pozzo · h aiuto · r regole · f fiches · ? tasti · q esci",
                )
            return self.t(
                "t tallone · p pozzo · h aiuto · r regole · f punti · ? tasti · q esci",
            )
        if self.game.human_to_move and not self.game.rules.melding_during_play:
            return self.t(
                "←→ spazio scegli · s scarta · m mostra e chiudi · h aiuto · ? tasti",
            )
        observation = self.game.observation() if self.game.human_to_move else None
        contract = None if observation is None else self._contract_turn(observation)
        if contract == "to_open":
            return self.t("←→ spazio scegli · c apri · s scarta · h aiuto · r regole · ? tasti")
        if contract == "just_opened" and self.game.can_undo:
            return self.t("←→ spazio scegli · s scarta · u annulla · h aiuto · ? tasti")
        if contract == "just_opened":
            return self.t("←→ spazio scegli · s scarta · h aiuto · r regole · ? tasti")
        if self.game.human_to_move and observation is not None:
            return self._play_keys(observation)
        if not self.game.in_round or self.game.to_play is None:
            return self.t(
                "Invio foglio dei punti · PagSu cronaca · r regole · ? tasti · q esci",
            )
        return self._others_keys(chips)

    def _others_keys(self, chips: bool) -> str:
        """The keys while the others play (``chips``: a match played for them)."""
        if chips:
            return self.t(
                "Invio salta la pausa · r regole · f fiches · ? tasti · q esci",
            )
        return self.t(
            "Invio salta la pausa · r regole · f punti · ? tasti · q esci",
        )

    def _play_keys(self, observation: Observation) -> str:
        """The keys of the play of a turn, as far as the rules let the human use them now: no
        attaching or taking a jolly back before his opening where the rules wait for it, no
        jolly where none is dealt; undo in place of the hint once there is a move to undo."""
        rules = self.game.rules
        opened = observation.opened[observation.seat]
        undo = self.game.can_undo
        keys = [self.t("←→ spazio scegli"), self.t("c cala")]
        if opened or rules.attach_before_opening:
            keys.append(self.t("a attacca"))
        # Where the rules wait for the opening (or for the turn after it), not before.
        may_swap = observation.opened_before if rules.joker_swap_waits_a_turn else opened
        if not undo and _swaps(rules) and (may_swap or not rules.joker_swap_needs_opened):
            keys.append(self.t("j jolly"))
        keys.append(self.t("s scarta"))
        keys.append(self.t("u annulla") if undo else self.t("h aiuto"))
        keys.append(self.t("? tasti"))
        return " · ".join(keys)

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a sentence under the hand."""
        self.message = text
        self._is_error = error
        self.query_one("#message", Static).update(
            Text(text, style=ERROR_STYLE if error else NOTE_STYLE)
        )

    # --- the computer's turns ---

    def _continue(self) -> None:
        """Let the computer play until it is the human's turn or the round ends."""
        game = self.match
        while game.bot_to_move:
            if self.pause > 0 and not self._skip:
                if self._timer is None:
                    self._timer = self.set_timer(self.pause, self._bot_tick)
                return
            game.bot_step()
        self._skip = False
        self.refresh_view()
        if game.round is not None and game.round.is_over:
            self._round_over()

    def _bot_tick(self) -> None:
        self._timer = None
        if self.match.bot_to_move:
            self.match.bot_step()
            self.refresh_view()
        self._continue()

    def action_skip(self) -> None:
        """Play the computer's moves at once, up to the human's turn (between rounds: back to
        the score sheet)."""
        if self.match.round is None:
            self._show_sheet()
            return
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._skip = True
        self._continue()

    # --- the end of a round ---

    def _round_over(self) -> None:
        self.match.finish_round()
        self.refresh_view()
        if self.match.reentry_offer(self.match.human) is not None:
            # Out, but the rules let him back in: the score sheet asks first.
            self._show_sheet()
            return
        if self.match.human_out and not self.match.is_over:
            # Out of the match: the computer plays the rest, and the sheet shows how it ended.
            self._play_out()
            return
        self._show_sheet()

    def _play_out(self) -> None:
        game = self.match
        while not game.is_over:
            game.start_round()
            while game.bot_to_move:
                game.bot_step()
            game.finish_round()
        self.say(
            self.t(
                "Sei fuori: la partita è finita fra i computer.",
            )
        )
        self.refresh_view()
        self._show_sheet()

    def _show_sheet(self) -> None:
        game = self.match
        view = sheet_view(game, self.lang, four_colours=self.four_colours, apart=True)
        offer = game.reentry_offer(game.human)
        screen = SheetScreen(
            view,
            self.lang,
            over=game.is_over,
            question=None if offer is None else offer.question(self.lang),
            title=sheet_title(game.rules, self.lang),
            standing=outcome(game, self.lang),
            chips=game.rules.betting is not Betting.NONE,
        )
        self.push_screen(screen, self._after_sheet)

    def _after_sheet(self, choice: str | None) -> None:
        if choice in ("reenter", "decline"):
            self.match.decide_reentry(self.match.human, choice == "reenter")
            if choice == "decline":
                self._play_out()
                return
            self.say(self.match.log[-1].text(self.lang))
            if self.match.is_over:
                # Back in, but the others stayed out: too few players left, the match ends.
                self.refresh_view()
                self._show_sheet()
                return
            self._deal()
            self.refresh_view()
            self._continue()
        elif choice == "next":
            self._deal()
            self.say("")
            self.refresh_view()
            self._continue()
        elif choice == "again":
            self.game = self.match.again()
            self._deal()
            self.say("")
            self.refresh_view()
            self._continue()
        elif choice == "export":
            self._ask_path(
                self.t(
                    "Nome dei file delle smazzate (-1.json, -2.json, … per ramino replay):",
                ),
                self.save_path.removesuffix(".json") + "-smazzata.json",
                self._export,
            )
        elif choice == "look":
            self.say(
                self.t(
                    "La smazzata è finita così: Invio o f riapre il foglio dei punti.",
                )
            )
        elif choice == "quit":
            self.action_quit_game()

    def _deal(self) -> None:
        """Deal the next round; the log follows it from its first line, even if the player
        left it scrolled back in the last one."""
        self.match.start_round()
        self._follow_log()

    def _export(self, path: str | None) -> None:
        if path is None:
            self._show_sheet()
            return
        taken = [p for p in export_paths(self.match, path) if p.exists()]

        def write(yes: bool | None = True) -> None:
            if not yes:
                self._after_sheet("export")
                return
            try:
                files = export_records(self.match, path)
            except OSError as error:
                self.say(io_words(error, path, self.lang), error=True)
            else:
                listed = ", ".join(str(f) for f in files)
                self.say(self.t("Scritte: {files}", files=listed))
            self._show_sheet()

        if taken:
            self._confirm_overwrite([str(p) for p in taken], write)
        else:
            write()

    def _confirm_overwrite(self, paths: Sequence[str], then: Callable[[bool | None], None]) -> None:
        """Ask before replacing files that exist."""
        names = ", ".join(cut(p) for p in paths)
        question = self.nt(
            "Il file {names} esiste già: sostituirlo?",
            "I file {names} esistono già: sostituirli?",
            len(paths),
            names=names,
        )
        self.push_screen(ConfirmScreen(question, self.lang), then)

    def _ask_path(self, title: str, default: str, then: Callable[[str | None], None]) -> None:
        self.push_screen(PathScreen(title, default, self.lang), then)

    # --- the human's moves ---

    def play(self, action: Action) -> bool:
        """Play the human's ``action``; a refusal shows its reason and changes nothing."""
        try:
            self.match.play_human(action)
        except (RaminoError, NotYourTurn) as error:
            self.say(error.message(self.lang), error=True)
            return False
        self.say("")
        if not isinstance(action, Draw | TakeDiscard | Call | Fold | Raise):
            # Cards picked before the draw (or a bet) stay picked: they are the plan.
            self.hand.clear_selection()
        self.refresh_view()
        round_ = self.match.round
        if round_ is not None and round_.is_over:
            self._round_over()
        else:
            self._continue()
        return True

    def _my_turn(self) -> bool:
        if self.game.human_to_move:
            return True
        self.say(NotYourTurn(self.game.to_play).message(self.lang), error=True)
        return False

    def action_draw(self) -> None:
        self.play(Draw())

    def action_call(self) -> None:
        self.play(Call())

    def action_fold(self) -> None:
        self.play(Fold())

    def action_raise(self) -> None:
        self.play(Raise())

    def action_take(self) -> None:
        self.play(TakeDiscard())

    def action_knock(self) -> None:
        self.play(Knock())

    def action_pass(self) -> None:
        self.play(Pass())

    def action_discard(self) -> None:
        hand = self.hand
        playing = self.game.human_to_move and self.game.phase in (Phase.PLAY, Phase.KNOCK)
        if not hand.selected and hand.cards and playing:
            # Nothing picked: s picks the card under the cursor and a second s throws it,
            # so that a slip never costs a card.
            card = hand.cards[hand.cursor]
            hand.selected = {hand.cursor}
            hand.refresh()
            self.say(
                self.t(
                    "Scarti {card}? Premi di nuovo s (Esc per lasciarla).",
                    card=card.unicode(),
                )
            )
            return
        cards = hand.chosen_cards
        if len(cards) != 1:
            self.say(
                self.t("Scegli una sola carta da scartare."),
                error=True,
            )
            return
        self.play(Discard(cards[0]))

    def action_lay(self) -> None:
        cards = tuple(self.hand.selected_cards)
        # What comes first (the draw, the bet) is said before the cards are asked for.
        if not self._in_play():
            return
        if not cards:
            self.say(
                self.t(
                    "Scegli le carte del gioco (spazio), poi c.",
                ),
                error=True,
            )
            return
        observation = self.game.observation()
        if (
            observation is not None
            and observation.contract is not None
            and not observation.opened[observation.seat]
        ):
            # Carioca: the picked cards open with the contract, split into its melds.
            self.play(_opening_of(observation.legal_actions, cards))
            return
        choices = joker_choices(cards, self.game.rules)
        self._declare(choices, lambda jokers: Lay(cards, jokers))

    def _declare(
        self,
        choices: Sequence[Declaration],
        make: Callable[[tuple[Card, ...] | None], Action],
    ) -> None:
        """Ask which card the jolly stands for when there is a choice, then play."""
        if len(choices) < 2:
            self.play(make(None))
            return
        options = [self.t("🃏 vale ") + " ".join(c.unicode() for c in choice) for choice in choices]

        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(make(tuple(choices[index])))

        self.push_screen(
            ChoiceScreen(
                self.t("Quale carta sostituisce il jolly?"),
                options,
                self.lang,
            ),
            chosen,
        )

    def _pick_meld(
        self, title: str, candidates: Sequence[int], then: Callable[[int], object]
    ) -> None:
        """Let the player pick a meld of the table among ``candidates``."""
        observation = self.game.observation()
        assert observation is not None
        names = self.game.names
        options: list[RenderableType] = []
        for number in candidates:
            laid = observation.table[number]
            line = Text(f"{number + 1}  {self.seat_name(names[laid.owner])}  ")
            line.append_text(meld_text(laid.meld, self.game.rules, four_colours=self.four_colours))
            options.append(line)

        def chosen(index: int | None) -> None:
            if index is not None:
                then(candidates[index])

        self.push_screen(ChoiceScreen(title, options, self.lang), chosen)

    def _in_play(self) -> bool:
        """Whether the human is in the play phase of his turn; else say what comes first,
        before any chooser opens."""
        if not self._my_turn():
            return False
        phase = self.game.phase
        if phase in (Phase.PLAY, Phase.KNOCK, Phase.LAY_OFF, Phase.SPREAD):
            return True
        reason = Reason.MUST_BET_FIRST if phase is Phase.BET else Reason.MUST_DRAW_FIRST
        self.say(IllegalAction(reason).message(self.lang), error=True)
        return False

    def action_attach(self) -> None:
        cards = tuple(self.hand.chosen_cards)
        if not cards or not self._in_play():
            return
        table = self.game.observation()
        count = len(table.table) if table is not None else 0
        fits = [i for i in range(count) if self.game.can(Attach(i, cards))]
        if len(fits) == 1 or count <= 1:
            # One meld takes them (or none could): straight to the engine, which says why not.
            self.attach_to(fits[0] if fits else 0, cards)
            return
        others = [i for i in range(count) if i not in fits]
        self._pick_meld(
            self.t("A quale gioco attaccare?"),
            [*fits, *others],
            lambda number: self.attach_to(number, cards),
        )

    def attach_to(self, number: int, cards: Sequence[Card]) -> None:
        """Attach ``cards`` to meld ``number``, asking what a jolly stands for if it varies."""
        picked = tuple(cards)
        observation = self.game.observation()
        choices: list[Declaration] = []
        if observation is not None and 0 <= number < len(observation.table):
            target = observation.table[number].meld
            choices = joker_choices(picked, self.game.rules, target=target)
        self._declare(choices, lambda jokers: Attach(number, picked, jokers))

    def on_melds_view_clicked(self, event: MeldsView.Clicked) -> None:
        if not self.hand.selected:
            self.say(
                self.t(
                    "Scegli prima le carte da attaccare, poi clicca il gioco.",
                )
            )
            return
        if self._my_turn():
            self.attach_to(event.number, self.hand.selected_cards)

    def on_pile_view_clicked(self, event: PileView.Clicked) -> None:
        if event.which == "stock":
            self.action_draw()
        elif self.game.phase is Phase.DRAW:
            self.action_take()
        else:
            self.action_discard()

    def action_swap(self) -> None:
        cards = tuple(self.hand.chosen_cards)
        if not cards or not self._in_play():
            return
        observation = self.game.observation()
        assert observation is not None
        with_joker = [i for i, m in enumerate(observation.table) if m.meld.joker_count]
        fits = [i for i in with_joker if self.game.can(Swap(i, cards))]
        if len(fits) == 1 or len(with_joker) <= 1:
            target = fits[0] if fits else (with_joker[0] if with_joker else 0)
            self.play(Swap(target, cards))
            return
        others = [i for i in with_joker if i not in fits]
        self._pick_meld(
            self.t("Da quale gioco riprendere il jolly?"),
            [*fits, *others],
            lambda number: self.play(Swap(number, cards)),
        )

    def action_show(self) -> None:
        if not self._my_turn():
            return
        observation = self.game.observation()
        assert observation is not None
        shows = [a for a in observation.legal_actions if isinstance(a, Show)]
        rules = self.game.rules
        if rules.melding_during_play and not rules.flush_close and not rules.imaginary_joker:
            self.say(
                self.t(
                    "Con queste regole non si chiude mostrando la mano: si calano i giochi"
                    " durante la smazzata e si chiude scartando l'ultima carta.",
                ),
                error=True,
            )
            return
        showing = rules.knock_limit is None
        if not shows and showing and self.game.phase is Phase.DRAW:
            self.say(
                self.t("Prima pesca una carta: si chiude mostrando la mano dopo aver pescato."),
                error=True,
            )
            return
        pokerato = showing and not rules.melding_during_play
        if not shows and pokerato and self.game.phase is Phase.PLAY:
            # Pokerato, casertano: the show is the only way out, so say what it lacks (a card
            # to throw only where going out needs a last discard).
            if rules.final_discard is FinalDiscard.REQUIRED:
                lacks = self.t(
                    "Non puoi ancora chiudere: le tue carte non si legano tutte in giochi,"
                    " con una da scartare.",
                )
            else:
                lacks = self.t(
                    "Non puoi ancora chiudere: le tue carte non si legano tutte in giochi."
                )
            self.say(lacks, error=True)
            return
        if not shows:
            self.say(
                self.t(
                    "Adesso non puoi chiudere mostrando la mano.",
                ),
                error=True,
            )
            return
        if len(shows) == 1:
            self.play(shows[0])
            return
        options = [" | ".join(" ".join(c.unicode() for c in m) for m in s.melds) for s in shows]

        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(shows[index])

        self.push_screen(
            ChoiceScreen(self.t("Come mostri la mano?"), options, self.lang),
            chosen,
        )

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        try:
            found = self.game.hint(self.lang)
        except ImportError:
            self.say(
                self.t("Suggerimenti non ancora disponibili."),
                error=True,
            )
            return
        except NotYourTurn as error:
            self.say(error.message(self.lang), error=True)
            return
        lines = list(found.lines)
        if found.actions:
            first = found.actions[0]
            picked = _cards_of(first)
            if picked:
                self.hand.select_cards(picked)
        self.say(self.t("Suggerimento: ") + "\n".join(lines))

    def action_undo(self) -> None:
        """Take back the last meld, attachment or jolly taken back of the human's turn; its
        cards come back to the hand, picked."""
        if not self._my_turn():
            return
        before = self.match.observation()
        try:
            undone = self.match.undo()
        except NothingToUndo as error:
            self.say(error.message(self.lang), error=True)
            return
        self.refresh_view()
        after = self.match.observation()
        if before is not None and after is not None:
            self.hand.select_cards(_more(after.hand, before.hand))
        self.say(self.t("Annullato: {move}.", move=undone))

    # --- views and settings ---

    def action_scroll_log(self, pages: int) -> None:
        box = self.query_one("#log-box", _Scroll)
        if pages < 0:
            box.scroll_page_up(animate=False)
            return
        if box.scroll_y + box.scrollable_content_region.height >= box.max_scroll_y:
            # A page down to the end follows the game again (Textual's own page down would
            # let go of the end, and leave the next lines unseen).
            self._follow_log()
        else:
            box.scroll_page_down(animate=False)

    def action_scroll_melds(self, lines: int) -> None:
        box = self.query_one("#melds-box", _Scroll)
        box.scroll_relative(y=lines * max(1, box.size.height - 1), animate=False)

    def action_sort(self) -> None:
        self.by_rank = not self.by_rank
        self.refresh_view()

    def action_colours(self) -> None:
        self.four_colours = not self.four_colours
        self.hand.four_colours = self.four_colours
        self.refresh_view()

    def action_rules(self) -> None:
        game = self.game
        told = describe(game.rules, self.lang, players=len(game.names) or None)
        # A house-rules file names itself: what it says is shown, never obeyed by the terminal.
        text = "\n".join(printable(line) for line in told.split("\n"))
        self.push_screen(TextScreen(text, self.lang))

    def action_sheet(self) -> None:
        if self.match.round is None:
            # Between rounds, the sheet that goes on to the next one.
            self._show_sheet()
            return
        self.push_screen(
            TextScreen(sheet_view(self.match, self.lang, four_colours=self.four_colours), self.lang)
        )

    def action_keys(self) -> None:
        self.push_screen(TextScreen(self._keys_help(), self.lang))

    def _keys_help(self) -> str:
        return keys_help(self.game.rules, self.lang)

    # --- leaving ---

    def action_quit_game(self) -> None:
        """Leave; in the middle of a match, offer to save it first."""
        if isinstance(self.screen, QuitScreen | PathScreen | ConfirmScreen):
            # Asked again while answering: the player wants out now.
            self.exit()
            return
        if self.match.is_over or not (self.match.sheets or self.match.round is not None):
            self.exit()
            return

        def answered(choice: str | None) -> None:
            if choice == "quit":
                self.exit()
            elif choice == "back" and self.match.round is None:
                # Asked from the score sheet between rounds: back to it (and its question).
                self._show_sheet()
            elif choice == "save":
                self._ask_save(self.save_path)

        self.push_screen(QuitScreen(self.lang), answered)

    def _ask_save(self, default: str) -> None:
        self._ask_path(
            self.t("Salva la partita nel file:"),
            default,
            self._save_and_quit,
        )

    def _save_and_quit(self, path: str | None) -> None:
        if path is None:
            self._not_saved()
            return

        def write(yes: bool | None = True) -> None:
            if not yes:
                # Not over that file: another name, then.
                self._ask_save(free_name(path))
                return
            try:
                save_match(self.match, path)
            except OSError as error:
                self.say(io_words(error, path, self.lang), error=True)
                self._not_saved()
            else:
                self.saved_to = path
                self.exit()

        if Path(path).exists():
            self._confirm_overwrite([path], write)
        else:
            write()

    def _not_saved(self) -> None:
        if self.match.round is None and not self.match.is_over:
            # Not saved after all: between rounds, back to the score sheet (and its question).
            self._show_sheet()


def _opening_of(legal: Sequence[Action], cards: Sequence[Card]) -> Open:
    """The opening listed whose cards are the ones picked, split into the contract's melds;
    else the picked cards as one meld, for the engine to say why they do not open."""
    picked = sorted(cards, key=code_order)
    for action in legal:
        if isinstance(action, Open):
            laid = sorted((c for meld in action.melds for c in meld), key=code_order)
            if laid == picked:
                return action
    return Open((tuple(cards),))


def _more(hand: Sequence[Card], than: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that ``than`` lacks (twins counted)."""
    left = list(than)
    extra = []
    for card in hand:
        if card in left:
            left.remove(card)
        else:
            extra.append(card)
    return extra


def _cards_of(action: Action) -> tuple[Card, ...]:
    """The cards from the hand that an action uses (for showing a hint)."""
    if isinstance(action, Lay | Attach | Swap):
        return action.cards
    if isinstance(action, Open):
        return tuple(c for meld in action.melds for c in meld)
    if isinstance(action, Discard):
        return (action.card,)
    return ()
