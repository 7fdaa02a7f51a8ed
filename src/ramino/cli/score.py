"""``ramino score``: the score sheet (*foglio dei punti*) of a match played at a real table."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table

from ..engine.errors import RaminoError
from ..engine.match import Match, RoundSheet
from ..engine.round import EndReason, RoundEnd
from ..engine.rules import Betting, MatchEnd, Rules
from ..engine.scoring import Closing, hand_penalty
from ..house_rules import is_file
from ..tui.narrate import knock_kind
from ..tui.sheet import went_out_words
from ..words.catalogue import NC_
from ..words.inline import nsaid, said
from .common import (
    Lang,
    console,
    fail,
    pick,
    print_json,
    rules_for,
)
from .parsing import json_option, lang_option, rules_option, worded_command
from .score_file import RoundEntry, ScoreFile, parse_score_file, play, read_text, relayed


@worded_command("score")
@click.argument("file")
@rules_option
@json_option
@lang_option
def score(file: str, rules: str | None, as_json: bool, lang: Lang) -> None:
    """Keep the score sheet: totals after each round, who is out, the winner.

    The rules come from --rules, else from the file's "rules", else classico.
    """
    try:
        sheet = parse_score_file(read_text(file), file)
        match = play(sheet, _rules(rules, sheet, file))
    except RaminoError as error:
        fail(error, lang)
    if as_json:
        print_json(match.to_dict())
    else:
        _print_sheet(match, lang, sheet)


def _rules(option: str | None, sheet: ScoreFile, file: str) -> Rules:
    """The rules of ``--rules``, else the file's own (a TOML path in it is relative to the
    file), else classico."""
    if option is not None or sheet.rules is None:
        return rules_for(option)
    spec = sheet.rules
    if file != "-" and not Path(spec).is_absolute():
        beside = Path(file).parent / spec
        if is_file(beside):
            spec = str(beside)
    try:
        return rules_for(spec)
    except RaminoError as error:
        raise relayed("rules", error) from None


def _print_sheet(match: Match, lang: Lang, played: ScoreFile) -> None:
    rules = match.rules
    knocking = rules.knock_limit is not None
    if rules.match_end is MatchEnd.FIXED_ROUNDS and rules.match_rounds is not None:
        length = nsaid(lang, "{count} smazzata", "{count} smazzate", rules.match_rounds)
    else:
        length = said(lang, "a {target}", target=rules.target)
    title = said(lang, "Foglio dei punti · {rules}, {length}", rules=rules.name, length=length)
    table = Table(title=title, title_justify="left")
    table.add_column(said(lang, "smazzata"), justify="right")
    table.add_column(
        NC_("sheet heading", "bussa").template(lang, {}) if knocking else said(lang, "chiude")
    )
    for player in match.players:
        table.add_column(player, justify="right")
    with_messa = any(sheet.messa for sheet in match.rounds)
    if with_messa:
        table.add_column("messa", justify="right")
    gone: set[str] = set()
    for sheet, entry in zip(match.rounds, played.rounds, strict=True):
        gone -= set(sheet.reentered)
        # Who went out and what the cells hide, as the terminal's sheet says it (no one is «tu»).
        how = _knocker(entry, rules, lang) if knocking else went_out_words(rules, sheet, "", lang)
        row = [str(sheet.number), how]
        row += [_total(sheet, player, gone, lang) for player in match.players]
        if with_messa:
            row.append(str(sheet.messa) if sheet.messa else "")
        table.add_row(*row)
        gone |= set(sheet.eliminated)
    out = console()
    out.print(table)
    out.print(_outcome(match, lang))
    for label, amounts in (
        (said(lang, "Crediti"), match.credits),
        (said(lang, "Poste per rientrare"), match.stakes),
    ):
        if any(amounts.values()):
            listed = ", ".join(f"{p} {n}" for p, n in amounts.items() if n)
            out.print(f"{label}: {listed}")


def _knocker(entry: RoundEntry, rules: Rules, lang: Lang) -> str:
    """Who knocked and how (gin rummy): gin, an undercut (*battuta*), or his deadwood."""
    knocker = entry.result.out
    if knocker is None:
        return said(lang, "mano nulla")
    if entry.big_gin:
        return f"{knocker}, big gin"
    names = list(entry.result.hands)
    counts = tuple(
        hand if isinstance(hand, int) else hand_penalty(hand, rules)
        for hand in entry.result.hands.values()
    )
    end = RoundEnd(EndReason.WENT_OUT, names.index(knocker), False, Closing.SIMPLE, (), counts)
    return f"{knocker}, {pick(lang, *knock_kind(end, rules))}"


def _total(sheet: RoundSheet, player: str, gone: set[str], lang: Lang) -> str:
    if player in gone:
        return "—"
    # Played for chips (pokerato), a player's chips are his total.
    totals = sheet.chip_totals if sheet.chip_totals is not None else sheet.totals
    cell = str(totals[player])
    if player in sheet.reentered:
        cell = said(lang, "rientra, {total}", total=cell)
    if player in sheet.eliminated:
        cell = said(lang, "{total}, fuori", total=cell)
    return cell


def _outcome(match: Match, lang: Lang) -> str:
    result = match.result(lang.value)
    if result is not None:
        return result
    leader = match.standing()[0]
    chips = match.chips
    if chips is not None and match.rules.betting is not Betting.NONE:
        return nsaid(
            lang,
            "Partita in corso: in testa {leader}, con una fiche.",
            "Partita in corso: in testa {leader}, con {count} fiches.",
            chips[leader],
            leader=leader,
        )
    points = match.totals[leader]
    return said(
        lang, "Partita in corso: in testa {leader}, con {points}.", leader=leader, points=points
    )
