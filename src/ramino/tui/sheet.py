"""The score sheet (*foglio dei punti*) as the game shows it between rounds: each round's total
per player with what it added, who went out (in one turn: doubled counts), who is out of the
match and who came back in (*rientro*), the hands left at the last count, and the winner once the
match is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..engine.chips import chips_words
from ..engine.going_out import least_deadwood_cards
from ..engine.round import EndReason
from ..engine.rules import Betting, MatchEnd, RoundCap, RummyBonus
from ..engine.scoring import Closing
from ..engine.text import printable
from ..words.catalogue import NC_
from ..words.closings import closing_words
from ..words.inline import both, nsaid, said
from .cards import cards_text
from .controller import MatchController
from .narrate import knock_kind, pick, seat_name

__all__ = ["outcome", "sheet_title", "sheet_view"]

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
    if sheet.out is None:
        # Stopped by a cap: under [R] the lowest hand scores 0, which the cells alone hide.
        if game.rules.on_round_cap is RoundCap.LOWEST_HAND_WINS:
            return said(lang, "nessuno (limite), la mano più bassa segna 0")
        return said(lang, "nessuno (limite)")
    words = [seat_name(sheet.out, game.human, lang)]
    rules = game.rules
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
        named = closing_words(sheet.closing, game.rules)
        words.append(pick(lang, (named.with_it, named.with_en)))
    return ", ".join(words)


def _knocker(game: MatchController, number: int, lang: str) -> str:
    """Who knocked and how (gin rummy), or a void hand."""
    sheet = game.sheets[number]
    if sheet.out is None or number >= len(game.ends):
        return said(lang, "mano nulla")
    end, big_gin = game.ends[number]
    kind = both("big gin") if big_gin else knock_kind(end, game.rules)
    return f"{seat_name(sheet.out, game.human, lang)}, {pick(lang, kind)}"


def _boxes(game: MatchController, lang: str) -> list[Text]:
    """The hands each player has won (gin rummy's boxes), and what they are worth at the
    end of the match."""
    rules = game.rules
    if rules.knock_limit is None or not game.sheets:
        return []
    won = game.play.match.boxes
    each = " · ".join(f"{seat_name(p, game.human, lang)} {won[p]}" for p in game.players)
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


def sheet_title(game: MatchController, lang: str) -> str:
    """The sheet's title: chips or points, the rules, and how long the match lasts (its set
    number of rounds, or the total it is played to)."""
    rules = game.rules
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
    table = _table(_WON.template(lang, {}), _shown(game, lang))
    for number, sheet in enumerate(game.sheets):
        record = game.records[number] if number < len(game.records) else None
        end = record.result if record is not None else None
        who = None if sheet.out is None else seat_name(sheet.out, game.human, lang)
        if who is None:
            won = said(lang, "nessuno (piatto al tavolo)")
        elif end is not None and end.reason is EndReason.ALL_FOLDED:
            won = said(lang, "{name}, gli altri lasciano", name=who)
        elif sheet.out == game.human:
            won = said(lang, "{name}, chiudi", name=who)
        else:
            won = said(lang, "{name}, chiude", name=who)
        row: list[str | Text] = [str(sheet.number), won]
        totals = sheet.chip_totals or {}
        changes = sheet.chips or {}
        for player in game.players:
            change = f"{changes[player]:+d}" if player in changes else None
            row.append(_cell(str(totals.get(player, "—")), change, player in sheet.eliminated))
        table.add_row(*row)
    parts: list[Table | Text] = [] if apart else [_title(sheet_title(game, lang))]
    parts += [table, *_legend(game, lang)]
    left = game.play.match.on_table
    if left:
        parts.append(
            Text(
                said(
                    lang,
                    "Sul tavolo: {chips} per chi vince la prossima mano.",
                    chips=(chips_words(left), chips_words(left, "en")),
                )
            )
        )
    parts.extend(_last_turn(game, lang))
    if not apart:
        parts.append(Text(outcome(game, lang), style="bold"))
    return Group(*parts)


def _title(title: str) -> Text:
    """The sheet's title on one line of its own: a grid narrower than the title (few players,
    short totals) must not fold it."""
    return Text(title, style="italic", no_wrap=True, overflow="ellipsis")


def _shown(game: MatchController, lang: str) -> list[str]:
    """The players' columns as the screen names them (the human "Tu")."""
    return [seat_name(p, game.human, lang) for p in game.players]


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


def _legend(game: MatchController, lang: str) -> list[Text]:
    """What ✗ means, once someone is out."""
    if not any(sheet.eliminated for sheet in game.sheets):
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
    knocking = game.rules.knock_limit is not None
    second = (_KNOCKED if knocking else _WENT_OUT).template(lang, {})
    table = _table(second, _shown(game, lang))
    gone: set[str] = set()
    reentries = game.play.match.reentries
    for number, sheet in enumerate(game.sheets):
        gone -= set(sheet.reentered)
        bonuses = _match_bonuses(game, number)
        row: list[str | Text] = [str(sheet.number), _went_out(game, number, lang)]
        for player in game.players:
            if player in gone:
                row.append("—")
                continue
            scored = sheet.scores.get(player)
            extra = bonuses.get(player, 0)
            row.append(
                _cell(
                    str(sheet.totals[player] - extra),
                    None if scored is None else f"{scored - extra:+d}",
                    player in sheet.eliminated,
                )
            )
        table.add_row(*row)
        if bonuses:
            # The boxes and the game's bonus, apart from the last hand's own points.
            added = [_cell(str(sheet.totals[p]), f"+{bonuses[p]}", False) for p in game.players]
            table.add_row("", said(lang, "mani vinte e partita"), *added)
        gone |= set(sheet.eliminated)
        # A re-entry gets its own line under the round that put the player out, with the total
        # he starts again from, before the next round's line (or before the next deal).
        back = {r.player: r.total for r in reentries if r.after_round == sheet.number}
        if back:
            cells = [f"↺ {back[p]}" if p in back else "" for p in game.players]
            table.add_row("", said(lang, "rientra"), *cells)
    parts: list[Table | Text] = [] if apart else [_title(sheet_title(game, lang))]
    parts += [table, *_legend(game, lang), *_boxes(game, lang)]
    won = game.play.match.chips
    if won is not None:
        # Carioca: each round's pot of stakes, taken by whoever went out.
        each = ", ".join(f"{seat_name(p, game.human, lang)} {n:+d}" for p, n in won.items())
        parts.append(Text(said(lang, "Fiches delle poste: {each}", each=each)))
    match = game.play.match
    if game.rules.messa and game.sheets:
        # Each loser's cell holds his count and the messa together: say the messa apart, and
        # the next one where a scempio has suspended or raised it.
        paid_messa, coming = game.sheets[-1].messa, match.messa_level
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
        if coming != paid_messa and not match.is_over:
            parts.append(Text(said(lang, "Nella prossima la messa è {messa}.", messa=coming)))
    credits = {p: n for p, n in match.credits.items() if n}
    if credits:
        # Casertano: what each close has won besides its points.
        each = ", ".join(f"{seat_name(p, game.human, lang)} {n}" for p, n in credits.items())
        parts.append(Text(said(lang, "Crediti: {each}", each=each)))
    paid = {p: n for p, n in game.play.match.stakes.items() if n}
    if paid:
        each = ", ".join(f"{seat_name(p, game.human, lang)} {n}" for p, n in paid.items())
        parts.append(Text(said(lang, "Poste per rientrare: {each}", each=each)))
    parts.extend(_last_turn(game, lang))
    last = game.last_round
    if last is not None and last.end is not None:
        # Where the others lay what they can after the close, only the cards left count.
        unbound = game.rules.lay_after_close and last.end.out is not None
        label = (
            said(lang, "Conta delle carte rimaste slegate: ") if unbound else said(lang, "Conta: ")
        )
        count = Text(label, style="bold")
        for seat, name in enumerate(game.names):
            if seat:
                count.append(" · ")
            count.append(seat_name(name, game.human, lang) + " ")
            if seat == last.end.out and knocking:
                you = name == game.human
                if you:
                    count.append(said(lang, "(hai bussato) "))
                else:
                    count.append(said(lang, "(ha bussato) "))
            elif seat == last.end.out:
                you = name == game.human
                if you:
                    count.append(said(lang, "hai chiuso"))
                else:
                    count.append(said(lang, "ha chiuso"))
                continue
            left = last.end.hands[seat]
            if unbound:
                left = least_deadwood_cards(left, game.rules)
            if left:
                count.append_text(cards_text(left, four_colours=four_colours))
                count.append(" ")
            count.append(f"= {last.end.counts[seat]}")
        parts.append(count)
    if not apart:
        parts.append(Text(outcome(game, lang), style="bold"))
    return Group(*parts)
