"""An online table in the terminal: ``ramino play --join LINK`` plays at a table of
``ramino serve`` with the same screens and keys as against the computer.

:class:`OnlineGame` is the match as this seat is told it by the server (docs/protocol.md): it
turns each ``state`` into the engine's observation and the table talk. :class:`OnlineApp` is
the terminal table on top of it: a move goes to the server with an id, the server's ``ack`` or
``refused`` answers it, and the other players' moves arrive as they are made. A lost connection
is opened again, and a move not yet answered is sent again with the same id, which the server
never applies twice.
"""

from __future__ import annotations

import asyncio
import importlib
import itertools
import json
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import Static

from ..client.link import Invitation
from ..client.observation import cards_of, observation_from_view
from ..engine.actions import (
    Action,
    Attach,
    Call,
    Draw,
    Fold,
    Lay,
    Open,
    Pass,
    Raise,
    Show,
    Swap,
    TakeDiscard,
)
from ..engine.cards import Card
from ..engine.errors import Localized
from ..engine.match import RoundSheet
from ..engine.observation import Observation
from ..engine.round import Phase
from ..engine.rules import Betting, Rules
from ..engine.scoring import Closing
from ..engine.state import EndReason, RoundEnd, TableMeld
from ..engine.text import printable
from ..words.catalogue import LANGUAGES
from ..words.inline import both, said
from ..words.standing import standing_words
from .app import RaminoApp, keys_help
from .controller import HintLike, NotYourTurn, ReentryOffer
from .narrate import LogLine, Move, ending_line, pass_kind, pick, restock_line, told
from .screens import SheetScreen, TextScreen
from .sheet import (
    boxes_note,
    chips_grid,
    count_line,
    knocker_words,
    legend,
    on_table_note,
    points_grid,
    sheet_notes,
    sheet_title,
    went_out_words,
)

__all__ = ["CLOSE_BAD_TOKEN", "OnlineApp", "OnlineGame", "online_sheet"]

#: The close code of a socket whose token opens no seat (docs/protocol.md).
CLOSE_BAD_TOKEN = 4401
#: Seconds between two attempts to open a lost connection again, at most.
RECONNECT_WAIT = (0.5, 1.0, 2.0, 4.0)


class OnlineGame:
    """The match at an online table as seat ``token`` is told it.

    ``info`` is the table as ``GET /api/tables/{id}`` describes it; ``rules`` its rules.
    """

    def __init__(
        self, invitation: Invitation, token: str, rules: Rules, info: Mapping[str, Any]
    ) -> None:
        self.invitation = invitation
        self.token = token
        self._rules = rules
        self._players = tuple(str(seat["name"] or "…") for seat in info["seats"])
        self.human = ""
        self.seat: int | None = None
        self.log: list[LogLine] = []
        self.version = 0
        self.round_number = 0
        self.match_over = False
        self.sheet: list[dict[str, Any]] = []
        """The score sheet's lines so far, as the server sends them."""
        self.clock: tuple[int, float, float, float] | None = None
        """Whose turn is timed: seat, seconds of the turn and of his bank, when told."""
        self._state: dict[str, Any] | None = None
        self._observation: Observation | None = None
        self._told = 0
        # The stock remade so many times this round, told in the log.
        self._restocks = 0
        self._line: LogLine | None = None
        self._drawn: Card | None = None
        self._announced = 0
        self._ended = 0
        self.reentry: dict[str, int] | None = None
        """The re-entry offered to this seat now, if any: its total, the total it would come
        back at, the stakes."""
        self._last_names: tuple[str, ...] = ()
        self.last_count: (
            tuple[int, tuple[str, ...], int | None, tuple[tuple[Card, ...], ...], tuple[int, ...]]
            | None
        ) = None
        """The last round over's count, for the score sheet: its number, the seats' names,
        who went out (a seat), the cards left in each hand and what they came to."""
        self.folded_rounds: set[int] = set()
        """The hands (pokerato) the others folded, for the score sheet."""
        self.last: Observation | None = None
        """This seat's view of the last round over, as it ended (when the server sends it)."""
        self.match = 1
        """The table's match: 1, then each rematch's."""
        self.rematch: dict[str, Any] | None = None
        """Once the match is over, the rematch as the server tells it: who agreed, who
        declined, who is to answer (table seats), everyone's names."""
        self._ids = itertools.count(1)
        self.pending: dict[str, Action] = {}
        """Moves sent and not yet answered, by message id."""

    # --- what the table reads ---

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def players(self) -> tuple[str, ...]:
        if self.sheet:
            # Everyone on the score sheet, those out of the match too.
            return tuple(self.sheet[-1]["totals"])
        return self.names or self._players

    @property
    def names(self) -> tuple[str, ...]:
        view = None if self._state is None else self._state.get("observation")
        if view is None:
            return self._last_names
        return tuple(_names(view))

    @property
    def is_over(self) -> bool:
        return self.match_over

    @property
    def in_round(self) -> bool:
        return self._observation is not None and not self.match_over

    @property
    def rounds_played(self) -> int:
        return len(self.sheet)

    @property
    def ended_round(self) -> int:
        """The last round this seat saw end (0 before any)."""
        return self._ended

    @property
    def dealer(self) -> str | None:
        seen = self._observation
        return None if seen is None else self.names[seen.dealer]

    @property
    def human_seat(self) -> int | None:
        seen = self._observation
        return None if seen is None or self.human not in self.names else seen.seat

    @property
    def human_out(self) -> bool:
        return self.round_number > 0 and self._observation is None and not self.match_over

    @property
    def to_play(self) -> str | None:
        seen = self._observation
        if seen is None or seen.is_over or self.match_over:
            return None
        return self.names[seen.to_play]

    @property
    def human_to_move(self) -> bool:
        seen = self._observation
        return seen is not None and seen.my_turn and not self.match_over

    @property
    def phase(self) -> Phase | None:
        seen = self._observation
        return None if seen is None else seen.phase

    @property
    def can_undo(self) -> bool:
        return False

    def observation(self) -> Observation | None:
        # Between the end of the match and leaving: the table as the last round left it.
        return self._observation if self._observation is not None else self.last

    def totals(self) -> tuple[int, ...]:
        # Between rounds and at the end, the totals the last round left (the table shows its
        # view then: an empty tuple beside it would leave the seats without theirs).
        seen = self.observation()
        return () if seen is None or seen.scores is None else seen.scores

    def chips(self) -> tuple[int, ...] | None:
        # The table's view of every seat's chips behind, as the server sends it.
        seen = self.observation()
        return None if seen is None else seen.chips

    def pot(self) -> int:
        seen = self.observation()
        return 0 if seen is None else seen.pot

    def stakes(self) -> tuple[int, ...]:
        seen = self.observation()
        return () if seen is None else seen.stakes

    def can(self, action: Action) -> bool:
        seen = self._observation
        return seen is not None and self.human_to_move and action in seen.legal_actions

    def drawn_this_turn(self) -> tuple[Card, ...]:
        seen = self._observation
        if seen is None or not seen.my_turn or seen.phase is not Phase.PLAY:
            return ()
        for event in reversed(seen.history):
            if event.seat != seen.seat:
                break
            if isinstance(event.action, TakeDiscard) and event.taken in seen.hand:
                return (event.taken,) if event.taken is not None else ()
            if isinstance(event.action, Draw) and self._drawn in seen.hand:
                return (self._drawn,) if self._drawn is not None else ()
        return ()

    def hint(self, lang: str = "it") -> HintLike:
        seen = self._observation
        if seen is None or not self.human_to_move:
            raise NotYourTurn(self.to_play)
        module = importlib.import_module("ramino.ai.hint")
        find: Callable[..., Any] = module.hint
        return cast(HintLike, find(seen, lang=lang))

    # --- what the server says ---

    def next_id(self) -> str:
        """A message id for the next move: never used before by this client in this match."""
        return f"t{self.version}-{next(self._ids)}"

    def welcome(self, message: Mapping[str, Any]) -> None:
        self.seat = int(message["seat"])
        self.human = str(message["name"])

    def update(self, state: Mapping[str, Any]) -> bool:
        """Take the seat's new ``state``; whether a round has ended with it."""
        before = self._observation
        # The seats of the round being played, before the new state names the next one's.
        playing = self.names
        match = int(state.get("match", 1))
        if match != self.match:
            # A rematch: a new sheet, and the rounds counted again from the first.
            self._new_match(match)
        self.rematch = state.get("rematch")
        self._state = dict(state)
        self.version = int(state["version"])
        self.sheet = list(state.get("sheet") or self.sheet)
        self.reentry = state.get("reentry")
        number = int(state["round"])
        over = bool(state["match_over"])
        ended = self.round_number > 0 and self._ended != self.round_number
        ended = ended and (
            number != self.round_number or over or state.get("ended_round") == self.round_number
        )
        if ended:
            self._ended = self.round_number
            # The round this seat was playing is over: its last moves, then how it ended.
            view = state.get("ended")
            ended_round = state.get("ended_round")
            if view is not None and ended_round == self.round_number:
                self._tell_ended(state, before, over)
            else:
                # The state that ended it never came: the computer players alone ended the
                # next one too before the next state. What the sheet says of it, then that
                # one, whole, from its view as it ended.
                self._tell_the_end(False, self._how_from_sheet(playing), playing, self._knock())
                if view is not None and ended_round is not None and ended_round > self._ended:
                    self._ended = self._announced = int(ended_round)
                    self._told = self._restocks = 0
                    dealer = int(view.get("dealer", 0))
                    self._tell_the_deal(self._ended, _names(view)[dealer])
                    self._tell_ended(state, None, over)
                elif over:
                    self.log.append(LogLine(None, words=[self.outcome()]))
        self.match_over = over
        if number != self.round_number:
            self.round_number = number
            self._told = 0
            self._restocks = 0
            self._line = None
            before = None
        view = state.get("observation")
        self._observation = None if view is None else observation_from_view(view, self._rules)
        seen = self._observation
        if seen is not None and view is not None:
            if self._announced != number:
                self._announced = number
                self._tell_the_deal(number, _names(view)[seen.dealer])
            self._tell(before, seen, _names(view))
        return ended

    def _new_match(self, match: int) -> None:
        self.match = match
        self.sheet = []
        self.round_number = self._ended = self._announced = 0
        self.match_over = False
        self.last_count = None
        self.folded_rounds = set()
        self._observation = self.last = None
        self._line = None
        self.log.append(
            LogLine(None, words=[both("— Partita {number}: la rivincita. —", number=match)])
        )

    @property
    def coming_messa(self) -> int | None:
        """The messa the next round's losers pay, as the server says (``None``: none, or the
        match is over)."""
        state = self._state or {}
        level = state.get("messa_level")
        return None if level is None or self.match_over else int(level)

    @property
    def reentry_stakes(self) -> dict[str, int]:
        """The stakes each player has paid to come back in, as the server says."""
        state = self._state or {}
        return {str(name): int(n) for name, n in (state.get("stakes") or {}).items()}

    @property
    def rematch_asked(self) -> bool:
        """Whether the rematch waits for this seat's answer."""
        offer = self.rematch
        return self.match_over and offer is not None and self.seat in offer.get("waiting", ())

    def _tell_ended(self, state: Mapping[str, Any], before: Observation | None, over: bool) -> None:
        """The round ``ended_round`` of ``state`` as it ended: its last moves since ``before``,
        then how it ended, its count kept for the score sheet."""
        last = observation_from_view(state["ended"], self._rules)
        names = _names(state["ended"])
        self._tell(before, last, names)
        self.last, self._last_names = last, tuple(names)
        how = state.get("ended_by")
        knock = self._knock()
        self._keep_the_count(state, how, names, knock)
        self._tell_the_end(over, how, names, knock)

    def _knock(self) -> Mapping[str, Any] | None:
        """The knocked hand's count (gin rummy) of the round last ended, from its sheet line."""
        return next(
            (line.get("knock") for line in self.sheet if line["number"] == self._ended), None
        )

    def _how_from_sheet(self, names: Sequence[str]) -> dict[str, Any] | None:
        """How the round last ended, as its sheet line says it: who went out, where that is
        all there is to say (not a hand won at the bets, nor a knock); else ``None``."""
        line = next((line for line in self.sheet if line["number"] == self._ended), None)
        rules = self._rules
        if line is None or not line.get("out") or line["out"] not in names:
            return None
        if rules.betting is not Betting.NONE or rules.knock_limit is not None:
            return None
        out = list(names).index(line["out"])
        return {"reason": EndReason.WENT_OUT.value, "out": out, "in_one_turn": line["in_one_turn"]}

    def _keep_the_count(
        self,
        state: Mapping[str, Any],
        how: Mapping[str, Any] | None,
        names: Sequence[str],
        knock: Mapping[str, Any] | None,
    ) -> None:
        """The round just over's count, as its sheet line (or a knock's deadwood) and the
        hands shown at its end give it, for the score sheet."""
        hands = state.get("ended_hands")
        line = next((line for line in self.sheet if line["number"] == self._ended), None)
        if how is None or hands is None or line is None or len(hands) != len(names):
            return
        if how["reason"] == EndReason.ALL_FOLDED.value:
            self.folded_rounds.add(self._ended)
        counted = knock["deadwood"] if knock is not None else line.get("hand_points") or {}
        self.last_count = (
            self._ended,
            tuple(names),
            None if how["out"] is None else int(how["out"]),
            tuple(cards_of(cards) for cards in hands),
            tuple(int(counted.get(name, 0)) for name in names),
        )

    def _tell_the_deal(self, number: int, dealer: str) -> None:
        self.log.append(
            LogLine(
                None,
                words=[
                    both("— Smazzata {number}: distribuisci tu. —", number=number)
                    if dealer == self.human
                    else both(
                        "— Smazzata {number}: distribuisce {name}. —", number=number, name=dealer
                    )
                ],
            )
        )

    def _tell(self, before: Observation | None, seen: Observation, names: Sequence[str]) -> None:
        """The moves new since the last state, as the table talk tells them."""
        table: list[TableMeld] = list(before.table) if before is not None else []
        bets = Counter(
            e.seat for e in seen.history[self._told :] if isinstance(e.action, Call | Fold | Raise)
        )
        for index, event in enumerate(seen.history[self._told :], self._told):
            previous = list(table)
            action = event.action
            if isinstance(action, Lay):
                table.append(seen.table[min(len(table), len(seen.table) - 1)])
            elif isinstance(action, Open | Show):
                table.extend(seen.table[len(table) : len(table) + len(action.melds)])
            elif isinstance(action, Attach | Swap) and action.meld < len(seen.table):
                table[action.meld] = seen.table[action.meld]
            card = event.taken
            you = event.seat == seen.seat
            if isinstance(action, Draw) and you and before is not None:
                card = self._drawn = _one_more(seen.hand, before.hand)
            stake = seen.stakes[event.seat] if seen.stakes else 0
            behind = seen.chips[event.seat] if seen.chips is not None else 0
            paid = None
            made = event.bet
            if made is not None:
                # The server tells each bet's chips: the same words after a reconnection.
                stake, behind, paid = made.stake, made.behind, made.paid
            elif before is not None and before.stakes and bets[event.seat] == 1:
                # A server that does not tell them: his only bet since the last state put in
                # the difference.
                paid = stake - before.stakes[event.seat]
            passing = None
            if isinstance(action, Pass):
                earlier = ((e.seat, e.action) for e in seen.history[:index])
                last = index == len(seen.history) - 1
                ended = last and seen.phase is Phase.OVER
                passing = pass_kind(earlier, event.seat, ended=ended)
            move = Move(event.seat, action, card, stake, behind, paid, passing)
            unseen = (isinstance(action, Attach | Swap) and action.meld >= len(previous)) or (
                isinstance(action, Lay | Open | Show) and not table
            )
            # A meld this seat never saw (it joined late) is named by the move itself.
            words = (
                (str(action), str(action))
                if unseen
                else told(move, table, previous, self._rules, you=you)
            )
            name = names[event.seat]
            # A turn's moves are one line: a new one when another player moves.
            follows = self._told > 0 and seen.history[self._told - 1].seat == event.seat
            if self._line is None or self._line.who != name or not follows:
                self._line = LogLine(name, you=you)
                self.log.append(self._line)
            self._line.add(words)
            self._told += 1
        # The stock remade since the last state, told after the moves that came with it (a
        # state tells no move's place in the stock).
        for n in range(self._restocks + 1, seen.restocks + 1):
            self.log.append(restock_line(self._rules, n))
            self._line = None
        self._restocks = max(self._restocks, seen.restocks)

    def _tell_the_end(
        self,
        over: bool,
        how: Mapping[str, Any] | None,
        names: Sequence[str],
        knock: Mapping[str, Any] | None = None,
    ) -> None:
        """How the round ended (as the server says), and the match if it is over; a knocked
        hand (gin rummy) with its count, from its sheet line's ``knock``."""
        self._line = None
        if how is not None:
            counts: tuple[int, ...] = ()
            points = None
            if knock is not None:
                counts = tuple(int(knock["deadwood"][name]) for name in names)
                points = tuple(int(knock["points"][name]) for name in names)
            end = RoundEnd(
                EndReason(how["reason"]),
                how["out"],
                bool(how["in_one_turn"]),
                Closing.SIMPLE,
                (),
                counts,
                points=points,
            )
            one_turn = self._rules.melding_during_play
            big_gin = knock is not None and knock["kind"] == "big_gin"
            self.log.append(
                ending_line(
                    end,
                    names,
                    one_turn,
                    human=self.human,
                    big_gin=big_gin,
                    turn_cap=self._rules.max_turns,
                    restocks=self._restocks,
                )
            )
        else:
            self.log.append(LogLine(None, words=[both("La smazzata è finita.")]))
        if over:
            self.log.append(LogLine(None, words=[self.outcome()]))

    def outcome(self) -> Localized:
        """Who won the match, in both languages. A rated match someone was not at the table
        at the end of is said as its ratings take it: he counts last, and the winner may be
        another than the engine's (the state's ``standing``, docs/ratings.md)."""
        state = self._state or {}
        standing = state.get("standing")
        rated = [standing_words(standing, self.human, lang) for lang in LANGUAGES]
        if rated[0] is not None and rated[1] is not None:
            return rated[0], rated[1]
        winner = state.get("winner")
        if winner is not None and winner == self.human:
            return both("Vinci la partita!")
        if winner is not None:
            return both("Vince la partita {name}.", name=winner)
        return both("Partita finita pari.")


def _names(view: Mapping[str, Any]) -> list[str]:
    return [str(seat["name"]) for seat in view["seats"]]


def _one_more(hand: Sequence[Card], than: Sequence[Card]) -> Card | None:
    left = list(than)
    for card in hand:
        if card in left:
            left.remove(card)
        else:
            return card
    return None


def _round_sheet(line: Mapping[str, Any]) -> RoundSheet:
    """A line of the score sheet as the server sends it (``RoundSheet.to_dict``)."""
    chips, chip_totals = line.get("chips"), line.get("chip_totals")
    return RoundSheet(
        number=int(line["number"]),
        out=line.get("out"),
        in_one_turn=bool(line.get("in_one_turn", False)),
        closing=Closing(line.get("closing", Closing.SIMPLE.value)),
        hand_points=dict(line.get("hand_points") or {}),
        scores=dict(line.get("scores") or {}),
        totals=dict(line.get("totals") or {}),
        eliminated=tuple(line.get("eliminated") or ()),
        reentered=tuple(line.get("reentered") or ()),
        messa=int(line.get("messa", 0)),
        credits=dict(line.get("credits") or {}),
        chips=None if chips is None else dict(chips),
        chip_totals=None if chip_totals is None else dict(chip_totals),
        on_table=int(line.get("on_table", 0)),
    )


def _knocked(rules: Rules, note: Mapping[str, Any] | None, human: str, lang: str) -> str:
    """Who knocked and how (gin rummy), from a sheet line's ``knock``; or a void hand."""
    if note is None or note.get("knocker") is None:
        return said(lang, "mano nulla")
    names = list(note["deadwood"])
    knocker = str(note["knocker"])
    end = RoundEnd(
        EndReason.WENT_OUT,
        names.index(knocker),
        False,
        Closing.SIMPLE,
        (),
        tuple(int(note["deadwood"][name]) for name in names),
        points=tuple(int(note["points"][name]) for name in names),
    )
    return knocker_words(rules, knocker, end, note["kind"] == "big_gin", human, lang)


def online_sheet(game: OnlineGame, lang: str, *, four_colours: bool = False) -> Group:
    """The score sheet of the online match in the words of the home one (:mod:`.sheet`):
    each round's totals with who went out and how, the notes the cells hide, the last
    round's count and, once the match is over, who won it."""
    rules, human = game.rules, game.human
    players = [name for name in game.players if name]
    lines = [_round_sheet(line) for line in game.sheet]
    parts: list[Table | Text] = [Text(sheet_title(rules, lang), style="italic")]
    if not lines:
        parts.append(Text(said(lang, "Nessuna smazzata finita.")))
    elif rules.betting is not Betting.NONE:
        folded = [sheet.number in game.folded_rounds for sheet in lines]
        parts.append(chips_grid(players, lines, folded, human, lang))
        parts += legend(lines, lang)
        parts += on_table_note(lines[-1].on_table, lang)
    else:
        knocking = rules.knock_limit is not None
        went_out = [
            _knocked(rules, line.get("knock"), human, lang)
            if knocking
            else went_out_words(rules, sheet, human, lang)
            for line, sheet in zip(game.sheet, lines, strict=True)
        ]
        # A re-entry shows on the next round's line: the total he came back at is that
        # line's total less what the round added.
        back: dict[int, dict[str, int]] = {}
        for before, sheet in itertools.pairwise(lines):
            for player in sheet.reentered:
                total = sheet.totals[player] - sheet.scores.get(player, 0)
                back.setdefault(before.number, {})[player] = total
        # Gin rummy: the hands each has won, and at the match's end what the boxes and the
        # game's bonus added, beyond the hand's own points.
        won: Counter[str] = Counter()
        bonuses: list[dict[str, int]] = []
        for line, sheet in zip(game.sheet, lines, strict=True):
            note = line.get("knock")
            hand = {} if note is None else dict(note["points"])
            won.update(p for p, points in hand.items() if points > 0)
            extra = {p: sheet.scores.get(p, 0) - hand.get(p, 0) for p in players}
            bonuses.append(extra if note is not None and note.get("bonuses") else {})
        grid = points_grid(rules, players, lines, went_out, back, human, lang, bonuses=bonuses)
        parts.append(grid)
        parts += legend(lines, lang)
        parts += boxes_note(rules, players, won, human, lang)
        credits: Counter[str] = Counter()
        carioca: dict[str, int] | None = None
        for sheet in lines:
            credits.update(sheet.credits)
            if sheet.chips is not None:
                # Carioca: each round's pot of stakes (a Counter's sum would drop the losses).
                carioca = carioca or {}
                for player, chips in sheet.chips.items():
                    carioca[player] = carioca.get(player, 0) + chips
        parts += sheet_notes(
            rules,
            lines,
            human,
            lang,
            coming_messa=game.coming_messa,
            credits=credits,
            stakes=game.reentry_stakes,
            carioca=carioca,
        )
        count = game.last_count
        if count is not None and count[0] == lines[-1].number:
            _, names, out, hands, counts = count
            parts.append(
                count_line(rules, names, out, hands, counts, human, lang, four_colours=four_colours)
            )
    if game.is_over:
        parts.append(Text(pick(lang, game.outcome()), style="bold"))
    return Group(*parts)


class OnlineApp(RaminoApp):
    """The terminal table at an online table: the same screens and keys as against the
    computer, with the moves going through the server."""

    def __init__(self, game: OnlineGame, *, lang: str = "it", four_colours: bool = False) -> None:
        super().__init__(game, lang=lang, pause=0, four_colours=four_colours)
        self.online = game
        self.left = False
        """Whether the player left the table (his seat stays his)."""
        self.failure: str | None = None
        """Why the table could not be played (a token that opens no seat), if so."""
        self._socket: Any = None
        self._asked = False
        self._rematch_asked = False
        self._rematch_told = False
        self._chat_shown = 0
        """The last chat line put in the log (the last lines come again on reconnecting)."""
        """Whether the re-entry offered now has been asked (and not yet answered)."""

    # --- the connection ---

    def begin(self) -> None:
        self.say(self.t("Mi collego al tavolo…"))
        self.refresh_view()
        self.run_worker(self._connection(), exclusive=True, group="socket")
        self.set_interval(1.0, self._tick)

    async def _connection(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI

        waits = iter(RECONNECT_WAIT)
        url = self.online.invitation.socket(self.online.token)
        while True:
            try:
                async with connect(url, open_timeout=10, max_size=2**16) as socket:
                    self._socket = socket
                    waits = iter(RECONNECT_WAIT)
                    # Moves not answered before the connection was lost: again, same ids.
                    for message_id, action in self.online.pending.items():
                        await socket.send(_act(message_id, action))
                    async for text in socket:
                        self._received(json.loads(text))
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code == CLOSE_BAD_TOKEN:
                    self._fail(
                        self.t(
                            "Questo token non apre nessun posto del tavolo.",
                        )
                    )
                    return
            except (OSError, InvalidStatus, InvalidURI, TimeoutError):
                pass
            finally:
                self._socket = None
            if self.online.match_over:
                return
            wait = next(waits, RECONNECT_WAIT[-1])
            self.say(
                self.t(
                    "Connessione persa: riprovo…",
                ),
                error=True,
            )
            await asyncio.sleep(wait)

    def on_unmount(self) -> None:
        # The connection goes with the table: not left to a worker being cancelled.
        if self._socket is not None:
            self._socket.transport.abort()

    def _fail(self, why: str) -> None:
        self.failure = why
        self.exit()

    def _received(self, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        game = self.online
        if kind == "welcome":
            game.welcome(message)
            self.say("")
        elif kind == "state":
            ended = game.update(message)
            self.refresh_view()
            if game.round_number == 0:
                self.say(self._waiting())
            if game.reentry is None:
                self._asked = False
                if game.rematch_asked:
                    if not self._rematch_asked:
                        self._ask_rematch()
                elif ended:
                    self._read_sheet(game.ended_round)
            elif not self._asked:
                self._ask_reentry(game.reentry)
            if not game.match_over:
                # A rematch dealt: its end will ask again.
                self._rematch_asked = self._rematch_told = False
            self._tell_rematch()
        elif kind == "ack":
            action = game.pending.pop(str(message.get("id")), None)
            if action is not None and not isinstance(
                action, Draw | TakeDiscard | Call | Fold | Raise
            ):
                # Cards picked before the draw (or a bet) stay picked: they are the plan.
                self.hand.clear_selection()
                self.refresh_view()
        elif kind == "refused":
            game.pending.pop(str(message.get("id")), None)
            words = message.get("message") or {}
            self.say(str(words.get(self.lang, words.get("it", ""))), error=True)
        elif kind in ("error", "notice"):
            words = message.get("message") or {}
            self.say(str(words.get(self.lang, words.get("it", ""))), error=kind == "error")
        elif kind == "chat":
            self._chat(message.get("lines") or [])
        elif kind == "clock":
            game.clock = (
                int(message["seat"]),
                float(message["turn_left"]),
                float(message["bank_left"]),
                time.monotonic(),
            )
            self.query_one("#status", Static).update(self._status())

    def _chat(self, lines: Sequence[Mapping[str, Any]]) -> None:
        """The table's chat lines not shown yet, in the log: a ready phrase in the reader's
        language, words written as they are, on one line and never as markup."""
        for line in lines:
            number = int(line.get("id", 0))
            if number <= self._chat_shown:
                continue
            self._chat_shown = number
            name = printable(str(line.get("name", "")))
            words = line.get("words") or {}
            if words:
                chat_line = (f"{name}: {words.get('it', '')}", f"{name}: {words.get('en', '')}")
            else:
                text = printable(str(line.get("text") or ""))
                chat_line = (f"{name}: {text}", f"{name}: {text}")
            self.online.log.append(LogLine(None, words=[chat_line]))
        self.refresh_view()

    def _read_sheet(self, number: int) -> None:
        """The score sheet of round ``number``, just over. Once it is closed the server is told
        (``seen``): at a timed table the seat's next turn waits for that, not for the minute
        the server gives a reader who never says."""

        def read(_: object = None) -> None:
            if self._socket is not None:
                message = json.dumps({"type": "seen", "round": number})
                self.run_worker(self._socket.send(message), group="send")

        self.push_screen(
            TextScreen(self._sheet(), self.lang),
            read,
        )

    def _sheet(self) -> Group:
        return online_sheet(self.online, self.lang, four_colours=self.four_colours)

    def _ask_reentry(self, offer: Mapping[str, int]) -> None:
        """Out of the match, and the rules let him back in: the score sheet asks, as at home."""
        self._asked = True
        question = ReentryOffer(
            self.online.human, offer["total"], offer["entry_total"], offer["stake"]
        ).question(self.lang)

        def answered(choice: str | None) -> None:
            if choice == "quit":
                # The table waits for the answer while he is away, as for a move.
                self.action_quit_game()
                return
            if choice not in ("reenter", "decline"):
                self._ask_reentry(offer)
                return
            message = {
                "type": "reentry",
                "id": self.online.next_id(),
                "reenter": choice == "reenter",
            }
            if self._socket is not None:
                self.run_worker(self._socket.send(json.dumps(message)), group="send")

        keys = self.t("s rientri · n resti fuori · q esci")
        sheet = self._sheet()
        screen = SheetScreen(sheet, self.lang, over=False, question=question, keys=keys)
        self.push_screen(screen, answered)

    def _ask_rematch(self) -> None:
        """The match is over: another at the same table, with the same seats? The others
        wait for the answer."""
        self._rematch_asked = True
        game = self.online

        def answered(choice: str | None) -> None:
            if choice == "quit":
                self.action_quit_game()
                return
            if choice not in ("reenter", "decline"):
                self._ask_rematch()
                return
            message = {"type": "rematch", "id": game.next_id(), "agree": choice == "reenter"}
            if self._socket is not None:
                self.run_worker(self._socket.send(json.dumps(message)), group="send")
            if choice == "reenter":
                self.say(self.t("Aspettiamo la risposta degli altri."))

        screen = SheetScreen(
            self._sheet(),
            self.lang,
            over=False,
            question=self.t("Un'altra partita allo stesso tavolo, con gli stessi posti?"),
            keys=self.t("s sì, un'altra partita · n no · q esci"),
        )
        self.push_screen(screen, answered)

    def _tell_rematch(self) -> None:
        """Who said no to the rematch, once: the match stays over."""
        offer = self.online.rematch
        if offer is None or not offer.get("declined") or self._rematch_told:
            return
        self._rematch_told = True
        names = offer.get("names") or []
        who = ", ".join(
            printable(str(names[seat])) for seat in offer["declined"] if seat < len(names)
        )
        self.say(self.t("Niente rivincita: {names} ha detto di no.", names=who))

    def _waiting(self) -> str:
        link = self.online.invitation.link
        return self.t(
            "Aspettiamo gli altri giocatori. Manda questo link agli amici: {link}",
            link=link,
        )

    def _tick(self) -> None:
        if self.online.clock is None:
            return
        # The clock ticks whatever the screen: the status line is only on the table's, not
        # while another screen is on top of it or the app is closing.
        try:
            status = self.query_one("#status", Static)
        except NoMatches:
            return
        status.update(self._status())

    # --- what differs from a table against the computer ---

    def _keys_help(self) -> str:
        return keys_help(self.game.rules, self.lang, online=True)

    def _others_keys(self, chips: bool) -> str:
        # No computer's pause to skip: the others' moves come as they are made.
        if chips:
            return self.t("r regole · f fiches · ? tasti · q esci")
        return self.t("r regole · f punti · ? tasti · q esci")

    def _status(self) -> Text:
        if self.online.round_number == 0 and not self.online.match_over:
            # Before the first deal nothing is over: the table waits for its players.
            text = Text(no_wrap=True, overflow="ellipsis")
            text.append(printable(self.game.rules.name), style="bold")
            text.append(" · " + self.t("si aspettano i giocatori per la prima smazzata"))
            return text
        text = super()._status()
        clock = self.online.clock
        seen = self.online.observation()
        if clock is not None and seen is not None and clock[0] == seen.to_play:
            _, turn, bank, at = clock
            left = turn - (time.monotonic() - at)
            shown = max(0, int(left)) if left > 0 else max(0, int(bank + left))
            label = "⏱" if left > 0 else self.t("⏱ riserva")
            text.append(f" · {label} {shown} s")
        return text

    def play(self, action: Action) -> bool:
        if not self.online.human_to_move:
            self.say(NotYourTurn(self.online.to_play).message(self.lang), error=True)
            return False
        if self.online.pending:
            self.say(
                self.t(
                    "Un momento: il tavolo risponde alla mossa di prima.",
                ),
                error=True,
            )
            return False
        message_id = self.online.next_id()
        self.online.pending[message_id] = action
        self.say("")
        if self._socket is not None:
            self.run_worker(self._socket.send(_act(message_id, action)), group="send")
        return True

    def _continue(self) -> None:
        # The other players' moves come from the server as they are made.
        self.refresh_view()

    def action_skip(self) -> None:
        self.action_sheet()

    def action_undo(self) -> None:
        self.say(
            self.t(
                "Al tavolo online una mossa fatta resta fatta: nessuno la può annullare.",
            ),
            error=True,
        )

    def action_sheet(self) -> None:
        self.push_screen(TextScreen(self._sheet(), self.lang))

    def action_quit_game(self) -> None:
        """Leave the table: the seat stays this player's, to come back to with its token."""
        self.left = True
        self.exit()


def _act(message_id: str, action: Action) -> str:
    return json.dumps({"type": "act", "id": message_id, "action": str(action)})
