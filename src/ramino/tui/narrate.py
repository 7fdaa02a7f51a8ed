"""The table talk of the terminal game: each turn told as one sentence that grows clause by clause
("Bruno prende 7♥ dal pozzo e cala 6♥ 7♥ 8♥"), in Italian or English.

Only what the human player may know is told: another player's draw from the stock shows no card.
Pure: sentences come from events and the table as it was before and after them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

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
from ..engine.cards import Card, Suit, format_cards
from ..engine.chips import chips_words
from ..engine.errors import Localized
from ..engine.melds import Meld, MeldKind
from ..engine.round import EndReason, Event, Round, RoundEnd, TableMeld
from ..engine.rules import Rules, SetJokerSwap
from ..engine.text import to_name

__all__ = [
    "LogLine",
    "Move",
    "PassKind",
    "clause",
    "ending_line",
    "knock_kind",
    "pass_kind",
    "pick",
    "seat_name",
    "told",
]

#: What a pass says (gin rummy): the first upcard refused, the hand left to die at the wall,
#: or a knocked hand's melds or lay-offs done.
PassKind = Literal["upcard", "wall", "done"]


def pick(lang: str, it: str, en: str) -> str:
    """The Italian words, or the English ones when ``lang`` is ``en``.

    >>> pick("en", "pesca", "draws"), pick("it", "pesca", "draws")
    ('draws', 'pesca')
    """
    return en if lang == "en" else it


def seat_name(name: str, human: str, lang: str) -> str:
    """How the table on screen names a player: the human as "Tu" ("You"), the others by
    name. Only the screen says so: the match, its saves and its records keep his name.

    >>> seat_name("Anna", "Anna", "it"), seat_name("Anna", "Anna", "en")
    ('Tu', 'You')
    >>> seat_name("Bruno", "Anna", "it")
    'Bruno'
    """
    return pick(lang, "Tu", "You") if name == human else name


@dataclass
class LogLine:
    """One line of the log: a player's turn (``who`` and its clauses; ``you`` for the human's,
    told in the second person) or a line of its own.

    >>> line = LogLine("Bruno", you=False)
    >>> line.add(("prende 7♥ dal pozzo", "takes 7♥ from the discard pile"))
    >>> line.add(("cala 6♥ 7♥ 8♥", "lays 6♥ 7♥ 8♥"))
    >>> line.text("it")
    'Bruno prende 7♥ dal pozzo e cala 6♥ 7♥ 8♥.'
    >>> mine = LogLine("Anna", you=True)
    >>> mine.add(("peschi 5♣ dal tallone", "draw 5♣ from the stock"))
    >>> mine.add(("scarti K♠", "discard K♠"))
    >>> mine.text("it"), mine.text("en")
    ('Peschi 5♣ dal tallone e scarti K♠.', 'You draw 5♣ from the stock and discard K♠.')
    >>> LogLine(None, words=[("Nuova smazzata.", "New round.")]).text("en")
    'New round.'
    """

    who: str | None
    you: bool = False
    words: list[Localized] = field(default_factory=list)

    def add(self, words: Localized) -> None:
        """One more clause of the turn."""
        self.words.append(words)

    def text(self, lang: str) -> str:
        """The line in ``lang``: the clauses joined as a sentence."""
        parts = [pick(lang, it, en) for it, en in self.words]
        if self.who is None:
            return " ".join(parts)
        if len(parts) > 1:
            joined = ", ".join(parts[:-1]) + pick(lang, " e ", " and ") + parts[-1]
        else:
            joined = parts[0] if parts else "…"
        if self.you:
            # The human's own turn is told in the second person: "Peschi 5♣…", "You draw 5♣…".
            return pick(lang, joined[:1].upper() + joined[1:], "You " + joined) + "."
        return f"{self.who} {joined}."


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) if cards else "—"


def missing_suits(meld: Meld, rules: Rules) -> tuple[Suit, ...]:
    """The suits a set's jolly stands for when only all of them free it (``()`` for a run,
    or where one card of the declared suit does)."""
    if meld.kind is not MeldKind.SET or rules.set_joker_swap is not SetJokerSwap.ALL_MISSING:
        return ()
    present = {card.suit for card in meld.cards}
    return tuple(suit for suit in Suit if suit not in present)


def _jokers(meld: Meld, rules: Rules) -> Localized:
    missing = missing_suits(meld, rules)
    if missing and meld.joker_count:
        rank = meld.joker_assignments[0][1].rank
        assert rank is not None
        named = [rank.symbol + suit.symbol for suit in missing]
        if len(named) == 1:
            return f" (jolly = {named[0]})", f" (joker = {named[0]})"
        listed_it = ", ".join(named[:-1]) + " o " + named[-1]
        listed_en = ", ".join(named[:-1]) + " or " + named[-1]
        return f" (jolly = {listed_it})", f" (joker = {listed_en})"
    stands = ", ".join(rep.unicode() for _, rep in meld.joker_assignments)
    if not stands:
        return "", ""
    return f" (jolly = {stands})", f" (joker = {stands})"


def _new_jokers(before: Meld, after: Meld, rules: Rules) -> Localized:
    if missing_suits(after, rules):
        # A set's jolly stands for what is still missing, which an attachment changes.
        return _jokers(after, rules) if after.joker_count > before.joker_count else ("", "")
    grown = Counter(rep for _, rep in after.joker_assignments)
    grown.subtract(rep for _, rep in before.joker_assignments)
    stands = ", ".join(card.unicode() for card in grown.elements())
    if not stands:
        return "", ""
    return f" (jolly = {stands})", f" (joker = {stands})"


def clause(
    event: Event,
    round_: Round,
    before: Sequence[TableMeld],
    *,
    you: bool,
    put_before: int | None = None,
) -> Localized:
    """What ``event`` did, as a clause in both languages (``you``: the human's own move).

    ``round_`` is the round just after the event, ``before`` its table just before it, and
    ``put_before`` what the player had put in the pot before it (a bet says what it adds).

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.actions import TakeDiscard
    >>> r = Round(get_preset("classico"), 2, seed=1)
    >>> top = r.top_discard.unicode()
    >>> it, en = clause(r.apply(TakeDiscard()), r, [], you=False)
    >>> it == f"prende {top} dal pozzo", en == f"takes {top} from the discard pile"
    (True, True)
    """
    action, betting = event.action, round_.betting
    stake = betting.put_in[event.seat] if betting is not None else 0
    passing = None
    if isinstance(action, Pass):
        passing = pass_kind(e.action for e in round_.history[:-1])
    return told(
        Move(
            event.seat,
            action,
            round_.deck[event.ids[0]] if isinstance(action, Draw | TakeDiscard) else None,
            stake,
            betting.stacks[event.seat] if betting is not None else 0,
            None if put_before is None else stake - put_before,
            passing,
        ),
        round_.table,
        before,
        round_.rules,
        you=you,
    )


@dataclass(frozen=True, slots=True)
class Move:
    """A move as the table saw it: who, what, the card drawn (seen by the one who drew it
    only) or taken from the pozzo, and under betting his stake and chips after it, and the
    chips the move put in (``None`` when not known)."""

    seat: int
    action: Action
    card: Card | None = None
    stake: int = 0
    behind: int = 0
    paid: int | None = None
    passing: PassKind | None = None
    """What a pass said, where known (:func:`pass_kind`)."""


def pass_kind(earlier: Iterable[Action]) -> PassKind:
    """What a pass says, from the round's moves before it: before anyone has thrown a card,
    the first upcard refused; after a knock, the melds or lay-offs done; else the wall.

    >>> from ramino.engine.cards import Card
    >>> pass_kind([]), pass_kind([Pass()]), pass_kind([Draw(), Discard(Card.parse("5C"))])
    ('upcard', 'upcard', 'wall')
    >>> pass_kind([Draw(), Discard(Card.parse("5C")), Draw(), Knock()])
    'done'
    """
    thrown = False
    for action in earlier:
        if isinstance(action, Knock):
            return "done"
        thrown = thrown or isinstance(action, Discard)
    return "wall" if thrown else "upcard"


def told(
    move: Move,
    table: Sequence[TableMeld],
    before: Sequence[TableMeld],
    rules: Rules,
    *,
    you: bool,
) -> Localized:
    """What ``move`` did, as a clause in both languages: ``table`` is the table just after it,
    ``before`` just before it (``you``: the human's own move).

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.cards import Card
    >>> told(Move(1, Draw(), Card.parse("5C")), [], [], get_preset("classico"), you=True)
    ('peschi 5♣ dal tallone', 'draw 5♣ from the stock')
    """
    action = move.action
    if isinstance(action, Call | Fold | Raise):
        return _bet(action, move.stake, move.behind, move.paid, you=you)
    if isinstance(action, Open):
        opening = " · ".join(str(m.meld) for m in table[len(table) - len(action.melds) :])
        if you:
            return f"apri con il contratto: {opening}", f"open with the contract: {opening}"
        return f"apre con il contratto: {opening}", f"opens with the contract: {opening}"
    if isinstance(action, Draw):
        if you and move.card is not None:
            card = move.card.unicode()
            return f"peschi {card} dal tallone", f"draw {card} from the stock"
        if you:
            return "peschi dal tallone", "draw from the stock"
        return "pesca dal tallone", "draws from the stock"
    if isinstance(action, TakeDiscard):
        card = move.card.unicode() if move.card is not None else "?"
        if you:
            return f"prendi {card} dal pozzo", f"take {card} from the discard pile"
        return f"prende {card} dal pozzo", f"takes {card} from the discard pile"
    if isinstance(action, Lay):
        laid = table[-1].meld
        note_it, note_en = _jokers(laid, rules)
        if you:
            return f"cali {laid}{note_it}", f"lay {laid}{note_en}"
        return f"cala {laid}{note_it}", f"lays {laid}{note_en}"
    if isinstance(action, Attach):
        target = before[action.meld].meld
        note_it, note_en = _new_jokers(target, table[action.meld].meld, rules)
        cards = _cards(action.cards)
        if you:
            return (
                f"attacchi {cards} {to_name(str(target))}{note_it}",
                f"attach {cards} to {target}{note_en}",
            )
        return (
            f"attacca {cards} {to_name(str(target))}{note_it}",
            f"attaches {cards} to {target}{note_en}",
        )
    if isinstance(action, Swap):
        target = before[action.meld].meld
        cards = _cards(action.cards)
        if you:
            return (
                f"riprendi il jolly da {target} dando {cards}",
                f"take the joker back from {target}, giving {cards}",
            )
        return (
            f"riprende il jolly da {target} dando {cards}",
            f"takes the joker back from {target}, giving {cards}",
        )
    if isinstance(action, Discard):
        card = action.card.unicode()
        if you:
            return f"scarti {card}", f"discard {card}"
        return f"scarta {card}", f"discards {card}"
    if isinstance(action, Knock):
        return ("bussi", "knock") if you else ("bussa", "knocks")
    if isinstance(action, Pass):
        return _passed(move.passing, you=you)
    assert isinstance(action, Show)
    shown = " · ".join(str(m.meld) for m in table[len(table) - len(action.melds) :])
    tail_it = tail_it_you = tail_en = tail_en_you = ""
    if action.discard is not None:
        tail_it = f" e scarta {action.discard.unicode()}"
        tail_it_you = f" e scarti {action.discard.unicode()}"
        tail_en = f" and discards {action.discard.unicode()}"
        tail_en_you = f" and discard {action.discard.unicode()}"
    if you:
        return f"mostri la mano: {shown}{tail_it_you}", f"show your hand: {shown}{tail_en_you}"
    return f"mostra la mano: {shown}{tail_it}", f"shows the hand: {shown}{tail_en}"


def _passed(kind: PassKind | None, *, you: bool) -> Localized:
    """A pass (gin rummy), as what it says where known.

    >>> _passed("upcard", you=True), _passed("wall", you=False)
    (('lasci la carta scoperta', 'pass on the upcard'), ('passa al muro', 'passes at the wall'))
    """
    if kind == "upcard":
        if you:
            return "lasci la carta scoperta", "pass on the upcard"
        return "lascia la carta scoperta", "passes on the upcard"
    if kind == "wall":
        return (
            ("passi al muro", "pass at the wall")
            if you
            else ("passa al muro", "passes at the wall")
        )
    return ("passi", "pass") if you else ("passa", "passes")


def _bet(
    action: Call | Fold | Raise, stake: int, behind: int, paid: int | None, *, you: bool
) -> Localized:
    """A bet of the betting round: a raise with the stake it leaves him at, a call with
    what it puts in (``paid``, as the key's prompt said; the stake when not known), and a
    call that puts in nothing, the blind's when nobody raised, said so.

    >>> _bet(Call(), 1, 99, 0, you=False)
    ('vede senza aggiungere fiches', 'checks')
    >>> _bet(Call(), 2, 98, 1, you=True)
    ('vedi (una fiche)', 'call (one chip)')
    """
    if isinstance(action, Fold):
        return ("lasci", "fold") if you else ("lascia", "folds")
    total_it, total_en = chips_words(stake), chips_words(stake, "en")
    all_in_it = ", tutte le tue" if you else ", tutte le sue"
    all_in_en = ", all-in"
    if behind:
        all_in_it = all_in_en = ""
    if isinstance(action, Raise):
        if you:
            return f"rilanci a {total_it}{all_in_it}", f"raise to {total_en}{all_in_en}"
        return f"rilancia a {total_it}{all_in_it}", f"raises to {total_en}{all_in_en}"
    if paid == 0:
        return (
            ("vedi senza aggiungere fiches", "check")
            if you
            else ("vede senza aggiungere fiches", "checks")
        )
    if paid is not None:
        total_it, total_en = chips_words(paid), chips_words(paid, "en")
    if you:
        return f"vedi ({total_it}{all_in_it})", f"call ({total_en}{all_in_en})"
    return f"vede ({total_it}{all_in_it})", f"calls ({total_en}{all_in_en})"


def ending_line(
    end: RoundEnd,
    names: Sequence[str],
    one_turn_counts: bool,
    *,
    human: str | None = None,
    big_gin: bool = False,
) -> LogLine:
    """How the round ended, as a line of its own, and where the chips went under rules with
    betting, or the points of a knocked hand (``big_gin``: the knocker laid every card); the
    ``human`` player is told in the second person.

    ``one_turn_counts``: whether going out in one turn means anything under these rules.

    >>> from ramino.engine.scoring import Closing
    >>> void = RoundEnd(EndReason.VOID, None, False, Closing.SIMPLE, ((), ()), (9, 4),
    ...                 points=(0, 0))
    >>> ending_line(void, ["Anna", "Bruno"], False).text("it")
    'La mano è nulla: nessuno vince punti.'
    """
    who = None if end.out is None else names[end.out]
    you = who is not None and who == human
    words: Localized
    if end.reason is EndReason.ALL_FOLDED and who is not None:
        if you:
            words = ("Lasciano tutti tranne te.", "Everyone but you folds.")
        else:
            words = (f"Lasciano tutti tranne {who}.", f"Everyone but {who} folds.")
    elif end.reason is EndReason.WENT_OUT and end.points and end.counts and who is not None:
        words = _knocked(end, names, human, big_gin=big_gin)
    elif end.reason is EndReason.WENT_OUT and who is not None:
        in_one_turn = end.in_one_turn and one_turn_counts
        if you:
            words = (
                ("Chiudi in mano!", "You go out in one turn!")
                if in_one_turn
                else (
                    "Chiudi.",
                    "You go out.",
                )
            )
        elif in_one_turn:
            words = (f"{who} chiude in mano!", f"{who} goes out in one turn!")
        else:
            words = (f"{who} chiude.", f"{who} goes out.")
    elif end.reason is EndReason.VOID:
        words = ("La mano è nulla: nessuno vince punti.", "The hand is void: nobody scores.")
    elif end.reason is EndReason.MAX_TURNS:
        words = ("La smazzata si ferma: limite di turni.", "The round stops: turn cap reached.")
    else:
        words = ("La smazzata si ferma: tallone finito.", "The round stops: the stock ran out.")
    line = LogLine(None, words=[words])
    settled = end.chips
    if settled is not None and end.out is not None:
        taken = settled.won[end.out]
        taken_it, taken_en = chips_words(taken), chips_words(taken, "en")
        if you:
            line.add((f"Prendi {taken_it}.", f"You take {taken_en}."))
        else:
            line.add((f"{who} prende {taken_it}.", f"{who} takes {taken_en}."))
    elif settled is not None:
        left_it, left_en = chips_words(settled.carried_out), chips_words(settled.carried_out, "en")
        line.add(
            (
                f"Il piatto ({left_it}) resta sul tavolo per la prossima mano.",
                f"The pot ({left_en}) stays on the table for the next hand.",
            )
        )
    return line


def _points(points: int) -> Localized:
    return ("un punto", "one point") if points == 1 else (f"{points} punti", f"{points} points")


def knock_kind(end: RoundEnd, rules: Rules) -> Localized:
    """What a knocked hand was, in a word or two for the score sheet: gin, an undercut
    (*battuta*), or a plain knock with the knocker's deadwood.

    >>> from ramino.engine.presets import get_preset
    >>> from ramino.engine.scoring import Closing
    >>> end = RoundEnd(EndReason.WENT_OUT, 0, False, Closing.SIMPLE, ((), ()), (6, 4),
    ...                points=(0, 27))
    >>> knock_kind(end, get_preset("gin"))
    ('battuta', 'undercut')
    """
    assert end.out is not None
    mine = end.counts[end.out]
    if mine == 0:
        return "gin", "gin"
    theirs = min(count for seat, count in enumerate(end.counts) if seat != end.out)
    if theirs < mine or (theirs == mine and rules.undercut_on_tie):
        return "battuta", "undercut"
    return f"bussa con {mine}", f"knocked with {mine}"


def _knocked(end: RoundEnd, names: Sequence[str], human: str | None, *, big_gin: bool) -> Localized:
    """A knocked hand's count (gin rummy, two players): gin, a knock that wins the
    difference, an undercut (*battuta*), or a tie that wins nothing.

    >>> from ramino.engine.scoring import Closing
    >>> def end(counts, points):
    ...     return RoundEnd(EndReason.WENT_OUT, 0, False, Closing.SIMPLE, ((), ()), counts,
    ...                     points=points)
    >>> _knocked(end((0, 12), (37, 0)), ["Anna", "Bruno"], "Bruno", big_gin=False)
    ('Anna fa gin: vince 37 punti.', 'Anna goes gin and wins 37 points.')
    >>> _knocked(end((6, 4), (0, 27)), ["Anna", "Bruno"], "Bruno", big_gin=False)[0]
    'Anna bussa con 6 punti spaiati, ma tu ne hai 4: battuta, vinci 27 punti.'
    >>> _knocked(end((6, 7), (1, 0)), ["Anna", "Bruno"], "Anna", big_gin=False)[1]
    'You knock with 6 points of deadwood against 7: you win one point.'
    """
    out = end.out
    assert out is not None and end.points is not None
    other = next(seat for seat in range(len(end.counts)) if seat != out)
    mine, theirs = end.counts[out], end.counts[other]
    knocker, defender = names[out], names[other]
    you, them = knocker == human, defender == human
    won_it, won_en = _points(max(end.points))
    if mine == 0:
        gin = "big gin" if big_gin else "gin"
        if you:
            return f"Fai {gin}: vinci {won_it}.", f"You go {gin} and win {won_en}."
        return f"{knocker} fa {gin}: vince {won_it}.", f"{knocker} goes {gin} and wins {won_en}."
    if you:
        knock = f"Bussi con {mine} punti spaiati", f"You knock with {mine} points of deadwood"
    else:
        knock = (
            f"{knocker} bussa con {mine} punti spaiati",
            f"{knocker} knocks with {mine} points of deadwood",
        )
    if end.points[out] > 0:
        win = ("vinci", "you win") if you else ("vince", f"{knocker} wins")
        return (
            f"{knock[0]} contro {theirs}: {win[0]} {won_it}.",
            f"{knock[1]} against {theirs}: {win[1]} {won_en}.",
        )
    has = (
        ("ma tu ne hai", "but you have")
        if them
        else (f"ma {defender} ne ha", f"but {defender} has")
    )
    if end.points[other] > 0:
        win = ("vinci", "you win") if them else ("vince", f"{defender} wins")
        return (
            f"{knock[0]}, {has[0]} {theirs}: battuta, {win[0]} {won_it}.",
            f"{knock[1]}, {has[1]} {theirs}: undercut, {win[1]} {won_en}.",
        )
    return (
        f"{knock[0]}, {has[0]} altrettanti: nessuno vince punti.",
        f"{knock[1]}, {has[1]} as many: nobody scores.",
    )
