"""``ramino rules``: the presets, or every rule in force at a table, before the deal."""

from __future__ import annotations

import click
from rich.table import Table

from ..engine.errors import RaminoError
from ..engine.presets import GIN_PRESETS, PRESETS
from ..house_rules import resolve_rules
from ..words.describe import describe
from ..words.inline import said
from .common import Lang, console, echo, fail, print_json
from .parsing import json_option, lang_option, worded_command


@worded_command("rules")
@click.argument("preset_or_toml", required=False, default=None)
@click.option("--players", "-p", "players", type=click.IntRange(min=2), default=None)
@json_option
@lang_option
def rules(preset_or_toml: str | None, players: int | None, as_json: bool, lang: Lang) -> None:
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
        every = {**PRESETS, **GIN_PRESETS}
        print_json({"presets": {name: p.summary(lang.value) for name, p in every.items()}})
        return
    table = Table(title=said(lang, "Regole pronte"), title_justify="left")
    table.add_column(said(lang, "nome"), style="bold", no_wrap=True)
    table.add_column(said(lang, "in breve"))
    for name, preset in PRESETS.items():
        table.add_row(name, preset.summary(lang.value))
    # Gin rummy, the same family's game of two, after the ramino of the sources.
    table.add_section()
    for name, preset in GIN_PRESETS.items():
        table.add_row(name, preset.summary(lang.value))
    out = console()
    out.print(table)
    out.print(said(lang, "Dettagli: ramino rules NOME (o un file TOML con le regole di casa)."))
