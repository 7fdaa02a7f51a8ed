"""``ramino check``: is this a valid meld (*gioco*) under these rules, and what is it worth?"""

from __future__ import annotations

from typing import Any

import click
from rich.text import Text

from ..engine.cards import Card, card_tokens, format_cards
from ..engine.deck import check_in_deck
from ..engine.errors import IllegalAction, MeldError, RaminoError, Reason
from ..engine.melds import Meld, MeldKind, parse_meld, validate_meld
from ..engine.rules import Rules
from ..engine.scoring import Closing
from ..engine.showing import whole_hand_close
from ..engine.text import printable
from ..words.catalogue import NC_
from ..words.closings import closing_words
from ..words.inline import said
from ..words.names import meld_kind_name
from .common import (
    EXIT_REFUSED,
    Lang,
    console,
    exit_with,
    fail,
    pick,
    print_json,
    rules_for,
)
from .parsing import json_option, lang_option, rules_option, worded_command


@worded_command("check")
@click.argument("cards", nargs=-1)
@rules_option
@click.option("--whole-hand", "whole_hand", is_flag=True, default=False)
@json_option
@lang_option
def check(
    cards: tuple[str, ...], rules: str | None, whole_hand: bool, as_json: bool, lang: Lang
) -> None:
    """Check a meld: valid or refused (and why), its kind, the jolly's card, opening points.

    Exit status: 0 valid, 1 refused, 2 bad input.
    """
    try:
        table_rules = rules_for(rules)
        words, acting = _acting_as_joker(list(cards)) if whole_hand else (list(cards), [])
        meld_cards, declared = parse_meld(words)
    except RaminoError as error:
        if as_json:
            print_json(_refusal(error, lang))
        fail(error, lang)
    try:
        if len(acting) > 1:
            raise IllegalAction(Reason.IMAGINED_JOKER_ONE)
        as_joker = acting[0] if acting else None
        # Cards the rules' deck does not hold are no meld of theirs, whatever their shape; a
        # jolly imagined is no card of the deck.
        shown = _held(meld_cards, table_rules, as_joker) if whole_hand else meld_cards
        check_in_deck(shown, table_rules)
        if whole_hand:
            melds, closing = whole_hand_close(meld_cards, table_rules, as_joker)
        else:
            meld = validate_meld(meld_cards, table_rules, jokers=declared)
    except (MeldError, IllegalAction) as error:
        if as_json:
            print_json(_refusal(error, lang))
        else:
            _print_refusal(meld_cards, error, table_rules.name, lang, whole_hand=whole_hand)
        exit_with(EXIT_REFUSED)
    if whole_hand:
        _report_close(meld_cards, melds, closing, table_rules, as_json, lang, as_joker)
        return
    points = meld.points(table_rules)
    if as_json:
        print_json(
            {
                "valid": True,
                "kind": meld.kind.value,
                "points": points,
                "jokers": joker_map(meld),
                "reason": None,
                "message": None,
            }
        )
    else:
        # Opening points where melds are laid during play; elsewhere there is no opening.
        shown_points = points if table_rules.melding_during_play else None
        _print_meld(meld, shown_points, table_rules.name, lang)


def _acting_as_joker(words: list[str]) -> tuple[list[str], list[Card]]:
    """The words of a whole hand with each card acting as the jolly (``4C=JK``, the 10-card
    imaginary jolly, as a show writes it) written as the jolly, and those cards."""
    out: list[str] = []
    acting: list[Card] = []
    for token in (t for word in words for t in card_tokens(word)):
        head, sep, last = token.rpartition("=")
        if sep and last.upper() == "JK" and head and head.upper() != "JK":
            acting.append(Card.parse(head))
            token = "JK"
        out.append(token)
    return out, acting


def _held(cards: tuple[Card, ...], rules: Rules, as_joker: Card | None) -> list[Card]:
    """The cards of the deck a hand shows: under the imaginary jolly, its jolly is imagined
    (or is the card acting as it)."""
    if not rules.imaginary_joker:
        return list(cards)
    held = [c for c in cards if not c.is_joker]
    return held if as_joker is None else [*held, as_joker]


def _report_close(
    cards: tuple[Card, ...],
    melds: tuple[Meld, ...],
    closing: Closing,
    rules: Rules,
    as_json: bool,
    lang: Lang,
    as_joker: Card | None = None,
) -> None:
    if as_json:
        print_json(
            {
                "valid": True,
                "kind": closing.value,
                "points": None,
                "jokers": joker_map(*melds),
                "melds": [meld.notation() for meld in melds],
                "acting_as_joker": None if as_joker is None else str(as_joker),
                "reason": None,
                "message": None,
            }
        )
        return
    verdict = Text("✓ ", style="bold green")
    verdict.append(said(lang, "Chiusura valida: "), style="bold")
    words = closing_words(closing, rules)
    verdict.append(pick(lang, words.it, words.en), style="bold green")
    rows = [(said(lang, "carte"), format_cards(cards))]
    if melds:
        rows.append((said(lang, "giochi"), " | ".join(format_cards(m.cards) for m in melds)))
    rows.extend(_jokers_row(melds, lang))
    if as_joker is not None:
        rows.append((said(lang, "fa da jolly"), as_joker.unicode()))
    rows.append((said(lang, "regole"), rules.name))
    _report(verdict, rows)


def joker_map(*melds: Meld) -> dict[str, str]:
    """Each jolly and the card it stands for, meld after meld, in meld order:
    ``{"JK": "6S", "JK#2": ...}``."""
    return {("JK" if i == 0 else f"JK#{i + 1}"): str(c) for i, c in enumerate(_stands_for(melds))}


def _stands_for(melds: tuple[Meld, ...]) -> list[Card]:
    """The card each jolly of the melds stands for, meld after meld, in meld order."""
    return [
        card for meld in melds for _, card in sorted(meld.joker_assignments, key=lambda a: a[0])
    ]


def _jokers_row(melds: tuple[Meld, ...], lang: Lang) -> list[tuple[str, str]]:
    """The report's line of what each jolly stands for, if the melds hold any."""
    stands = _stands_for(melds)
    if not stands:
        return []
    joker = Card.joker().unicode()
    return [
        (
            NC_("check row", "jolly").template(lang, {}),
            ", ".join(f"{joker} = {c.unicode()}" for c in stands),
        )
    ]


def kind_name(meld: Meld, lang: Lang) -> str:
    """The players' word for the meld: a set of four is a *poker*."""
    if meld.kind is MeldKind.SET and len(meld) == 4 and lang is Lang.IT:
        return "poker"
    return meld_kind_name(meld.kind, lang.value)


def _refusal(error: RaminoError, lang: Lang) -> dict[str, Any]:
    return {
        "valid": False,
        "kind": None,
        "points": None,
        "jokers": {},
        "reason": error.reason.value,
        "message": error.message(lang.value),
    }


def _print_meld(meld: Meld, points: int | None, rules_name: str, lang: Lang) -> None:
    verdict = Text("✓ ", style="bold green")
    verdict.append(said(lang, "Gioco valido: "), style="bold")
    verdict.append(kind_name(meld, lang), style="bold green")
    rows = [(said(lang, "carte"), format_cards(meld.cards))]
    rows.extend(_jokers_row((meld,), lang))
    if points is not None:
        rows.append((said(lang, "punti di apertura"), str(points)))
    rows.append((said(lang, "regole"), rules_name))
    _report(verdict, rows)


def _print_refusal(
    cards: tuple[Card, ...],
    error: RaminoError,
    rules_name: str,
    lang: Lang,
    *,
    whole_hand: bool = False,
) -> None:
    verdict = Text("✗ ", style="bold red")
    title = said(lang, "Chiusura rifiutata") if whole_hand else said(lang, "Gioco rifiutato")
    verdict.append(title, style="bold red")
    rows = [
        (said(lang, "carte"), format_cards(cards)),
        (said(lang, "motivo"), error.message(lang.value)),
        (said(lang, "codice"), error.reason.value),
        (said(lang, "regole"), rules_name),
    ]
    _report(verdict, rows)


def _report(verdict: Text, rows: list[tuple[str, str]]) -> None:
    out = console()
    out.print(verdict)
    for label, value in rows:
        line = Text(f"  {label}: ", style="dim")
        # The rules' name comes from a file, and a Text is printed as it is.
        line.append(printable(value))
        out.print(line)
