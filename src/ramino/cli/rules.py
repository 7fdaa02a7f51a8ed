"""``ramino rules``: the presets, or every rule in force at a table, before the deal."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..engine.describe import describe
from ..engine.errors import RaminoError
from ..engine.presets import PRESETS
from ..house_rules import resolve_rules
from .common import JsonOption, Lang, LangOption, console, echo, fail, pick, print_json


def rules(
    preset_or_toml: Annotated[
        str | None,
        typer.Argument(
            help="A preset name or a TOML house-rules file; without it, list the presets.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            min=2,
            help="Describe the table for this many players (deck and hand size may depend on it).",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    lang: LangOption = Lang.IT,
) -> None:
    """List the presets, or show every rule of one preset or house-rules file."""
    if preset_or_toml is None:
        _list_presets(as_json, lang)
        return
    try:
        table_rules = resolve_rules(preset_or_toml)
        text = None if as_json else describe(table_rules, lang.value, players=players)
    except RaminoError as error:
        fail(error, lang)
    if text is None:
        print_json({"name": table_rules.name, "knobs": table_rules.knobs()})
    else:
        echo(text.rstrip("\n"))


def _list_presets(as_json: bool, lang: Lang) -> None:
    if as_json:
        print_json({"presets": {name: p.summary(lang.value) for name, p in PRESETS.items()}})
        return
    table = Table(title=pick(lang, "Regole pronte", "Presets"), title_justify="left")
    table.add_column(pick(lang, "nome", "name"), style="bold", no_wrap=True)
    table.add_column(pick(lang, "in breve", "summary"))
    for name, preset in PRESETS.items():
        table.add_row(name, preset.summary(lang.value))
    out = console()
    out.print(table)
    out.print(
        pick(
            lang,
            "Dettagli: ramino rules NOME (o un file TOML con le regole di casa).",
            "Details: ramino rules NAME (or a TOML file of house rules).",
        )
    )
