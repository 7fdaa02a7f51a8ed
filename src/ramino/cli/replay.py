"""``ramino replay``: a recorded round told turn by turn, as a player at the table would read it.

The whole record by default (every hand at the deal, every card drawn); with ``--seat`` only what
that player may know. ``--step`` waits for Enter between turns.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import click

from ..engine.actions import (
    Action,
    Attach,
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
from ..engine.betting import BettingRound
from ..engine.cards import Card, format_cards
from ..engine.chips import Settlement, chips_words
from ..engine.contracts import CONTRACT_NAMES, CONTRACT_TERMS
from ..engine.errors import RaminoError, Reason, RecordError
from ..engine.match import Match
from ..engine.record import Record, deal, from_json, verify
from ..engine.round import EndReason, Event, Phase, Round, TableMeld
from ..engine.rules import Restock, RummyBonus
from ..engine.scoring import Closing
from ..engine.text import UnreadableText, shown
from ..tui.narrate import Move, PassKind, ending_line, pass_kind, told
from ..words.closings import closing_words
from ..words.inline import Saying, both, nsaid, said
from .common import Lang, continued_pair, echo, fail, pick, read_input, usage_error
from .parsing import lang_option, worded_command


@worded_command("replay")
@click.argument("file")
@click.option("--step", "step", is_flag=True, default=False)
@click.option("--seat", "seat", default=None)
@lang_option
def replay(file: str, step: bool, seat: str | None, lang: Lang) -> None:
    """Replay a recorded round turn by turn: draws, melds, discards, the close and the count.

    Exit status: 0 when the record replays as it says, 2 for a bad file or a record that does
    not replay.
    """
    try:
        record = from_json(_read(file))
        round_ = deal(record)
    except RaminoError as error:
        fail(error, lang)
    viewer = _viewer(seat, record.players, lang)
    story = _Story(record, round_, viewer, lang)
    story.header()
    pause = _Pause(enabled=step, lang=lang)
    for number, action in enumerate(record.actions, 1):
        if number > 1 and story.starts_turn():
            pause()
        try:
            story.play(action)
        except RaminoError as error:
            fail(_refused(number, action, error), lang)
    try:
        verify(record, round_)
    except RaminoError as error:
        fail(error, lang)
    story.ending()


def _read(source: str) -> str:
    """The file's text; ``-`` reads standard input (UTF-8 both, with a size cap)."""
    try:
        return read_input(source)
    except UnreadableText as error:
        raise RecordError(Reason.BAD_RECORD, where=source, detail=error.detail) from None


def _refused(number: int, action: Action, error: RaminoError) -> RecordError:
    """An action the engine refused, placed in the record."""
    return RecordError(
        Reason.BAD_RECORD,
        where=f"actions[{number - 1}]",
        detail=both(
            "mossa {number} «{action}»: {error}",
            number=number,
            action=action,
            error=continued_pair(error),
        ),
    )


def _viewer(seat: str | None, players: Sequence[str], lang: Lang) -> int | None:
    """The seat named by ``--seat`` (a name first, then a number), or ``None`` for everything."""
    if seat is None:
        return None
    if seat in players:
        return players.index(seat)
    number = seat.strip()
    # A few ASCII digits: str.isdigit() passes "²", and int() refuses both it and 5000 digits.
    if not (re.fullmatch(r"[0-9]{1,4}", number) and int(number) < len(players)):
        seats = ", ".join(f"{i} {name}" for i, name in enumerate(players))
        usage_error(
            said(
                lang,
                "--seat {seat} non è un posto né un giocatore ({seats}).",
                seat=shown(seat),
                seats=seats,
            ),
            lang,
        )
    return int(number)


class _Pause:
    """Waits for Enter between turns; once standard input ends (or when it is closed) it stops
    waiting, and the rest of the round is told at once."""

    def __init__(self, *, enabled: bool, lang: Lang) -> None:
        self.enabled = enabled
        self.lang = lang

    def __call__(self) -> None:
        if not self.enabled:
            return
        if sys.stdin is None:
            # Started with standard input closed (`<&-`): there is no Enter to wait for.
            self.enabled = False
            return
        tty = sys.stdin.isatty()
        if tty:
            # The prompt goes to stderr so that a saved transcript holds only the story.
            click.echo(
                said(self.lang, "[Invio per il turno dopo]"),
                err=True,
                nl=False,
            )
        if not sys.stdin.readline():
            self.enabled = False


class _Story:
    """Tells the round while it is replayed, one action at a time."""

    def __init__(self, record: Record, round_: Round, viewer: int | None, lang: Lang) -> None:
        self.record = record
        self.round = round_
        self.names = record.players
        self.viewer = viewer
        self.lang = lang
        self._turn_told = 0

    def t(self, message: str, /, **values: Any) -> str:
        """``message`` (its Italian) in the reader's language, its fields filled."""
        return said(self.lang, message, **values)

    def nt(self, one: str, many: str, count: int, /, **values: Any) -> str:
        """The words for ``count`` things in the reader's language (:func:`nsaid`)."""
        return nsaid(self.lang, one, many, count, **values)

    def say(self, words: str, *, indent: bool = False) -> None:
        echo(("  " if indent else "") + words)

    def cards(self, cards: Sequence[Card]) -> str:
        return format_cards(cards) if cards else "—"

    def sees(self, seat: int) -> bool:
        """Whether the reader may see ``seat``'s hidden cards."""
        return self.viewer is None or self.viewer == seat

    # --- the deal ---

    def header(self) -> None:
        record, r = self.record, self.round
        rules = record.rules
        names = ", ".join(self.names)
        dealer = self.names[record.dealer]
        self.say(self.t("Smazzata registrata — regole: {name}", name=rules.name))
        self.say(self.t("Giocatori: {names}. Mazziere: {dealer}.", names=names, dealer=dealer))
        if record.deck_order is None and record.seed is not None:
            seed = record.seed.hex()
            if self.viewer is not None:
                # The seed would give away every hand: a player's view does not show it.
                self.say(self.t("Mazzo mescolato."))
            else:
                self.say(
                    self.t(
                        "Mazzo mescolato dal seme {seed} ({generator}).",
                        seed=seed,
                        generator=record.generator,
                    ),
                )
        else:
            self.say(self.t("Mazzo in un ordine dato."))
        if self.viewer is not None:
            who = self.names[self.viewer]
            self.say(
                self.t("Vista di {who}: solo quello che {who} può sapere.", who=who),
            )
        self.say(self.t("Carte distribuite:"))
        for seat, name in enumerate(self.names):
            if self.sees(seat):
                self.say(f"{name}: {self.cards(r.hand(seat))}", indent=True)
            else:
                count = len(r.hands[seat])
                self.say(
                    self.nt("{name}: {count} carta", "{name}: {count} carte", count, name=name),
                    indent=True,
                )
        first = self.names[r.to_play]
        betting = r.betting
        if betting is not None:
            self._tell_stakes(betting)
        contract = r.contract
        if contract is not None:
            called = CONTRACT_NAMES[contract]
            terms = CONTRACT_TERMS[contract]
            self.say(
                self.t(
                    "Contratto di questa smazzata: {name}, {terms}.",
                    name=(called.message("it"), called.message("en")),
                    terms=(terms.message("it"), terms.message("en")),
                )
            )
        if r.phase is Phase.PLAY:
            # Casertano: a jolly at the cut goes to the first player, and no card is turned up.
            self.say(
                self.t(
                    "Il jolly scoperto al taglio lo prende {first}; nessuna carta sul pozzo.",
                    first=first,
                ),
            )
        elif r.top_discard is not None:
            top = r.top_discard.unicode()
            self.say(self.t("Carta scoperta sul pozzo: {top}.", top=top))
        if betting is not None and r.phase is Phase.BET:
            self.say(self.t("Puntate: parla per primo {first}.", first=first))
        else:
            self.say(self.t("Comincia {first}.", first=first))

    def _tell_stakes(self, betting: BettingRound) -> None:
        """The chips as the hand begins, and the blind."""
        chips = ", ".join(
            f"{name} {held + put}"
            for name, held, put in zip(self.names, betting.stacks, betting.put_in, strict=True)
        )
        self.say(self.t("Fiches: {chips}.", chips=chips))
        if betting.carried:
            left = chips_words(betting.carried), chips_words(betting.carried, "en").capitalize()
            self.say(
                self.nt(
                    "Sul tavolo resta {left} delle mani prima: la prende chi vince questa.",
                    "Sul tavolo restano {left} delle mani prima: le prende chi vince questa.",
                    betting.carried,
                    left=left,
                )
            )
        blind = betting.order[0]
        posted = betting.put_in[blind]
        name = self.names[blind]
        blind_chips = chips_words(posted), chips_words(posted, "en")
        self.say(self.t("{name} fa il buio: {chips}.", name=name, chips=blind_chips))

    # --- the turns ---

    def starts_turn(self) -> bool:
        """Whether the next action is the first of a turn not yet told."""
        return self.round.turn != self._turn_told

    def play(self, action: Action) -> None:
        r = self.round
        seat = r.to_play
        name = self.names[seat]
        before = list(r.table)
        opened = r.opened[seat]
        restocks = r.restocks
        if r.phase is Phase.BET:
            self._bet(action)
            return
        lead = ""
        if r.turn != self._turn_told:
            lead = said(self.lang, "Turno {turn} — ", turn=r.turn)
        turn = r.turn
        event = r.apply(action)
        # Marked told only once applied: a refused action leaves the turn to tell.
        self._turn_told = turn
        self._tell(event, name, before, lead)
        if not opened and r.opened[seat] and r.rules.opening_threshold > 0:
            points = r.opening_points
            self.say(
                self.nt(
                    "{name} apre con {count} punto.",
                    "{name} apre con {count} punti.",
                    points,
                    name=name,
                ),
                indent=True,
            )
        if r.restocks > restocks:
            self._tell_restock()
        if self.viewer == seat and isinstance(action, Discard) and not r.is_over:
            mine = self.cards(r.hand(seat))
            self.say(self.t("(carte di {name}: {mine})", name=name, mine=mine), indent=True)

    def _bet(self, action: Action) -> None:
        """Tell one bet of the betting round (the turn is told with the first draw)."""
        r = self.round
        before = r.betting
        assert before is not None
        seat = r.to_play
        name = self.names[seat]
        r.apply(action)
        after = r.betting
        assert after is not None
        paid = after.put_in[seat] - before.put_in[seat]
        total = after.put_in[seat]
        all_in = Saying(" (tutte le sue fiches)") if paid and not after.stacks[seat] else ""
        if isinstance(action, Fold):
            self.say(self.t("{name} lascia.", name=name), indent=True)
        elif not paid:
            self.say(self.t("{name} vede senza mettere niente.", name=name), indent=True)
        else:
            put = chips_words(paid), chips_words(paid, "en")
            values = {"name": name, "chips": put, "all_in": all_in, "total": total}
            if isinstance(action, Raise):
                words = self.t(
                    "{name} rilancia: mette {chips}{all_in}, in tutto {total}.", **values
                )
            else:
                words = self.t("{name} vede: mette {chips}{all_in}, in tutto {total}.", **values)
            self.say(words, indent=True)
        if after.is_over and not r.is_over:
            playing = ", ".join(self.names[s] for s in after.still_in)
            self.say(
                self.t(
                    "Puntate finite: nel piatto {pot}; giocano {playing}. Comincia {first}.",
                    pot=(chips_words(after.pot), chips_words(after.pot, "en")),
                    playing=playing,
                    first=self.names[r.to_play],
                )
            )

    def _tell(self, event: Event, name: str, before: list[TableMeld], lead: str) -> None:
        r = self.round
        action = event.action
        if isinstance(action, Draw):
            card = r.deck[event.ids[0]].unicode()
            if self.sees(event.seat):
                self.say(
                    self.t(
                        "{lead}{name} pesca dal tallone: {card}.", lead=lead, name=name, card=card
                    ),
                    indent=not lead,
                )
            else:
                self.say(
                    self.t("{lead}{name} pesca dal tallone.", lead=lead, name=name),
                    indent=not lead,
                )
        elif isinstance(action, TakeDiscard):
            card = r.deck[event.ids[0]].unicode()
            self.say(
                self.t("{lead}{name} prende {card} dal pozzo.", lead=lead, name=name, card=card),
                indent=not lead,
            )
        elif isinstance(action, Lay):
            # People count the melds from 1, as the terminal and the browser show them.
            number = len(r.table) - 1
            laid = r.table[number]
            self.say(
                self.t(
                    "{lead}{name} cala {meld} (gioco {number}){jokers}.",
                    lead=lead,
                    name=name,
                    meld=laid.meld,
                    number=number + 1,
                    jokers=_jokers(laid.meld.joker_assignments, []),
                ),
                indent=not lead,
            )
        elif isinstance(action, Attach):
            target = before[action.meld]
            cards = self.cards(action.cards)
            jokers = _jokers(
                r.table[action.meld].meld.joker_assignments, target.meld.joker_assignments
            )
            self.say(
                self.t(
                    "{lead}{name} attacca {cards} al gioco {number} ({meld}){jokers}.",
                    lead=lead,
                    name=name,
                    cards=cards,
                    number=action.meld + 1,
                    meld=target.meld,
                    jokers=jokers,
                ),
                indent=not lead,
            )
        elif isinstance(action, Swap):
            target = before[action.meld]
            cards = self.cards(action.cards)
            self.say(
                self.t(
                    "{lead}{name} riprende il jolly dal gioco {number} ({meld}) dando {cards}.",
                    lead=lead,
                    name=name,
                    number=action.meld + 1,
                    meld=target.meld,
                    cards=cards,
                ),
                indent=not lead,
            )
        elif isinstance(action, Discard):
            card = action.card.unicode()
            self.say(
                self.t("{lead}{name} scarta {card}.", lead=lead, name=name, card=card),
                indent=not lead,
            )
        elif isinstance(action, Knock | Pass):
            # Gin rummy: what a pass says depends on the moves before it.
            passing: PassKind | None = None
            if isinstance(action, Pass):
                earlier = ((e.seat, e.action) for e in r.history[:-1])
                passing = pass_kind(earlier, event.seat, ended=r.end is not None)
            words = told(
                Move(event.seat, action, passing=passing), r.table, before, r.rules, you=False
            )
            self.say(f"{lead}{name} {pick(self.lang, *words)}.", indent=not lead)
        elif isinstance(action, Open):
            opening = " · ".join(str(m.meld) for m in r.table[len(r.table) - len(action.melds) :])
            self.say(
                self.t(
                    "{lead}{name} apre con il contratto: {opening}.",
                    lead=lead,
                    name=name,
                    opening=opening,
                ),
                indent=not lead,
            )
        elif isinstance(action, Show):
            shown = " · ".join(str(m.meld) for m in r.table[len(r.table) - len(action.melds) :])
            if action.discard is None:
                self.say(
                    self.t(
                        "{lead}{name} mostra la mano: {shown}.", lead=lead, name=name, shown=shown
                    ),
                    indent=not lead,
                )
            else:
                card = action.discard.unicode()
                self.say(
                    self.t(
                        "{lead}{name} mostra la mano: {shown}, e scarta {card}.",
                        lead=lead,
                        name=name,
                        shown=shown,
                        card=card,
                    ),
                    indent=not lead,
                )

    def _tell_restock(self) -> None:
        r = self.round
        n = r.restocks
        if r.rules.restock is Restock.SHUFFLE:
            self.say(
                self.t(
                    "Il tallone è finito: il pozzo, tranne la carta in cima, si mescola e diventa"
                    " il nuovo tallone ({n}ª volta).",
                    n=n,
                ),
                indent=True,
            )
        else:
            self.say(
                self.t(
                    "Il tallone è finito: il pozzo, tranne la carta in cima, si gira e diventa il"
                    " nuovo tallone ({n}ª volta).",
                    n=n,
                ),
                indent=True,
            )

    # --- the end ---

    def ending(self) -> None:
        r = self.round
        end = r.end
        if end is None:
            self.say(
                self.t(
                    "La registrazione si ferma al turno {turn}: la smazzata non è finita.",
                    turn=r.turn,
                ),
            )
            return
        rules = r.rules
        if end.reason is EndReason.ALL_FOLDED and end.out is not None:
            name = self.names[end.out]
            self.say(
                self.t(
                    "Lasciano tutti tranne {name}: prende il piatto senza giocare le carte.",
                    name=name,
                ),
            )
        elif end.points is not None:
            # A knocked hand (gin rummy), or a void one: its count in the table's words.
            line = ending_line(end, self.names, False, big_gin=r.terms.big_gin)
            self.say(line.text(self.lang))
        elif end.reason is EndReason.WENT_OUT and end.out is not None:
            name = self.names[end.out]
            words = [self.t("{name} chiude", name=name)]
            # Where every close shows the whole hand at once, "in one turn" says nothing.
            if end.in_one_turn and rules.melding_during_play:
                words.append(self.t("in mano"))
            if end.closing is not Closing.SIMPLE:
                named = closing_words(end.closing, rules)
                words.append(pick(self.lang, named.with_it, named.with_en))
            self.say(" ".join(words) + ".")
        elif end.reason is EndReason.MAX_TURNS:
            cap = rules.max_turns
            self.say(
                self.t("La smazzata si ferma: raggiunto il limite di {cap} turni.", cap=cap),
            )
        elif rules.max_restocks is not None and r.restocks >= rules.max_restocks:
            n = r.restocks
            self.say(
                self.nt(
                    "La smazzata si ferma: il tallone è finito di nuovo, già rifatto una volta, il"
                    " massimo.",
                    "La smazzata si ferma: il tallone è finito di nuovo, già rifatto {count} volte,"
                    " il massimo.",
                    n,
                ),
            )
        else:
            self.say(
                self.t(
                    "La smazzata si ferma: il tallone è finito e il pozzo non basta per rifarlo."
                ),
            )
        self._count()

    def _count(self) -> None:
        r = self.round
        end = r.end
        assert end is not None
        if end.chips is not None:
            self._chips(end.chips)
            return
        if r.rules.lay_after_close and end.out is not None:
            self.say(
                self.t(
                    "Conta (gli altri calano le loro combinazioni: contano solo le carte non"
                    " legate):"
                ),
            )
        else:
            self.say(self.t("Conta:"))
        knocked = end.points is not None
        for seat, name in enumerate(self.names):
            if seat == end.out and not knocked:
                self.say(self.t("{name}: ha chiuso", name=name), indent=True)
                continue
            # A knocker's deadwood counts too (gin rummy).
            who = self.t("{name} (ha bussato)", name=name) if seat == end.out else name
            cards = self.cards(end.hands[seat])
            n = end.counts[seat]
            self.say(
                self.nt(
                    "{who}: {cards} — {count} punto",
                    "{who}: {cards} — {count} punti",
                    n,
                    who=who,
                    cards=cards,
                ),
                indent=True,
            )
        # A knocked hand's points come from knocking, never from a cap (gin rummy).
        winners = () if knocked else r.winner_by_cap()
        if winners:
            who = ", ".join(self.names[s] for s in winners)
            self.say(
                self.t("Smazzata fermata dal limite: vince chi ha meno punti, {who}.", who=who),
            )
        self._scores()

    def _chips(self, settled: Settlement) -> None:
        """Where the chips of a hand went: the pots, who took them, each player's chips."""
        names = self.names
        for number, pot in enumerate(settled.pots):
            seats = ", ".join(names[s] for s in pot.seats)
            chips = chips_words(pot.amount), chips_words(pot.amount, "en")
            if number == 0:
                self.say(self.t("Piatto di {chips}, conteso da {seats}.", chips=chips, seats=seats))
            else:
                self.say(
                    self.t(
                        "Piatto laterale di {chips}, conteso da {seats}.", chips=chips, seats=seats
                    )
                )
        winner = next((s for s, taken in enumerate(settled.won) if taken), None)
        carried = settled.carried_in
        if carried and winner is not None:
            who = names[winner]
            self.say(
                self.nt(
                    "La fiche rimasta dalle mani prima va {to_whom}.",
                    "Le {chips} rimaste dalle mani prima vanno {to_whom}.",
                    carried,
                    chips=(chips_words(carried), chips_words(carried, "en")),
                    # Italian says "ad" before a name that begins with an a.
                    to_whom=(f"ad {who}" if who[:1].lower() == "a" else f"a {who}", f"to {who}"),
                )
            )
        if settled.carried_out:
            self.say(
                self.nt(
                    "Nessuno ha chiuso: resta sul tavolo {left} per chi vince la prossima mano.",
                    "Nessuno ha chiuso: restano sul tavolo {left} per chi vince la prossima mano.",
                    settled.carried_out,
                    left=(
                        chips_words(settled.carried_out),
                        chips_words(settled.carried_out, "en"),
                    ),
                )
            )
        if settled.multiplier > 1:
            self.say(
                self.t(
                    "La chiusura vale {multiplier} volte la posta: gli altri pagano la differenza.",
                    multiplier=settled.multiplier,
                ),
            )
        listed = ", ".join(
            f"{name} {net:+d} ({after})"
            for name, net, after in zip(names, settled.net, settled.chips, strict=True)
        )
        self.say(
            self.t("Fiches vinte e perse (e in mano): {listed}.", listed=listed),
        )

    def _scores(self) -> None:
        r = self.round
        try:
            sheet = Match(self.names, r.rules).record(r.round_result(self.names))
        except RaminoError:
            return  # the score sheet refuses this table (its size, say): the count is enough
        listed = ", ".join(f"{p} {sheet.scores[p]}" for p in self.names if p in sheet.scores)
        end = r.end
        assert end is not None
        notes = ""
        if end.in_one_turn and r.rules.melding_during_play:
            if r.rules.rummy_bonus is RummyBonus.DOUBLE:
                notes = self.t(" (chiusura in mano: punti doppi)")
            elif r.rules.rummy_bonus is RummyBonus.ADD:
                bonus = r.rules.rummy_bonus_points
                notes = self.t(" (chiusura in mano: +{bonus} a testa)", bonus=bonus)
        if sheet.messa:
            notes += self.t(" (messa di {messa} a chi perde)", messa=sheet.messa)
        self.say(self.t("Punti della smazzata: {listed}{notes}.", listed=listed, notes=notes))
        if sheet.credits:
            won = ", ".join(f"{p} {n}" for p, n in sheet.credits.items())
            self.say(self.t("Crediti: {won}.", won=won))


def _jokers(after: Sequence[tuple[int, Card]], before: Sequence[tuple[int, Card]]) -> Saying | str:
    """What the jollies of a meld stand for (those it did not have ``before``): words for the
    end of a sentence, none without one."""
    grown = Counter(c for _, c in after)
    grown.subtract(c for _, c in before)
    stands = [c.unicode() for c in grown.elements()]
    if not stands:
        return ""
    return Saying(", il jolly vale {listed}", listed=", ".join(stands))
