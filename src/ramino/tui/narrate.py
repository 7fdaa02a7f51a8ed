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
from ..engine.rules import Restock, Rules, SetJokerSwap
from ..engine.text import to_name
from ..words.catalogue import LANGUAGES, language
from ..words.closings import chips_closing_words
from ..words.inline import both, nboth, said

__all__ = [
    "LogLine",
    "Move",
    "PassKind",
    "clause",
    "ending_line",
    "knock_kind",
    "pass_kind",
    "pick",
    "restock_line",
    "seat_name",
    "told",
]

#: What a pass says (gin rummy): the first upcard refused, the hand left to die at the wall,
#: or a knocked hand's melds or lay-offs done.
PassKind = Literal["upcard", "wall", "lay_off", "done"]


def pick(lang: str, words: Localized) -> str:
    """The half of a pair of words (Italian, English) in ``lang``: a line of the log keeps
    both, made from the catalogue when it was told.

    >>> pick("en", both("pesca dal tallone")), pick("it", both("pesca dal tallone"))
    ('draws from the stock', 'pesca dal tallone')
    """
    return words[LANGUAGES.index(language(lang))]


def seat_name(name: str, human: str, lang: str) -> str:
    """How the table on screen names a player: the human as "Tu" ("You"), the others by
    name. Only the screen says so: the match, its saves and its records keep his name.

    >>> seat_name("Anna", "Anna", "it"), seat_name("Anna", "Anna", "en")
    ('Tu', 'You')
    >>> seat_name("Bruno", "Anna", "it")
    'Bruno'
    """
    return said(lang, "Tu") if name == human else name


@dataclass
class LogLine:
    """One line of the log: a player's turn (``who`` and its clauses; ``you`` for the human's,
    told in the second person) or a line of its own.

    >>> line = LogLine("Bruno", you=False)
    >>> line.add(both("prende {card} dal pozzo", card="7♥"))
    >>> line.add(both("cala {meld}{jokers}", meld="6♥ 7♥ 8♥", jokers=""))
    >>> line.text("it")
    'Bruno prende 7♥ dal pozzo e cala 6♥ 7♥ 8♥.'
    >>> mine = LogLine("Anna", you=True)
    >>> mine.add(both("peschi {card} dal tallone", card="5♣"))
    >>> mine.add(both("scarti {card}", card="K♠"))
    >>> mine.text("it"), mine.text("en")
    ('Peschi 5♣ dal tallone e scarti K♠.', 'You draw 5♣ from the stock and discard K♠.')
    >>> LogLine(None, words=[both("La smazzata si ferma: tallone finito.")]).text("en")
    'The round stops: the stock ran out.'
    """

    who: str | None
    you: bool = False
    words: list[Localized] = field(default_factory=list)

    def add(self, words: Localized) -> None:
        """One more clause of the turn."""
        self.words.append(words)

    def text(self, lang: str) -> str:
        """The line in ``lang``: the clauses joined as a sentence."""
        parts = [pick(lang, words) for words in self.words]
        if self.who is None:
            return " ".join(parts)
        if len(parts) > 1:
            joined = ", ".join(parts[:-1]) + said(lang, " e ") + parts[-1]
        else:
            joined = parts[0] if parts else "…"
        if self.you:
            # The human's own turn is told in the second person: "Peschi 5♣…", "You draw 5♣…".
            told = said(lang, "{clauses}.", clauses=joined)
            return told[:1].upper() + told[1:]
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
            return _stands(named[0])
        listed = both("{cards} o {last}", cards=", ".join(named[:-1]), last=named[-1])
        return _stands(listed)
    stands = ", ".join(rep.unicode() for _, rep in meld.joker_assignments)
    if not stands:
        return "", ""
    return _stands(stands)


def _stands(cards: str | Localized) -> Localized:
    """What a meld's jollies stand for, after the meld: `` (jolly = 5♥)``."""
    return both(" (jolly = {cards})", cards=cards)


def _new_jokers(before: Meld, after: Meld, rules: Rules) -> Localized:
    if missing_suits(after, rules):
        # A set's jolly stands for what is still missing, which an attachment changes.
        return _jokers(after, rules) if after.joker_count > before.joker_count else ("", "")
    grown = Counter(rep for _, rep in after.joker_assignments)
    grown.subtract(rep for _, rep in before.joker_assignments)
    stands = ", ".join(card.unicode() for card in grown.elements())
    if not stands:
        return "", ""
    return _stands(stands)


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
        earlier = ((e.seat, e.action) for e in round_.history[:-1])
        passing = pass_kind(earlier, event.seat, ended=round_.end is not None)
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


def pass_kind(earlier: Iterable[tuple[int, Action]], seat: int, *, ended: bool) -> PassKind:
    """What a pass by ``seat`` says, from the round's moves before it (each ``(seat, action)``)
    and whether it ended the round: before anyone has thrown a card, the first upcard refused;
    after a knock, the knocker's melds done, or the defender's lay-offs done when his pass does
    not end the hand (his last pass does: his own melds done); else the wall.

    >>> from ramino.engine.cards import Card
    >>> pass_kind([], 1, ended=False), pass_kind([(1, Pass())], 0, ended=False)
    ('upcard', 'upcard')
    >>> pass_kind([(1, Draw()), (1, Discard(Card.parse("5C")))], 0, ended=True)
    'wall'
    >>> knocked = [(1, Draw()), (1, Discard(Card.parse("5C"))), (0, Draw()), (0, Knock())]
    >>> pass_kind(knocked, 0, ended=False), pass_kind([*knocked, (0, Pass())], 1, ended=False)
    ('done', 'lay_off')
    >>> pass_kind([*knocked, (0, Pass()), (1, Pass())], 1, ended=True)
    'done'
    """
    thrown = False
    for who, action in earlier:
        if isinstance(action, Knock):
            # The defender passes twice where he may lay off: the first pass ends the lay-offs.
            return "lay_off" if who != seat and not ended else "done"
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
            return both("apri con il contratto: {melds}", melds=opening)
        return both("apre con il contratto: {melds}", melds=opening)
    if isinstance(action, Draw):
        if you and move.card is not None:
            return both("peschi {card} dal tallone", card=move.card.unicode())
        if you:
            return both("peschi dal tallone")
        return both("pesca dal tallone")
    if isinstance(action, TakeDiscard):
        card = move.card.unicode() if move.card is not None else "?"
        if you:
            return both("prendi {card} dal pozzo", card=card)
        return both("prende {card} dal pozzo", card=card)
    if isinstance(action, Lay):
        laid = table[-1].meld
        note = _jokers(laid, rules)
        if you:
            return both("cali {meld}{jokers}", meld=str(laid), jokers=note)
        return both("cala {meld}{jokers}", meld=str(laid), jokers=note)
    if isinstance(action, Attach):
        target = before[action.meld].meld
        note = _new_jokers(target, table[action.meld].meld, rules)
        # "ad A♥ 2♥ 3♥": the Italian preposition follows the meld's first sound.
        to_meld = (to_name(str(target)), str(target))
        cards = _cards(action.cards)
        if you:
            return both(
                "attacchi {cards} {to_meld}{jokers}", cards=cards, to_meld=to_meld, jokers=note
            )
        return both("attacca {cards} {to_meld}{jokers}", cards=cards, to_meld=to_meld, jokers=note)
    if isinstance(action, Swap):
        target = before[action.meld].meld
        cards = _cards(action.cards)
        if you:
            return both("riprendi il jolly da {meld} dando {cards}", meld=str(target), cards=cards)
        return both("riprende il jolly da {meld} dando {cards}", meld=str(target), cards=cards)
    if isinstance(action, Discard):
        card = action.card.unicode()
        if you:
            return both("scarti {card}", card=card)
        return both("scarta {card}", card=card)
    if isinstance(action, Knock):
        return both("bussi") if you else both("bussa")
    if isinstance(action, Pass):
        return _passed(move.passing, you=you)
    assert isinstance(action, Show)
    shown = " · ".join(str(m.meld) for m in table[len(table) - len(action.melds) :])
    tail: Localized = ("", "")
    if action.discard is not None:
        card = action.discard.unicode()
        tail = both(" e scarti {card}", card=card) if you else both(" e scarta {card}", card=card)
    if you:
        return both("mostri la mano: {melds}{discard}", melds=shown, discard=tail)
    return both("mostra la mano: {melds}{discard}", melds=shown, discard=tail)


def _passed(kind: PassKind | None, *, you: bool) -> Localized:
    """A pass (gin rummy), as what it says where known.

    >>> _passed("upcard", you=True), _passed("wall", you=False)
    (('lasci la carta scoperta', 'pass on the upcard'), ('passa al muro', 'passes at the wall'))
    >>> _passed("lay_off", you=False)
    ('non attacca altro', 'lays off nothing more')
    """
    if kind == "upcard":
        if you:
            return both("lasci la carta scoperta")
        return both("lascia la carta scoperta")
    if kind == "wall":
        if you:
            return both("passi al muro")
        return both("passa al muro")
    if kind == "lay_off":
        # The defender's first pass, then his melds and a second pass: the two passes read
        # apart.
        return both("non attacchi altro") if you else both("non attacca altro")
    return both("passi") if you else both("passa")


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
        return both("lasci") if you else both("lascia")
    total = chips_words(stake), chips_words(stake, "en")
    all_in: Localized = ("", "")
    if not behind:
        all_in = both(", tutte le tue") if you else both(", tutte le sue")
    if isinstance(action, Raise):
        if you:
            return both("rilanci a {chips}{all_in}", chips=total, all_in=all_in)
        return both("rilancia a {chips}{all_in}", chips=total, all_in=all_in)
    if paid == 0:
        if you:
            return both("vedi senza aggiungere fiches")
        return both("vede senza aggiungere fiches")
    if paid is not None:
        total = chips_words(paid), chips_words(paid, "en")
    if you:
        return both("vedi ({chips}{all_in})", chips=total, all_in=all_in)
    return both("vede ({chips}{all_in})", chips=total, all_in=all_in)


def restock_line(rules: Rules, restocks: int) -> LogLine:
    """The stock remade from the discard pile, the ``restocks``-th time in the round, as a
    line of its own.

    >>> restock_line(Rules(), 2).text("en")
    'The stock ran out: the discard pile but its top card is shuffled into a new stock (time 2).'
    """
    if rules.restock is Restock.SHUFFLE:
        words = both(
            "Il tallone è finito: il pozzo, tranne la carta in cima, si mescola e diventa"
            " il nuovo tallone ({n}ª volta).",
            n=restocks,
        )
    else:
        words = both(
            "Il tallone è finito: il pozzo, tranne la carta in cima, si gira e diventa il"
            " nuovo tallone ({n}ª volta).",
            n=restocks,
        )
    return LogLine(None, words=[words])


def ending_line(
    end: RoundEnd,
    names: Sequence[str],
    one_turn_counts: bool,
    *,
    human: str | None = None,
    big_gin: bool = False,
    turn_cap: int | None = None,
    restocks: int = 0,
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
            words = both("Lasciano tutti tranne te.")
        else:
            words = both("Lasciano tutti tranne {name}.", name=who)
    elif end.reason is EndReason.WENT_OUT and end.points and end.counts and who is not None:
        words = _knocked(end, names, human, big_gin=big_gin)
    elif end.reason is EndReason.WENT_OUT and who is not None:
        in_one_turn = end.in_one_turn and one_turn_counts
        if you and in_one_turn:
            words = both("Chiudi in mano!")
        elif you:
            words = both("Chiudi.")
        elif in_one_turn:
            words = both("{name} chiude in mano!", name=who)
        else:
            words = both("{name} chiude.", name=who)
    elif end.reason is EndReason.VOID:
        words = both("La mano è nulla: nessuno vince punti.")
    elif end.reason is EndReason.MAX_TURNS and turn_cap is not None:
        words = both("La smazzata si ferma: raggiunto il limite di {cap} turni.", cap=turn_cap)
    elif end.reason is EndReason.MAX_TURNS:
        words = both("La smazzata si ferma: limite di turni.")
    elif end.reason is EndReason.MAX_RESTOCKS and restocks:
        words = nboth(
            "La smazzata si ferma: il tallone è finito di nuovo, già rifatto una volta, il"
            " massimo.",
            "La smazzata si ferma: il tallone è finito di nuovo, già rifatto {count} volte,"
            " il massimo.",
            restocks,
        )
    else:
        words = both("La smazzata si ferma: tallone finito.")
    settled = end.chips
    if settled is not None and settled.multiplier > 1 and who is not None:
        # A close that pays more: said with its name, as the rules say it.
        named = chips_closing_words(end.closing)
        closing = named.with_it, named.with_en
        times = settled.multiplier
        if you:
            words = both(
                "Chiudi {closing}, che moltiplica la posta per {times}.",
                closing=closing,
                times=times,
            )
        else:
            words = both(
                "{name} chiude {closing}, che moltiplica la posta per {times}.",
                name=who,
                closing=closing,
                times=times,
            )
    line = LogLine(None, words=[words])
    if settled is not None and end.out is not None:
        taken = settled.won[end.out]
        chips = chips_words(taken), chips_words(taken, "en")
        paid = settled.paid[end.out]
        more = chips_words(paid), chips_words(paid, "en")
        if you and paid > 0:
            line.add(
                both("Prendi {chips} dal piatto e {more} dagli altri.", chips=chips, more=more)
            )
        elif paid > 0:
            line.add(
                both(
                    "{name} prende {chips} dal piatto e {more} dagli altri.",
                    name=who,
                    chips=chips,
                    more=more,
                )
            )
        elif you:
            line.add(both("Prendi {chips}.", chips=chips))
        else:
            line.add(both("{name} prende {chips}.", name=who, chips=chips))
        # A side pot the winner is not in goes back to those in it.
        for seat, back in enumerate(settled.won):
            if seat == end.out or not back:
                continue
            returned = chips_words(back), chips_words(back, "en")
            if names[seat] == human:
                line.add(both("Riprendi {chips} da un piatto laterale.", chips=returned))
            else:
                line.add(
                    both(
                        "{name} riprende {chips} da un piatto laterale.",
                        name=names[seat],
                        chips=returned,
                    )
                )
    elif settled is not None:
        left = chips_words(settled.carried_out), chips_words(settled.carried_out, "en")
        line.add(both("Il piatto ({chips}) resta sul tavolo per la prossima mano.", chips=left))
    return line


def _points(points: int) -> Localized:
    return nboth("un punto", "{count} punti", points)


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
        return both("gin")
    theirs = min(count for seat, count in enumerate(end.counts) if seat != end.out)
    if theirs < mine or (theirs == mine and rules.undercut_on_tie):
        return both("battuta")
    return both("bussa con {count}", count=mine)


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
    >>> tie = _knocked(end((1, 1), (0, 0)), ["Anna", "Bruno"], "Bruno", big_gin=False)
    >>> tie[0]
    'Anna bussa con 1 punto spaiato, ma tu ne hai altrettanti: nessuno vince punti.'
    >>> tie[1]
    'Anna knocks with 1 point of deadwood, but you have as many: nobody scores.'
    >>> _knocked(end((4, 4), (0, 25)), ["Anna", "Bruno"], "Anna", big_gin=False)[0]
    'Bussi con 4 punti spaiati, ma Bruno ne ha altrettanti: battuta, Bruno vince 25 punti.'
    """
    out = end.out
    assert out is not None and end.points is not None
    other = next(seat for seat in range(len(end.counts)) if seat != out)
    mine, theirs = end.counts[out], end.counts[other]
    knocker, defender = names[out], names[other]
    you, them = knocker == human, defender == human
    won = _points(max(end.points))
    if mine == 0:
        gin = both("big gin") if big_gin else both("gin")
        if you:
            return both("Fai {gin}: vinci {points}.", gin=gin, points=won)
        return both("{name} fa {gin}: vince {points}.", name=knocker, gin=gin, points=won)
    if you:
        knock = nboth(
            "Bussi con {count} punto spaiato",
            "Bussi con {count} punti spaiati",
            mine,
        )
    else:
        knock = nboth(
            "{name} bussa con {count} punto spaiato",
            "{name} bussa con {count} punti spaiati",
            mine,
            name=knocker,
        )
    if end.points[out] > 0:
        if you:
            return both(
                "{knock} contro {count}: vinci {points}.", knock=knock, count=theirs, points=won
            )
        return both(
            "{knock} contro {count}: {name} vince {points}.",
            knock=knock,
            count=theirs,
            points=won,
            name=knocker,
        )
    has = both("ma tu ne hai") if them else both("ma {name} ne ha", name=defender)
    if end.points[other] > 0 and theirs == mine:
        # A tie that undercuts (where the rules say so): "as many", not the number again.
        if them:
            return both(
                "{knock}, {has} altrettanti: battuta, vinci {points}.",
                knock=knock,
                has=has,
                points=won,
            )
        return both(
            "{knock}, {has} altrettanti: battuta, {name} vince {points}.",
            knock=knock,
            has=has,
            points=won,
            name=defender,
        )
    if end.points[other] > 0:
        if them:
            return both(
                "{knock}, {has} {count}: battuta, vinci {points}.",
                knock=knock,
                has=has,
                count=theirs,
                points=won,
            )
        return both(
            "{knock}, {has} {count}: battuta, {name} vince {points}.",
            knock=knock,
            has=has,
            count=theirs,
            points=won,
            name=defender,
        )
    return both("{knock}, {has} altrettanti: nessuno vince punti.", knock=knock, has=has)
