"""The score sheet (*foglio dei punti*) as the game shows it between rounds: each round's total
per player with what it added, who went out (in one turn: doubled counts), who is out of the
match and who came back in (*rientro*), the hands left at the last count, and the winner once the
match is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine.cards import Card
from ..engine.chips import chips_words
from ..engine.going_out import least_deadwood_cards
from ..engine.match import RoundSheet
from ..engine.round import EndReason, RoundEnd
from ..engine.rules import Betting, MatchEnd, RoundCap, Rules, RummyBonus
from ..engine.scoring import Closing
from ..engine.text import printable
from ..words.catalogue import NC_
from ..words.closings import closing_words
from ..words.inline import both, nsaid, said
from .cards import cards_text
from .controller import MatchController
from .narrate import knock_kind, pick, seat_name

__all__ = [
    "boxes_note",
    "chips_grid",
    "count_line",
    "knocker_words",
    "legend",
    "on_table_note",
    "outcome",
    "points_grid",
    "sheet_notes",
    "sheet_title",
    "sheet_view",
    "went_out_words",
]

#: The second column's heading: who knocked, went out or won the hand. Headings, told apart
#: from the same verbs in the log ("knocked", not "knocks").
_KNOCKED = NC_("sheet heading", "bussa")
_WENT_OUT = NC_("sheet heading", "chiude")
_WON = NC_("sheet heading", "vince")


def outcome(game: MatchController, lang: str) -> str:
    """Who won, or who leads while the match goes on: by chips where the match is played for
    them (betting), else by points, with how the match ends (a target, or a set number of
    rounds). Carioca's stakes are chips too, but its standing is by points (RULES.md §6.3)."""
    match = game.play.match
    rules = game.rules
    you = game.human
    # Played for chips only under betting; else the chips (carioca's stakes) rank nobody.
    chips = match.chips if rules.betting is not Betting.NONE else None
    if match.winner is not None and match.winner == you:
        # The player himself, told in the second person.
        if chips is not None:
            held = chips[you]
            chips_held = chips_words(held), chips_words(held, "en")
            return said(lang, "Vinci tu, con {total}!", total=chips_held)
        points = match.totals[you]
        return said(lang, "Vinci tu, con {total}!", total=points)
    result = match.result(lang)
    if result is not None:
        return result
    leader = match.standing()[0]
    if leader == you:
        lead = said(lang, "In testa ci sei tu")
    else:
        lead = said(lang, "In testa {name}", name=leader)
    played, rounds = len(match.rounds), rules.match_rounds
    if chips is not None:
        leading = chips_words(chips[leader]), chips_words(chips[leader], "en")
        hands = nsaid(
            lang,
            "una mano giocata su {rounds}",
            "{count} mani giocate su {rounds}",
            played,
            rounds=rounds,
        )
        if len(match.active) > 1 and len({chips[p] for p in match.active}) == 1:
            # Nobody leads: everyone still in holds as many chips (at the start, say).
            return said(lang, "Siete pari a {total} ({until}).", total=leading, until=hands)
        return said(lang, "{lead}, con {total} ({until}).", lead=lead, total=leading, until=hands)
    points = match.totals[leader]
    level = len(match.active) > 1 and len({match.totals[p] for p in match.active}) == 1
    if rules.match_end is MatchEnd.FIXED_ROUNDS:
        until = nsaid(
            lang,
            "una smazzata giocata su {rounds}",
            "{count} smazzate giocate su {rounds}",
            played,
            rounds=rounds,
        )
        if rules.target is not None and rules.betting is Betting.NONE:
            until += said(lang, "; si esce a {target}", target=rules.target)
    elif rules.match_end in (MatchEnd.FIRST_TO_TARGET, MatchEnd.POINTS_TO_TARGET):
        until = said(
            lang, "la partita finisce quando qualcuno arriva a {target}", target=rules.target
        )
    else:
        until = said(lang, "si perde a {target}", target=rules.target)
    if level:
        # Nobody leads: everyone still in has the same total (at the start, say).
        return said(lang, "Siete pari a {total} ({until}).", total=points, until=until)
    return said(lang, "{lead}, con {total} ({until}).", lead=lead, total=points, until=until)


def _went_out(game: MatchController, number: int, lang: str) -> str:
    sheet = game.sheets[number]
    if game.rules.knock_limit is not None:
        return _knocker(game, number, lang)
    return went_out_words(game.rules, sheet, game.human, lang)


def went_out_words(rules: Rules, sheet: RoundSheet, human: str, lang: str) -> str:
    """Who went out of the round of ``sheet``, with what the cells alone hide: in one turn
    and what it did to the others' count, the close's kind, or the cap that stopped it."""
    if sheet.out is None:
        # Stopped by a cap: under [R] the lowest hand scores 0, which the cells alone hide.
        if rules.on_round_cap is RoundCap.LOWEST_HAND_WINS:
            return said(lang, "nessuno (limite), la mano più bassa segna 0")
        return said(lang, "nessuno (limite)")
    words = [seat_name(sheet.out, human, lang)]
    if sheet.in_one_turn and rules.melding_during_play:
        words.append(said(lang, "in mano"))
        # What the close in one turn did to the others' count, which the cells alone hide.
        if rules.rummy_bonus is RummyBonus.DOUBLE:
            words.append(said(lang, "punti doppi"))
        elif rules.rummy_bonus is RummyBonus.ADD:
            words.append(said(lang, "+{bonus} a testa", bonus=rules.rummy_bonus_points))
        elif rules.rummy_bonus is RummyBonus.SCEMPIO and rules.messa:
            words.append(said(lang, "scempio"))
    if sheet.closing is not Closing.SIMPLE:
        named = closing_words(sheet.closing, rules)
        words.append(pick(lang, (named.with_it, named.with_en)))
    return ", ".join(words)


def _knocker(game: MatchController, number: int, lang: str) -> str:
    """Who knocked and how (gin rummy), or a void hand."""
    sheet = game.sheets[number]
    if sheet.out is None or number >= len(game.ends):
        return said(lang, "mano nulla")
    end, big_gin = game.ends[number]
    return knocker_words(game.rules, sheet.out, end, big_gin, game.human, lang)


def knocker_words(
    rules: Rules, knocker: str, end: RoundEnd, big_gin: bool, human: str, lang: str
) -> str:
    """Who knocked a hand of gin rummy, and how it came out (:func:`.narrate.knock_kind`)."""
    kind = both("big gin") if big_gin else knock_kind(end, rules)
    return f"{seat_name(knocker, human, lang)}, {pick(lang, kind)}"


def _boxes(game: MatchController, lang: str) -> list[Text]:
    if not game.sheets:
        return []
    return boxes_note(game.rules, game.players, game.play.match.boxes, game.human, lang)


def boxes_note(
    rules: Rules, players: Sequence[str], won: Mapping[str, int], human: str, lang: str
) -> list[Text]:
    """The hands each player has won (gin rummy's boxes, ``won``), and what they are worth
    at the end of the match."""
    if rules.knock_limit is None:
        return []
    each = " · ".join(f"{seat_name(p, human, lang)} {won.get(p, 0)}" for p in players)
    return [
        Text(
            said(
                lang,
                "Mani vinte: {each} (a fine partita {box} punti l'una, e {game} a chi vince)",
                each=each,
                box=rules.box_bonus,
                game=rules.game_bonus,
            )
        )
    ]


def _match_bonuses(game: MatchController, number: int) -> dict[str, int]:
    """What the match's end added to each player on line ``number`` (gin rummy's boxes and
    game bonus, which the engine writes into the last hand's scores), or nothing."""
    sheet = game.sheets[number]
    if (
        game.rules.knock_limit is None
        or not game.is_over
        or number != len(game.sheets) - 1
        or number >= len(game.ends)
    ):
        return {}
    points = game.ends[number][0].points
    if points is None:
        return {}
    hand = dict(zip(game.names, points, strict=True))
    return {p: sheet.scores[p] - hand.get(p, 0) for p in game.players}


def sheet_title(rules: Rules, lang: str) -> str:
    """The sheet's title: chips or points, the rules, and how long the match lasts (its set
    number of rounds, or the total it is played to)."""
    if rules.betting is not Betting.NONE:
        title = said(lang, "Fiches") + f" · {printable(rules.name)}, "
        hands = rules.match_rounds or 0
        return title + nsaid(lang, "{count} mano", "{count} mani", hands)
    title = said(lang, "Foglio dei punti") + f" · {printable(rules.name)}, "
    if rules.match_end is MatchEnd.FIXED_ROUNDS and rules.match_rounds is not None:
        return title + nsaid(
            lang,
            "{count} smazzata",
            "{count} smazzate",
            rules.match_rounds,
        )
    return title + said(lang, "a ") + str(rules.target)


def _chips_view(game: MatchController, lang: str, apart: bool) -> Group:
    """The sheet of a match played for chips: who won each hand, and each player's chips."""
    folded = []
    for number in range(len(game.sheets)):
        record = game.records[number] if number < len(game.records) else None
        end = record.result if record is not None else None
        folded.append(end is not None and end.reason is EndReason.ALL_FOLDED)
    table = chips_grid(game.players, game.sheets, folded, game.human, lang)
    parts: list[Table | Text] = [] if apart else [_title(sheet_title(game.rules, lang))]
    parts += [table, *legend(game.sheets, lang), *on_table_note(game.play.match.on_table, lang)]
    parts.extend(_last_turn(game, lang))
    if not apart:
        parts.append(Text(outcome(game, lang), style="bold"))
    return Group(*parts)


def chips_grid(
    players: Sequence[str],
    lines: Sequence[RoundSheet],
    folded: Sequence[bool],
    human: str,
    lang: str,
) -> Table:
    """The grid of a match played for chips: who won each hand (``folded``: the others
    folded), and each player's chips after it with what the hand changed."""
    table = _table(_WON.template(lang, {}), [seat_name(p, human, lang) for p in players])
    for number, sheet in enumerate(lines):
        who = None if sheet.out is None else seat_name(sheet.out, human, lang)
        if who is None:
            won = said(lang, "nessuno (piatto al tavolo)")
        elif number < len(folded) and folded[number]:
            won = said(lang, "{name}, gli altri lasciano", name=who)
        elif sheet.out == human:
            won = said(lang, "{name}, chiudi", name=who)
        else:
            won = said(lang, "{name}, chiude", name=who)
        row: list[str | Text] = [str(sheet.number), won]
        totals = sheet.chip_totals or {}
        changes = sheet.chips or {}
        for player in players:
            change = f"{changes[player]:+d}" if player in changes else None
            row.append(_cell(str(totals.get(player, "—")), change, player in sheet.eliminated))
        table.add_row(*row)
    return table


def on_table_note(left: int, lang: str) -> list[Text]:
    """The chips left on the table for the next hand, if any."""
    if not left:
        return []
    chips = (chips_words(left), chips_words(left, "en"))
    return [Text(said(lang, "Sul tavolo: {chips} per chi vince la prossima mano.", chips=chips))]


def _title(title: str) -> Text:
    """The sheet's title on one line of its own: a grid narrower than the title (few players,
    short totals) must not fold it."""
    return Text(title, style="italic", no_wrap=True, overflow="ellipsis")


def _table(second: str, players: Sequence[str]) -> Table:
    """The sheet's grid: the round's number, who went out (or won), a column per player.

    Six players fit 80 columns: no lines between the columns, and a player's cell never wraps
    (the second column gives way first)."""
    table = Table(
        expand=False,
        padding=(0, 0, 0, 1),
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(second, overflow="fold")
    for player in players:
        table.add_column(player, justify="right", no_wrap=True)
    return table


#: The mark of a player out of the match, after the total that put him out.
_OUT = "✗"


def _cell(total: str, change: str | None, out: bool) -> Text:
    """A player's cell: the total, what the round added (dim), ✗ when it put him out."""
    cell = Text(total)
    if change is not None:
        cell.append(f" {change}", style="dim")
    if out:
        cell.append(_OUT, style="bold")
    return cell


def legend(lines: Sequence[RoundSheet], lang: str) -> list[Text]:
    """What ✗ means, once someone is out."""
    if not any(sheet.eliminated for sheet in lines):
        return []
    return [Text(said(lang, "{mark} fuori dalla partita", mark=_OUT))]


def _last_turn(game: MatchController, lang: str) -> list[Text]:
    """The move that ended the round, which the table behind the sheet no longer shows."""
    if not game.last_turn:
        return []
    told = Text(said(lang, "Ultimo turno: "), style="bold")
    told.append(" ".join(line.text(lang) for line in game.last_turn), style="not bold")
    return [told]


def sheet_view(
    game: MatchController, lang: str, *, four_colours: bool = False, apart: bool = False
) -> Group:
    """The score sheet under its title (:func:`sheet_title`), the last count and the
    standing (:func:`outcome`), ready to print; with ``apart``, neither the title nor the
    standing, for a screen that keeps them in sight while the sheet scrolls."""
    if game.rules.betting is not Betting.NONE:
        return _chips_view(game, lang, apart)
    match = game.play.match
    back: dict[int, dict[str, int]] = {}
    for reentry in match.reentries:
        back.setdefault(reentry.after_round, {})[reentry.player] = reentry.total
    table = points_grid(
        game.rules,
        game.players,
        game.sheets,
        [_went_out(game, number, lang) for number in range(len(game.sheets))],
        back,
        game.human,
        lang,
        bonuses=[_match_bonuses(game, number) for number in range(len(game.sheets))],
    )
    parts: list[Table | Text] = [] if apart else [_title(sheet_title(game.rules, lang))]
    parts += [table, *legend(game.sheets, lang), *_boxes(game, lang)]
    parts += sheet_notes(
        game.rules,
        game.sheets,
        game.human,
        lang,
        coming_messa=None if match.is_over else match.messa_level,
        credits=match.credits,
        stakes=match.stakes,
        carioca=match.chips,
    )
    parts.extend(_last_turn(game, lang))
    last = game.last_round
    if last is not None and last.end is not None:
        end = last.end
        parts.append(
            count_line(
                game.rules,
                game.names,
                end.out,
                end.hands,
                end.counts,
                game.human,
                lang,
                four_colours=four_colours,
            )
        )
    if not apart:
        parts.append(Text(outcome(game, lang), style="bold"))
    return Group(*parts)


def points_grid(
    rules: Rules,
    players: Sequence[str],
    lines: Sequence[RoundSheet],
    went_out: Sequence[str],
    back: Mapping[int, Mapping[str, int]],
    human: str,
    lang: str,
    *,
    bonuses: Sequence[Mapping[str, int]] = (),
) -> Table:
    """The grid of a match played for points: for each round, who went out (``went_out``,
    as :func:`went_out_words` says it), each player's total with what the round added, ✗
    where it put him out; a re-entry's line under the round that put him out (``back``: by
    round, the total each player came back at); gin rummy's boxes and game bonus on a line
    of their own (``bonuses``, by round)."""
    knocking = rules.knock_limit is not None
    second = (_KNOCKED if knocking else _WENT_OUT).template(lang, {})
    table = _table(second, [seat_name(p, human, lang) for p in players])
    gone: set[str] = set()
    for number, sheet in enumerate(lines):
        gone -= set(sheet.reentered)
        added = bonuses[number] if number < len(bonuses) else {}
        row: list[str | Text] = [str(sheet.number), went_out[number]]
        for player in players:
            if player in gone:
                row.append("—")
                continue
            scored = sheet.scores.get(player)
            extra = added.get(player, 0)
            row.append(
                _cell(
                    str(sheet.totals[player] - extra),
                    None if scored is None else f"{scored - extra:+d}",
                    player in sheet.eliminated,
                )
            )
        table.add_row(*row)
        if added:
            # The boxes and the game's bonus, apart from the last hand's own points.
            cells = [_cell(str(sheet.totals[p]), f"+{added[p]}", False) for p in players]
            table.add_row("", said(lang, "mani vinte e partita"), *cells)
        gone |= set(sheet.eliminated)
        # A re-entry gets its own line under the round that put the player out, with the total
        # he starts again from, before the next round's line (or before the next deal).
        came_back = back.get(sheet.number, {})
        if came_back:
            marks = [f"↺ {came_back[p]}" if p in came_back else "" for p in players]
            table.add_row("", said(lang, "rientra"), *marks)
    return table


def sheet_notes(
    rules: Rules,
    lines: Sequence[RoundSheet],
    human: str,
    lang: str,
    *,
    coming_messa: int | None,
    credits: Mapping[str, int],
    stakes: Mapping[str, int],
    carioca: Mapping[str, int] | None,
) -> list[Text]:
    """What the cells alone hide: carioca's pots, the messa paid in the last round and the
    next one's (``coming_messa``, ``None`` when unknown or the match is over), casertano's
    credits, the stakes paid to come back in."""
    parts: list[Text] = []
    if carioca is not None:
        # Carioca: each round's pot of stakes, taken by whoever went out.
        each = ", ".join(f"{seat_name(p, human, lang)} {n:+d}" for p, n in carioca.items())
        parts.append(Text(said(lang, "Fiches delle poste: {each}", each=each)))
    if rules.messa and lines:
        # Each loser's cell holds his count and the messa together: say the messa apart, and
        # the next one where a scempio has suspended or raised it.
        paid_messa = lines[-1].messa
        if paid_messa:
            parts.append(
                Text(
                    said(
                        lang,
                        "Messa dell'ultima smazzata: {messa} a chi non ha chiuso.",
                        messa=paid_messa,
                    )
                )
            )
        else:
            parts.append(Text(said(lang, "Nell'ultima smazzata niente messa.")))
        if coming_messa is not None and coming_messa != paid_messa:
            parts.append(Text(said(lang, "Nella prossima la messa è {messa}.", messa=coming_messa)))
    won = {p: n for p, n in credits.items() if n}
    if won:
        # Casertano: what each close has won besides its points.
        each = ", ".join(f"{seat_name(p, human, lang)} {n}" for p, n in won.items())
        parts.append(Text(said(lang, "Crediti: {each}", each=each)))
    paid = {p: n for p, n in stakes.items() if n}
    if paid:
        each = ", ".join(f"{seat_name(p, human, lang)} {n}" for p, n in paid.items())
        parts.append(Text(said(lang, "Poste per rientrare: {each}", each=each)))
    return parts


def count_line(
    rules: Rules,
    names: Sequence[str],
    out: int | None,
    hands: Sequence[Sequence[Card]],
    counts: Sequence[int],
    human: str,
    lang: str,
    *,
    four_colours: bool = False,
) -> Text:
    """The last round's count: each seat's cards left and what they came to, the one who
    went out (or knocked) said so; where the others lay what they can after the close, only
    the cards left unbound."""
    knocking = rules.knock_limit is not None
    unbound = rules.lay_after_close and out is not None
    label = said(lang, "Conta delle carte rimaste slegate: ") if unbound else said(lang, "Conta: ")
    count = Text(label, style="bold")
    for seat, name in enumerate(names):
        if seat:
            count.append(" · ")
        count.append(seat_name(name, human, lang) + " ")
        you = name == human
        if seat == out and knocking:
            count.append(said(lang, "(hai bussato) ") if you else said(lang, "(ha bussato) "))
        elif seat == out:
            count.append(said(lang, "hai chiuso") if you else said(lang, "ha chiuso"))
            continue
        left: Sequence[Card] = hands[seat]
        if unbound:
            left = least_deadwood_cards(left, rules)
        if left:
            count.append_text(cards_text(left, four_colours=four_colours))
            count.append(" ")
        count.append(f"= {counts[seat]}")
    return count
