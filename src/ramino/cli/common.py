"""What every command shares: the language option, the rules option, output and user errors.

Results go to stdout, errors to stderr as one line; rich adds colour only on a terminal.
"""

from __future__ import annotations

import enum
import json
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from ..engine.errors import RaminoError
from ..engine.rules import Rules
from ..house_rules import resolve_rules

#: Exit codes besides 0: a refused meld, a user error (bad input).
EXIT_REFUSED, EXIT_USAGE = 1, 2

DEFAULT_RULES = "classico"


class Lang(enum.StrEnum):
    """Language of the output: Italian first, English too."""

    IT = "it"
    EN = "en"


LangOption = Annotated[
    Lang,
    typer.Option(
        "--lang",
        "-l",
        envvar="RAMINO_LANG",
        help="Language of the output: it (italiano) or en (English).",
        case_sensitive=False,
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON object instead of the text report.")
]
RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        "-r",
        metavar="PRESET_OR_TOML",
        help="A preset name (see 'ramino rules') or a TOML house-rules file (default: classico).",
        show_default=False,
    ),
]


def pick(lang: Lang, it: str, en: str) -> str:
    """The Italian or English words."""
    return en if lang is Lang.EN else it


def console() -> Console:
    """A console on the current stdout: colour on a terminal, plain text otherwise.

    No markup is read from text (a player may be called "[Anna]"), and long sentences are not
    wrapped (``soft_wrap``): a reason stays one line for ``grep``.
    """
    return Console(highlight=False, emoji=False, markup=False, soft_wrap=True)


def rules_for(spec: str | None) -> Rules:
    """The rules named by ``--rules``: a preset or a TOML file; classico when not given."""
    return resolve_rules(spec if spec is not None else DEFAULT_RULES)


def print_json(value: Any) -> None:
    """One JSON object on stdout, readable and keeping the suits and accents as they are."""
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def fail(error: RaminoError, lang: Lang) -> NoReturn:
    """Report a user error on stderr as one line and exit with status 2."""
    typer.echo(f"{pick(lang, 'errore', 'error')}: {one_line(error.message(lang.value))}", err=True)
    raise typer.Exit(EXIT_USAGE)


def one_line(text: str) -> str:
    """``text`` with its line breaks folded, so an error is always a single line."""
    return " ".join(text.split())
