"""``ramino replay``: a recorded round told turn by turn, as a player at the table would read it.

The whole record by default (every hand at the deal, every card drawn); with ``--seat`` only what
that player may know. ``--step`` waits for Enter between turns.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Sequence

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
from ..tui.narrate import Move, ending_line, pass_kind, told
from ..words.closings import closing_words
from .common import Lang, echo, fail, pick, read_input, usage_error
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
        detail=(
            f"mossa {number} «{action}»: {error.message('it')}",
            f"action {number} «{action}»: {error.message('en')}",
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
            pick(
                lang,
                f"--seat {shown(seat)} non è un posto né un giocatore ({seats}).",
                f"--seat {shown(seat)} is neither a seat nor a player ({seats}).",
            ),
            lang,
        )
    return int(number)


class _Pause:
    """Waits for Enter between turns; once standard input ends it stops waiting."""

    def __init__(self, *, enabled: bool, lang: Lang) -> None:
        self.enabled = enabled
        self.lang = lang

    def __call__(self) -> None:
        if not self.enabled:
            return
        tty = sys.stdin.isatty()
        if tty:
            # The prompt goes to stderr so that a saved transcript holds only the story.
            click.echo(
                pick(self.lang, "[Invio per il turno dopo]", "[Enter for the next turn]"),
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

    def say(self, it: str, en: str, *, indent: bool = False) -> None:
        echo(("  " if indent else "") + pick(self.lang, it, en))

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
        self.say(
            f"Smazzata registrata — regole: {rules.name}", f"Recorded round — rules: {rules.name}"
        )
        self.say(f"Giocatori: {names}. Mazziere: {dealer}.", f"Players: {names}. Dealer: {dealer}.")
        if record.deck_order is None and record.seed is not None:
            seed = record.seed.hex()
            if self.viewer is not None:
                # The seed would give away every hand: a player's view does not show it.
                self.say("Mazzo mescolato.", "Deck shuffled.")
            else:
                self.say(
                    f"Mazzo mescolato dal seme {seed} ({record.generator}).",
                    f"Deck shuffled from seed {seed} ({record.generator}).",
                )
        else:
            self.say("Mazzo in un ordine dato.", "Deck in a given order.")
        if self.viewer is not None:
            who = self.names[self.viewer]
            self.say(
                f"Vista di {who}: solo quello che {who} può sapere.",
                f"{who}'s view: only what {who} may know.",
            )
        self.say("Carte distribuite:", "Cards dealt:")
        for seat, name in enumerate(self.names):
            if self.sees(seat):
                self.say(
                    f"{name}: {self.cards(r.hand(seat))}",
                    f"{name}: {self.cards(r.hand(seat))}",
                    indent=True,
                )
            else:
                count = len(r.hands[seat])
                self.say(f"{name}: {count} carte", f"{name}: {count} cards", indent=True)
        first = self.names[r.to_play]
        betting = r.betting
        if betting is not None:
            self._tell_stakes(betting)
        contract = r.contract
        if contract is not None:
            called = CONTRACT_NAMES[contract]
            terms = CONTRACT_TERMS[contract]
            name_it, name_en = called.message("it"), called.message("en")
            terms_it, terms_en = terms.message("it"), terms.message("en")
            self.say(
                f"Contratto di questa smazzata: {name_it}, {terms_it}.",
                f"This round's contract: {name_en}, {terms_en}.",
            )
        if r.phase is Phase.PLAY:
            # Casertano: a jolly at the cut goes to the first player, and no card is turned up.
            self.say(
                f"Il jolly scoperto al taglio lo prende {first}; nessuna carta sul pozzo.",
                f"The joker found at the cut goes to {first}; no card on the discard pile.",
            )
        elif r.top_discard is not None:
            top = r.top_discard.unicode()
            self.say(
                f"Carta scoperta sul pozzo: {top}.", f"Card turned up on the discard pile: {top}."
            )
        if betting is not None and r.phase is Phase.BET:
            self.say(f"Puntate: parla per primo {first}.", f"Betting: {first} speaks first.")
        else:
            self.say(f"Comincia {first}.", f"{first} plays first.")

    def _tell_stakes(self, betting: BettingRound) -> None:
        """The chips as the hand begins, and the blind."""
        chips = ", ".join(
            f"{name} {held + put}"
            for name, held, put in zip(self.names, betting.stacks, betting.put_in, strict=True)
        )
        self.say(f"Fiches: {chips}.", f"Chips: {chips}.")
        if betting.carried:
            left_it, left_en = chips_words(betting.carried), chips_words(betting.carried, "en")
            self.say(
                f"Sul tavolo restano {left_it} delle mani prima: le prende chi vince questa.",
                f"{left_en.capitalize()} left on the table by earlier hands go to this one's"
                " winner.",
            )
        blind = betting.order[0]
        posted = betting.put_in[blind]
        name = self.names[blind]
        self.say(
            f"{name} fa il buio: {chips_words(posted)}.",
            f"{name} posts the blind: {chips_words(posted, 'en')}.",
        )

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
            lead = pick(self.lang, f"Turno {r.turn} — ", f"Turn {r.turn} — ")
        turn = r.turn
        event = r.apply(action)
        # Marked told only once applied: a refused action leaves the turn to tell.
        self._turn_told = turn
        self._tell(event, name, before, lead)
        if not opened and r.opened[seat] and r.rules.opening_threshold > 0:
            points = r.opening_points
            self.say(
                f"{name} apre con {points} punti.",
                f"{name} opens with {points} points.",
                indent=True,
            )
        if r.restocks > restocks:
            self._tell_restock()
        if self.viewer == seat and isinstance(action, Discard) and not r.is_over:
            mine = self.cards(r.hand(seat))
            self.say(f"(carte di {name}: {mine})", f"({name}'s cards: {mine})", indent=True)

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
        all_in = " (tutte le sue fiches)" if paid and not after.stacks[seat] else ""
        all_in_en = " (all-in)" if paid and not after.stacks[seat] else ""
        if isinstance(action, Fold):
            self.say(f"{name} lascia.", f"{name} folds.", indent=True)
        elif not paid:
            self.say(
                f"{name} vede senza mettere niente.", f"{name} calls for nothing.", indent=True
            )
        else:
            verb_it, verb_en = (
                ("rilancia", "raises")
                if isinstance(action, Raise)
                else (
                    "vede",
                    "calls",
                )
            )
            self.say(
                f"{name} {verb_it}: mette {chips_words(paid)}{all_in}, in tutto {total}.",
                f"{name} {verb_en}: puts in {chips_words(paid, 'en')}{all_in_en}, {total} in all.",
                indent=True,
            )
        if after.is_over and not r.is_over:
            playing = ", ".join(self.names[s] for s in after.still_in)
            pot_it, pot_en = chips_words(after.pot), chips_words(after.pot, "en")
            self.say(
                f"Puntate finite: nel piatto {pot_it}; giocano {playing}. Comincia"
                f" {self.names[r.to_play]}.",
                f"Betting over: {pot_en} in the pot; {playing} play on."
                f" {self.names[r.to_play]} plays first.",
            )

    def _tell(self, event: Event, name: str, before: list[TableMeld], lead: str) -> None:
        r = self.round
        action = event.action
        if isinstance(action, Draw):
            card = r.deck[event.ids[0]].unicode()
            if self.sees(event.seat):
                self.say(
                    f"{lead}{name} pesca dal tallone: {card}.",
                    f"{lead}{name} draws from the stock: {card}.",
                    indent=not lead,
                )
            else:
                self.say(
                    f"{lead}{name} pesca dal tallone.",
                    f"{lead}{name} draws from the stock.",
                    indent=not lead,
                )
        elif isinstance(action, TakeDiscard):
            card = r.deck[event.ids[0]].unicode()
            self.say(
                f"{lead}{name} prende {card} dal pozzo.",
                f"{lead}{name} takes {card} from the discard pile.",
                indent=not lead,
            )
        elif isinstance(action, Lay):
            number = len(r.table) - 1
            laid = r.table[number]
            self.say(
                f"{lead}{name} cala {laid.meld} (gioco {number}){_jokers(laid, 'it')}.",
                f"{lead}{name} lays {laid.meld} (meld {number}){_jokers(laid, 'en')}.",
                indent=not lead,
            )
        elif isinstance(action, Attach):
            target = before[action.meld]
            cards = self.cards(action.cards)
            as_it, as_en = _new_jokers(target, r.table[action.meld])
            self.say(
                f"{lead}{name} attacca {cards} al gioco {action.meld} ({target.meld}){as_it}.",
                f"{lead}{name} attaches {cards} to meld {action.meld} ({target.meld}){as_en}.",
                indent=not lead,
            )
        elif isinstance(action, Swap):
            target = before[action.meld]
            cards = self.cards(action.cards)
            self.say(
                f"{lead}{name} riprende il jolly dal gioco {action.meld} ({target.meld}) dando"
                f" {cards}.",
                f"{lead}{name} takes the joker back from meld {action.meld} ({target.meld}),"
                f" giving {cards}.",
                indent=not lead,
            )
        elif isinstance(action, Discard):
            card = action.card.unicode()
            self.say(
                f"{lead}{name} scarta {card}.", f"{lead}{name} discards {card}.", indent=not lead
            )
        elif isinstance(action, Knock | Pass):
            # Gin rummy: what a pass says depends on the moves before it.
            passing = (
                pass_kind(e.action for e in r.history[:-1]) if isinstance(action, Pass) else None
            )
            it, en = told(
                Move(event.seat, action, passing=passing), r.table, before, r.rules, you=False
            )
            self.say(f"{lead}{name} {it}.", f"{lead}{name} {en}.", indent=not lead)
        elif isinstance(action, Open):
            opening = " · ".join(str(m.meld) for m in r.table[len(r.table) - len(action.melds) :])
            self.say(
                f"{lead}{name} apre con il contratto: {opening}.",
                f"{lead}{name} opens with the contract: {opening}.",
                indent=not lead,
            )
        elif isinstance(action, Show):
            shown = " · ".join(str(m.meld) for m in r.table[len(r.table) - len(action.melds) :])
            if action.discard is None:
                self.say(
                    f"{lead}{name} mostra la mano: {shown}.",
                    f"{lead}{name} shows the whole hand: {shown}.",
                    indent=not lead,
                )
            else:
                card = action.discard.unicode()
                self.say(
                    f"{lead}{name} mostra la mano: {shown}, e scarta {card}.",
                    f"{lead}{name} shows the whole hand: {shown}, and discards {card}.",
                    indent=not lead,
                )

    def _tell_restock(self) -> None:
        r = self.round
        n = r.restocks
        if r.rules.restock is Restock.SHUFFLE:
            self.say(
                f"Il tallone è finito: il pozzo, tranne la carta in cima, si mescola e diventa il"
                f" nuovo tallone ({n}ª volta).",
                f"The stock ran out: the discard pile but its top card is shuffled into a new"
                f" stock (time {n}).",
                indent=True,
            )
        else:
            self.say(
                f"Il tallone è finito: il pozzo, tranne la carta in cima, si gira e diventa il"
                f" nuovo tallone ({n}ª volta).",
                f"The stock ran out: the discard pile but its top card is turned over into a new"
                f" stock (time {n}).",
                indent=True,
            )

    # --- the end ---

    def ending(self) -> None:
        r = self.round
        end = r.end
        if end is None:
            self.say(
                f"La registrazione si ferma al turno {r.turn}: la smazzata non è finita.",
                f"The record stops in turn {r.turn}: the round is not over.",
            )
            return
        rules = r.rules
        if end.reason is EndReason.ALL_FOLDED and end.out is not None:
            name = self.names[end.out]
            self.say(
                f"Lasciano tutti tranne {name}: prende il piatto senza giocare le carte.",
                f"Everyone but {name} folds: {name} takes the pot without playing the cards.",
            )
        elif end.points is not None:
            # A knocked hand (gin rummy), or a void one: its count in the table's words.
            line = ending_line(end, self.names, False, big_gin=r.terms.big_gin)
            self.say(line.text("it"), line.text("en"))
        elif end.reason is EndReason.WENT_OUT and end.out is not None:
            name = self.names[end.out]
            words_it, words_en = [f"{name} chiude"], [f"{name} goes out"]
            # Where every close shows the whole hand at once, "in one turn" says nothing.
            if end.in_one_turn and rules.melding_during_play:
                words_it.append("in mano")
                words_en.append("in one turn")
            if end.closing is not Closing.SIMPLE:
                named = closing_words(end.closing, rules)
                words_it.append(named.with_it)
                words_en.append(named.with_en)
            self.say(" ".join(words_it) + ".", " ".join(words_en) + ".")
        elif end.reason is EndReason.MAX_TURNS:
            cap = rules.max_turns
            self.say(
                f"La smazzata si ferma: raggiunto il limite di {cap} turni.",
                f"The round stops: the cap of {cap} turns was reached.",
            )
        elif rules.max_restocks is not None and r.restocks >= rules.max_restocks:
            n = r.restocks
            self.say(
                f"La smazzata si ferma: il tallone è finito di nuovo, già rifatto {n} volte, il"
                " massimo.",
                f"The round stops: the stock ran out again, already remade {n} times, the most"
                " allowed.",
            )
        else:
            self.say(
                "La smazzata si ferma: il tallone è finito e il pozzo non basta per rifarlo.",
                "The round stops: the stock ran out and the discard pile cannot remake it.",
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
                "Conta (gli altri calano le loro combinazioni: contano solo le carte non legate):",
                "Count (the others lay their combinations: only unbound cards count):",
            )
        else:
            self.say("Conta:", "Count:")
        knocked = end.points is not None
        for seat, name in enumerate(self.names):
            if seat == end.out and not knocked:
                self.say(f"{name}: ha chiuso", f"{name}: went out", indent=True)
                continue
            # A knocker's deadwood counts too (gin rummy).
            who_it, who_en = (
                (f"{name} (ha bussato)", f"{name} (knocked)") if seat == end.out else (name, name)
            )
            cards = self.cards(end.hands[seat])
            n = end.counts[seat]
            points_it, points_en = (
                ("1 punto", "1 point") if n == 1 else (f"{n} punti", f"{n} points")
            )
            self.say(
                f"{who_it}: {cards} — {points_it}", f"{who_en}: {cards} — {points_en}", indent=True
            )
        winners = r.winner_by_cap()
        if winners:
            who = ", ".join(self.names[s] for s in winners)
            self.say(
                f"Smazzata fermata dal limite: vince chi ha meno punti, {who}.",
                f"Round stopped by a cap: the lowest hand wins, {who}.",
            )
        self._scores()

    def _chips(self, settled: Settlement) -> None:
        """Where the chips of a hand went: the pots, who took them, each player's chips."""
        names = self.names
        for number, pot in enumerate(settled.pots):
            seats = ", ".join(names[s] for s in pot.seats)
            kind_it = "Piatto" if number == 0 else "Piatto laterale"
            kind_en = "Pot" if number == 0 else "Side pot"
            self.say(
                f"{kind_it} di {chips_words(pot.amount)}, conteso da {seats}.",
                f"{kind_en} of {chips_words(pot.amount, 'en')}, between {seats}.",
            )
        winner = next((s for s, taken in enumerate(settled.won) if taken), None)
        carried = settled.carried_in
        if carried and winner is not None:
            who = names[winner]
            if carried == 1:
                it, en = "La fiche rimasta", "The chip left"
            else:
                it, en = (
                    f"Le {chips_words(carried)} rimaste",
                    f"The {chips_words(carried, 'en')} left",
                )
            verb_it, verb_en = ("va", "goes") if carried == 1 else ("vanno", "go")
            to = "ad" if who[:1].lower() == "a" else "a"
            self.say(
                f"{it} dalle mani prima {verb_it} {to} {who}.",
                f"{en} by earlier hands {verb_en} to {who}.",
            )
        if settled.carried_out:
            left_it, left_en = (
                chips_words(settled.carried_out),
                chips_words(settled.carried_out, "en"),
            )
            self.say(
                f"Nessuno ha chiuso: restano sul tavolo {left_it} per chi vince la prossima mano.",
                f"Nobody went out: {left_en} stay on the table for the next hand's winner.",
            )
        if settled.multiplier > 1:
            self.say(
                f"La chiusura vale {settled.multiplier} volte la posta: gli altri pagano la"
                " differenza.",
                f"The close pays {settled.multiplier} times the stake: the others pay the"
                " difference.",
            )
        listed = ", ".join(
            f"{name} {net:+d} ({after})"
            for name, net, after in zip(names, settled.net, settled.chips, strict=True)
        )
        self.say(
            f"Fiches vinte e perse (e in mano): {listed}.",
            f"Chips won and lost (and held): {listed}.",
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
        note_it = note_en = ""
        if end.in_one_turn and r.rules.melding_during_play:
            if r.rules.rummy_bonus is RummyBonus.DOUBLE:
                note_it, note_en = " (chiusura in mano: punti doppi)", " (one-turn close: doubled)"
            elif r.rules.rummy_bonus is RummyBonus.ADD:
                bonus = r.rules.rummy_bonus_points
                note_it = f" (chiusura in mano: +{bonus} a testa)"
                note_en = f" (one-turn close: +{bonus} each)"
        if sheet.messa:
            note_it += f" (messa di {sheet.messa} a chi perde)"
            note_en += f" (a messa of {sheet.messa} for each loser)"
        self.say(f"Punti della smazzata: {listed}{note_it}.", f"Round scores: {listed}{note_en}.")
        if sheet.credits:
            won = ", ".join(f"{p} {n}" for p, n in sheet.credits.items())
            self.say(f"Crediti: {won}.", f"Credits: {won}.")


def _jokers(laid: TableMeld, lang: str) -> str:
    stands = [c.unicode() for _, c in laid.meld.joker_assignments]
    if not stands:
        return ""
    listed = ", ".join(stands)
    return f", il jolly vale {listed}" if lang == "it" else f", the joker stands for {listed}"


def _new_jokers(before: TableMeld, after: TableMeld) -> tuple[str, str]:
    """What an attached jolly stands for, if one was attached."""
    grown = Counter(c for _, c in after.meld.joker_assignments)
    grown.subtract(c for _, c in before.meld.joker_assignments)
    stands = [c.unicode() for c in grown.elements()]
    if not stands:
        return "", ""
    listed = ", ".join(stands)
    return f", il jolly vale {listed}", f", the joker stands for {listed}"
